import { desc } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type DeskEvent, deskEvents } from '#db/schema'

/**
 * The desk's log of what the coach did: the action, when, and the booking's code or the message's
 * number. No name, address, reason or note is ever written here (the privacy policy's promise).
 */
export function recordDeskEvent(db: Db, action: DeskEvent['action'], now: Date, about: { bookingCode?: string; messageId?: number } = {}) {
  db.insert(deskEvents)
    .values({ at: now.toISOString(), action, bookingCode: about.bookingCode ?? null, messageId: about.messageId ?? null })
    .run()
}

/** The latest events, newest first. */
export const recentDeskEvents = (db: Db, limit = 50) => db.select().from(deskEvents).orderBy(desc(deskEvents.id)).limit(limit).all()
