import { and, count, eq, gte, lt } from 'drizzle-orm'
import type { Db } from '#db/database'
import { senderAttempts } from '#db/schema'

/**
 * Per-sender limits: how many posts of one action a sender (the salted hash of its network,
 * limits/sender.server.ts) may make within the action's window. Every limit counts in the one
 * sender_attempts table; the count and the new attempt are written by the caller's immediate
 * transaction, so parallel posts (or several processes on one database) cannot slip past together.
 */

export type LimitedAction = (typeof senderAttempts.$inferInsert)['action']

const MINUTE_MS = 60 * 1000

export const LIMIT_WINDOW_MS: Record<LimitedAction, number> = {
  contact: 15 * MINUTE_MS,
  newsletter: 15 * MINUTE_MS,
  // Booking posts per sender and day: attempts, not bookings (a refused or probing post counts too).
  booking: 24 * 60 * MINUTE_MS,
  // Requests for a desk sign-in link per hour: from one sender, and for one address (its hash).
  'desk-link': 60 * MINUTE_MS,
  'desk-address': 60 * MINUTE_MS,
}

const positiveWhole = (value: string | undefined, fallback: number) => {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : fallback
}

/** Contact messages (and newsletter sign-ups, which share the setting) per sender in 15 minutes. */
export const contactRateLimit = () => positiveWhole(process.env.CONTACT_RATE_LIMIT, 5)

/** Booking posts per sender and day. */
export const bookingRateLimit = () => positiveWhole(process.env.BOOKING_RATE_LIMIT, 6)

/** Desk sign-in links per hour from one sender, and for one address (a stranger's requests count alike). */
export const DESK_LINKS_PER_SENDER = 10
export const DESK_LINKS_PER_ADDRESS = 5

const limitOf: Record<LimitedAction, () => number> = {
  contact: contactRateLimit,
  newsletter: contactRateLimit,
  booking: bookingRateLimit,
  'desk-link': () => DESK_LINKS_PER_SENDER,
  'desk-address': () => DESK_LINKS_PER_ADDRESS,
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

/** Several limits on one post (the sender's and the address's): recorded only when every one allows it. */
export function takeAttempts(db: Db, counted: Array<{ action: LimitedAction; senderHash: string }>, now: Date) {
  if (!counted.every(({ action, senderHash }) => belowLimit(db, action, senderHash, now))) return false
  for (const { action, senderHash } of counted) record(db, action, senderHash, now)
  return true
}

/** Attempts older than the longest window count for nothing any more. */
export function purgeSenderAttempts(db: Db, now = new Date()) {
  const longest = Math.max(...Object.values(LIMIT_WINDOW_MS))
  return db.delete(senderAttempts).where(lt(senderAttempts.createdAt, new Date(now.getTime() - longest).toISOString())).run().changes
}
