import { randomUUID } from 'node:crypto'
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { type CalendarWrite, bookings, calendarWrites } from '#db/schema'
import { type CaldavConfig, caldavConfig, caldavRequest, eventPath, calendarFailure } from '~/server/calendar/caldav.server'
import { calendarObject } from '~/server/calendar/coach-calendar.server'
import { type Clock, DELIVERY_LEASE_MS, MAX_SEND_ATTEMPTS, retryDelayMs } from '~/server/contact/contact.server'
import { log } from '~/server/log.server'

/**
 * Bookings written into the coach's CalDAV calendar: each queued write is claimed, carried out and
 * recorded like an e-mail, retried with backoff while the calendar is away. A write makes the event
 * match the booking as it is now, so a retry, a replay or writes out of order all end the same.
 */

const systemClock: Clock = () => new Date()

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

async function carryOut(db: Db, config: CaldavConfig, write: CalendarWrite) {
  const booking = write.bookingId === null ? undefined : db.select().from(bookings).where(eq(bookings.id, write.bookingId)).get()
  // The booking as it stands decides: confirmed → the event; cancelled or erased → no event.
  if (booking?.status === 'bekraeftet') await putEvent(config, write.uid, calendarObject(booking))
  else await deleteEvent(config, write.uid)
}

const isDue = (nowIso: string) => and(inArray(calendarWrites.status, ['pending', 'sending']), lte(calendarWrites.nextAttemptAt, nowIso))

/** Carries out every due write (oldest first), each claimed so two processes never write one at once. */
export async function deliverCalendarWrites({ db, clock = systemClock, config = caldavConfig() }: { db: Db; clock?: Clock; config?: CaldavConfig }) {
  if (!config) return { tried: 0, delivered: 0, failed: 0 }
  const due = db.select({ id: calendarWrites.id }).from(calendarWrites).where(isDue(clock().toISOString())).orderBy(calendarWrites.id).limit(500).all()
  let delivered = 0
  let failed = 0
  for (const { id } of due) {
    const now = clock()
    const claimed = db
      .update(calendarWrites)
      .set({ status: 'sending', claimToken: randomUUID(), nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString() })
      .where(and(eq(calendarWrites.id, id), isDue(now.toISOString())))
      .returning()
      .get()
    if (!claimed) continue
    const attempts = claimed.attempts + 1
    let error: string | null = null
    try {
      await carryOut(db, config, claimed)
    } catch (failure) {
      // Stored and logged: in words that never carry the calendar's address or its sign-in.
      error = calendarFailure(failure, 'kunne ikke skrives').slice(0, 300)
    }
    const at = clock()
    const gaveUp = error !== null && attempts >= MAX_SEND_ATTEMPTS
    db.update(calendarWrites)
      .set(
        error === null
          ? { status: 'sent', attempts, sentAt: at.toISOString(), lastError: null, nextAttemptAt: null, claimToken: null }
          : { status: gaveUp ? 'failed' : 'pending', attempts, lastError: error, claimToken: null, nextAttemptAt: gaveUp ? null : new Date(at.getTime() + retryDelayMs(attempts)).toISOString() },
      )
      .where(and(eq(calendarWrites.id, id), eq(calendarWrites.claimToken, claimed.claimToken ?? '')))
      .run()
    if (error === null) delivered++
    else {
      failed++
      log(gaveUp ? 'error' : 'warn', 'calendar write failed', { id, action: claimed.action, attempts, gaveUp, error })
    }
  }
  return { tried: delivered + failed, delivered, failed }
}
