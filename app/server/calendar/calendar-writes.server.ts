import { eq } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, bookings } from '#db/schema'
import { type CaldavConfig, caldavConfig, caldavRequest, eventPath, calendarFailure } from '~/server/calendar/caldav.server'
import { calendarObject } from '~/server/calendar/coach-calendar.server'
import { type Clock, queueEffects, systemClock } from '~/server/outbox/outbox.server'
import { type Handler, runOutbox } from '~/server/outbox/worker.server'

/**
 * Bookings written into the coach's CalDAV calendar, as one kind of the outbox: claimed, carried
 * out and retried with backoff while the calendar is away. A write makes the event match the
 * booking as it is now, so a retry, a replay or writes out of order all end the same.
 */

/**
 * The booking's event in the coach's calendar follows each change: queued always, whoever makes the
 * change; the running server's worker writes it when she has a CalDAV calendar (outbox/handlers.server.ts).
 */
export function queueCalendarWrite(db: Db, booking: Pick<Booking, 'uid' | 'sequence' | 'status'>, now: Date, action: 'put' | 'delete' = booking.status === 'bekraeftet' ? 'put' : 'delete') {
  // A booking from before UIDs were stored gets its write once the running server has stored its UID (jobs.server.ts).
  if (!booking.uid) return
  queueEffects(db, [{ kind: 'calendar-write', eventUid: booking.uid, payload: { action }, idempotencyKey: `kalender-${booking.uid}-${booking.sequence}-${action}` }], now)
}

/** Her calendar holds a newer version of the event than the site wrote: it is left alone. */
class HerVersionIsNewer extends Error {}

/**
 * Creates or replaces the event. A new event is created only where none is (If-None-Match: *); an
 * event the site wrote is replaced only in the version it wrote (If-Match with the ETag it got), so
 * her own edit in her calendar is never overwritten. Without a remembered ETag (written before it was
 * kept, or her choice on the desk) the version there now is replaced. Returns the new ETag, if the
 * server gave one.
 */
async function putEvent(config: CaldavConfig, uid: string, body: string, written: string | null) {
  const path = eventPath(uid)
  const headers = { 'Content-Type': 'text/calendar; charset=utf-8' }
  if (written) {
    const replaced = await caldavRequest(config, 'PUT', path, { headers: { ...headers, 'If-Match': written }, body })
    // 412: changed or deleted in her calendar since the site wrote it.
    if (replaced.status === 412) throw new HerVersionIsNewer()
    if (!replaced.ok) throw new Error(`PUT svarede ${replaced.status}`)
    return etagAfter(config, path, replaced)
  }
  const created = await caldavRequest(config, 'PUT', path, { headers: { ...headers, 'If-None-Match': '*' }, body })
  if (created.ok) return etagAfter(config, path, created)
  if (created.status !== 412) throw new Error(`PUT svarede ${created.status}`)
  // It exists, and the site knows no version of its own: replace exactly the version just read.
  const current = await caldavRequest(config, 'GET', path)
  const etag = current.headers.get('etag')
  if (!current.ok || !etag) throw new Error(`GET svarede ${current.status}`)
  const replaced = await caldavRequest(config, 'PUT', path, { headers: { ...headers, 'If-Match': etag }, body })
  if (!replaced.ok) throw new Error(`PUT svarede ${replaced.status}`)
  return etagAfter(config, path, replaced)
}

/** The ETag of what the site just wrote: from the PUT's answer, else (a server that gives none there) from a HEAD. */
async function etagAfter(config: CaldavConfig, path: string, answer: Response) {
  const given = answer.headers.get('etag')
  if (given) return given
  const head = await caldavRequest(config, 'HEAD', path)
  return head.ok ? head.headers.get('etag') : null
}

async function deleteEvent(config: CaldavConfig, uid: string, written: string | null) {
  const path = eventPath(uid)
  if (written) {
    const removed = await caldavRequest(config, 'DELETE', path, { headers: { 'If-Match': written } })
    if (removed.ok || removed.status === 404) return
    if (removed.status === 412) throw new HerVersionIsNewer()
    throw new Error(`DELETE svarede ${removed.status}`)
  }
  const current = await caldavRequest(config, 'GET', path)
  if (current.status === 404) return
  const etag = current.headers.get('etag')
  if (!current.ok || !etag) throw new Error(`GET svarede ${current.status}`)
  const removed = await caldavRequest(config, 'DELETE', path, { headers: { 'If-Match': etag } })
  if (!removed.ok && removed.status !== 404) throw new Error(`DELETE svarede ${removed.status}`)
}

/**
 * The booking as it stands decides: confirmed → the event; cancelled → no event. A booking that is
 * gone (erased, purged) has its event deleted whatever version is there: the privacy policy's
 * promise. Her newer version of a booking's event is left alone and the conflict recorded for the desk.
 */
async function makeEventMatchBooking(db: Db, config: CaldavConfig, uid: string, now: Date): Promise<'written' | 'conflict'> {
  const booking = db.select().from(bookings).where(eq(bookings.uid, uid)).get()
  const written = booking?.calendarEtag ?? null
  try {
    if (booking?.status === 'bekraeftet') {
      const etag = await putEvent(config, uid, calendarObject(booking), written)
      db.update(bookings).set({ calendarEtag: etag, calendarConflictAt: null }).where(eq(bookings.uid, uid)).run()
    } else {
      await deleteEvent(config, uid, written)
      if (booking) db.update(bookings).set({ calendarEtag: null, calendarConflictAt: null }).where(eq(bookings.uid, uid)).run()
    }
    return 'written'
  } catch (error) {
    if (!(error instanceof HerVersionIsNewer)) throw error
    db.update(bookings).set({ calendarConflictAt: now.toISOString() }).where(eq(bookings.uid, uid)).run()
    return 'conflict'
  }
}

/**
 * Writes into the coach's CalDAV calendar; without one (this process has no CALDAV_URL), a write
 * is skipped, so the worker of a site without a calendar does not retry it for ever.
 */
export function calendarWriteHandler(config: CaldavConfig | undefined): Handler {
  return {
    noun: 'calendar write',
    async run(row, { db, clock }) {
      if (!config) return { status: 'skipped', reason: 'ingen CalDAV-kalender er sat op' }
      const outcome = await makeEventMatchBooking(db, config, row.eventUid ?? '', clock())
      if (outcome === 'conflict') return { status: 'skipped', reason: 'din kalender har en nyere udgave, som ikke overskrives' }
      return { status: 'sent', deliveredBy: 'caldav' }
    },
    // Stored and logged in words that never carry the calendar's address or its sign-in.
    describeError: (error) => calendarFailure(error, 'kunne ikke skrives').slice(0, 300),
  }
}

/** Carries out every due calendar write (oldest first). */
export async function deliverCalendarWrites({ db, clock = systemClock, config = caldavConfig() }: { db: Db; clock?: Clock; config?: CaldavConfig }) {
  return runOutbox({ db, handlers: { 'calendar-write': calendarWriteHandler(config) }, clock })
}
