import { createHash, timingSafeEqual } from 'node:crypto'
import { and, eq, gte, or } from 'drizzle-orm'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { bookings } from '#db/schema'
import { bookingsFeed } from '~/server/calendar/coach-calendar.server'

/**
 * `/kalender/<secret>.ics`: every booking for the coach's calendar app to subscribe to. The secret
 * (COACH_CALENDAR_SECRET, at least 20 characters) is the only key, so the answer is never stored by
 * any cache and never indexed; a wrong or missing secret gets the same 404 as any unknown address.
 */

const MIN_SECRET_LENGTH = 20
/** Past conversations stay in the feed this long; a cancelled one is shown as cancelled this long after. */
const KEEP_PAST_DAYS = 30
const KEEP_CANCELLED_DAYS = 14

const digest = (text: string) => createHash('sha256').update(text).digest()

export function feedSecret(env: NodeJS.ProcessEnv = process.env) {
  const secret = env.COACH_CALENDAR_SECRET?.trim()
  return secret && secret.length >= MIN_SECRET_LENGTH ? secret : undefined
}

/** Compared as digests: equal lengths, constant time, nothing learned from how long it took. */
export function isFeedFile(file: string, secret = feedSecret()) {
  return secret !== undefined && timingSafeEqual(digest(file), digest(`${secret}.ics`))
}

export function feedBookings(db: Db, now = new Date()) {
  const pastLimit = new Date(now.getTime() - KEEP_PAST_DAYS * 86_400_000).toISOString()
  const cancelledLimit = new Date(now.getTime() - KEEP_CANCELLED_DAYS * 86_400_000).toISOString()
  return db
    .select()
    .from(bookings)
    .where(and(gte(bookings.startsAt, pastLimit), or(eq(bookings.status, 'bekraeftet'), gte(bookings.cancelledAt, cancelledLimit))))
    .orderBy(bookings.startsAt)
    .all()
    .filter((booking) => booking.uid !== '')
}

const privateHeaders = { 'Cache-Control': 'no-store, private', 'X-Robots-Tag': 'noindex, nofollow' }

export function bookingsFeedResponse(file: string, { db = getDb(), now = new Date() }: { db?: Db; now?: Date } = {}) {
  if (!isFeedFile(file)) return new Response('Siden findes ikke.', { status: 404, headers: { ...privateHeaders, 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(bookingsFeed(feedBookings(db, now)), { headers: { ...privateHeaders, 'Content-Type': 'text/calendar; charset=utf-8' } })
}
