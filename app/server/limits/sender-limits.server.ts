import { and, count, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '#db/database'
import { senderAttempts } from '#db/schema'

/**
 * Per-sender and per-recipient limits: how many posts of one action a sender (the salted hash of
 * its network, limits/sender.server.ts) may make within the action's window, and how many e-mails a
 * stranger can cause to one recipient (the salted hash of the address as one person,
 * `recipientHash`). Every limit counts in the one sender_attempts table; the count and the new
 * attempt are written by the caller's immediate transaction, so parallel posts (or several
 * processes on one database) cannot slip past together.
 */

export type LimitedAction = (typeof senderAttempts.$inferInsert)['action']

const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * MINUTE_MS

export const LIMIT_WINDOW_MS: Record<LimitedAction, number> = {
  contact: 15 * MINUTE_MS,
  newsletter: 15 * MINUTE_MS,
  // Booking posts per sender and day: attempts, not bookings (a refused or probing post counts too).
  booking: DAY_MS,
  // Requests for a desk sign-in link per hour from one sender.
  'desk-link': 60 * MINUTE_MS,
  // Links to the coach's address that nobody she is signed in as asked for: one per 10 minutes.
  'desk-address': 10 * MINUTE_MS,
  // E-mails a stranger can cause to one recipient, per day (docs/security.md gives the numbers).
  'contact-receipt': DAY_MS,
  'already-booked': DAY_MS,
  'newsletter-confirmation': DAY_MS,
}

const positiveWhole = (value: string | undefined, fallback: number) => {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : fallback
}

/** Contact messages (and newsletter sign-ups, which share the setting) per sender in 15 minutes. */
export const contactRateLimit = () => positiveWhole(process.env.CONTACT_RATE_LIMIT, 5)

/** Booking posts per sender and day. */
export const bookingRateLimit = () => positiveWhole(process.env.BOOKING_RATE_LIMIT, 6)

/** Desk sign-in link requests per hour from one sender. */
export const DESK_LINKS_PER_SENDER = 10
/** Links to the coach's address per 10 minutes that no signed-in browser of hers asked for. */
export const UNASKED_DESK_LINKS = 1

/** What a stranger can make the site e-mail one person (the address as one person), per day. */
export const RECIPIENT_CAPS = { 'contact-receipt': 3, 'already-booked': 2, 'newsletter-confirmation': 3 } as const

const limitOf: Record<LimitedAction, () => number> = {
  contact: contactRateLimit,
  newsletter: contactRateLimit,
  booking: bookingRateLimit,
  'desk-link': () => DESK_LINKS_PER_SENDER,
  'desk-address': () => UNASKED_DESK_LINKS,
  'contact-receipt': () => RECIPIENT_CAPS['contact-receipt'],
  'already-booked': () => RECIPIENT_CAPS['already-booked'],
  'newsletter-confirmation': () => RECIPIENT_CAPS['newsletter-confirmation'],
}

const belowLimit = (db: Db, action: LimitedAction, senderHash: string, now: Date) => {
  const windowStart = new Date(now.getTime() - LIMIT_WINDOW_MS[action]).toISOString()
  const recent = db
    .select({ attempts: count() })
    .from(senderAttempts)
    .where(and(eq(senderAttempts.action, action), eq(senderAttempts.senderHash, senderHash), gte(senderAttempts.createdAt, windowStart)))
    .get()!
  return recent.attempts < limitOf[action]()
}

const record = (db: Db, action: LimitedAction, senderHash: string, now: Date) =>
  db.insert(senderAttempts).values({ action, senderHash, createdAt: now.toISOString() }).returning({ id: senderAttempts.id }).get().id

/**
 * Counts the sender's attempts within the window and, below the limit, records this one: its id,
 * or undefined when the limit is reached. Call it inside the transaction that does the action.
 */
export function takeAttempt(db: Db, action: LimitedAction, senderHash: string, now: Date): number | undefined {
  return belowLimit(db, action, senderHash, now) ? record(db, action, senderHash, now) : undefined
}

/** Attempts older than their action's window count for nothing any more: deleted, action by action. */
export function purgeSenderAttempts(db: Db, now = new Date()) {
  let deleted = 0
  for (const [action, window] of Object.entries(LIMIT_WINDOW_MS) as Array<[LimitedAction, number]>) {
    deleted += db
      .delete(senderAttempts)
      .where(and(eq(senderAttempts.action, action), lt(senderAttempts.createdAt, new Date(now.getTime() - window).toISOString())))
      .run().changes
  }
  return deleted
}

/** Forgets an action's attempts for one hash (the coach's unasked links, once every link is void). */
export const forgetAttempts = (db: Db, action: LimitedAction, senderHash: string) =>
  db.delete(senderAttempts).where(and(eq(senderAttempts.action, action), eq(senderAttempts.senderHash, senderHash))).run()
