import { eq } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, bookings, outbox } from '#db/schema'
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

/** Creates or replaces the event. The ETag guards against overwriting what changed since it was read. */
async function putEvent(config: CaldavConfig, uid: string, body: string) {
  const path = eventPath(uid)
  const headers = { 'Content-Type': 'text/calendar; charset=utf-8' }
  const created = await caldavRequest(config, 'PUT', path, { headers: { ...headers, 'If-None-Match': '*' }, body })
  if (created.ok) return
  if (created.status !== 412) throw new Error(`PUT svarede ${created.status}`)
  // It exists: replace exactly the version just read (If-Match), so a change in between is not lost silently.
  const current = await caldavRequest(config, 'GET', path)
  const etag = current.headers.get('etag')
  if (!current.ok || !etag) throw new Error(`GET svarede ${current.status}`)
  const replaced = await caldavRequest(config, 'PUT', path, { headers: { ...headers, 'If-Match': etag }, body })
  if (!replaced.ok) throw new Error(`PUT svarede ${replaced.status}`)
}

async function deleteEvent(config: CaldavConfig, uid: string) {
  const path = eventPath(uid)
  const current = await caldavRequest(config, 'GET', path)
  if (current.status === 404) return
  const etag = current.headers.get('etag')
  if (!current.ok || !etag) throw new Error(`GET svarede ${current.status}`)
  const removed = await caldavRequest(config, 'DELETE', path, { headers: { 'If-Match': etag } })
  if (!removed.ok && removed.status !== 404) throw new Error(`DELETE svarede ${removed.status}`)
}

/** The booking as it stands decides: confirmed → the event; cancelled, erased or purged → no event. */
async function makeEventMatchBooking(db: Db, config: CaldavConfig, uid: string) {
  const booking = db.select().from(bookings).where(eq(bookings.uid, uid)).get()
  if (booking?.status === 'bekraeftet') await putEvent(config, uid, calendarObject(booking))
  else await deleteEvent(config, uid)
}

/**
 * Writes into the coach's CalDAV calendar; without one (this process has no CALDAV_URL), a write
 * is skipped, so the worker of a site without a calendar does not retry it for ever.
 */
export function calendarWriteHandler(config: CaldavConfig | undefined): Handler {
  return {
    noun: 'calendar write',
    async run(row, { db }) {
      if (!config) return { status: 'skipped', reason: 'ingen CalDAV-kalender er sat op' }
      await makeEventMatchBooking(db, config, row.eventUid ?? '')
      return { status: 'sent', deliveredBy: 'caldav' }
    },
    // Stored and logged in words that never carry the calendar's address or its sign-in.
    describeError: (error) => calendarFailure(error, 'kunne ikke skrives').slice(0, 300),
  }
}

/** Carries out every due calendar write (oldest first). */
export async function deliverCalendarWrites({ db, clock = systemClock, config = caldavConfig() }: { db: Db; clock?: Clock; config?: CaldavConfig }) {
  return runOutbox({ db, handlers: { 'calendar-write': calendarWriteHandler(config) }, clock, where: eq(outbox.kind, 'calendar-write') })
}
