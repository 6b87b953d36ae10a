import { type SQL, and, eq, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type OutboxRow, outbox } from '#db/schema'
import type { OutboxKind } from '~/server/outbox/outbox.server'

/**
 * The outbox as the tests read it, one kind at a time: each row with its payload's facts spread
 * beside its delivery state, so a booking e-mail reads `kind: 'bekraeftelse'`, `role`, `startsAt` …
 * as the coach's tools and the e-mails use them.
 */

export const effectsOf = (db: Db, kind: OutboxKind, where?: SQL) => db.select().from(outbox).where(and(eq(outbox.kind, kind), where)).orderBy(outbox.id).all()

/** A condition on a fact of the payload, e.g. `payloadIs('kind', 'paamindelse')`. */
export const payloadIs = (fact: string, value: string | number) => sql`json_extract(${outbox.payload}, ${`$.${fact}`}) = ${value}`

type BookingEmailFacts = { kind: 'bekraeftelse' | 'flyttet' | 'aflyst' | 'paamindelse' | 'eksisterende'; role: 'gaest' | 'coach'; sequence: number; startsAt: string; endsAt: string; coachNote: string | null; paymentNote?: string }
type Spread<Facts> = Omit<OutboxRow, 'kind' | 'payload'> & Facts

const spread = <Facts>(row: OutboxRow) => {
  const { kind: _kind, payload, ...rest } = row
  return { ...rest, ...(payload as Facts) } as Spread<Facts>
}

export const bookingEmailRows = (db: Db, where?: SQL) => effectsOf(db, 'booking-email', where).map((row) => spread<BookingEmailFacts>(row))

export const newsletterEmailRows = (db: Db, where?: SQL) =>
  effectsOf(db, 'newsletter-email', where).map((row) => spread<{ kind: 'bekraeftelse' | 'artikel'; articleSlug: string | null }>(row))

export const calendarWriteRows = (db: Db, where?: SQL) =>
  effectsOf(db, 'calendar-write', where).map((row) => ({ ...spread<{ action: 'put' | 'delete' }>(row), uid: row.eventUid ?? '' }))

/** The effect that sends one contact message's e-mails. */
export const contactDelivery = (db: Db, messageId: number) => effectsOf(db, 'contact-email', eq(outbox.contactMessageId, messageId))[0]!

/** Sets delivery state on the rows of one kind (narrowed by `where`): a test's way to stage a failure or a claim. */
export const setEffects = (db: Db, kind: OutboxKind, values: Partial<typeof outbox.$inferInsert>, where?: SQL) =>
  db.update(outbox).set(values).where(and(eq(outbox.kind, kind), where)).run()

/**
 * A calendar write put straight into the outbox, due at `createdAt` unless told otherwise: a test's way to stage a write
 * (a claim left by a dead process, attempts used up) without a booking change. Its key carries `attempts`, so one event
 * may have several.
 */
export const insertCalendarWrite = (db: Db, uid: string, action: 'put' | 'delete', values: Partial<typeof outbox.$inferInsert> & { createdAt: string }) =>
  db
    .insert(outbox)
    .values({ kind: 'calendar-write', eventUid: uid, payload: { action }, idempotencyKey: `kalender-${uid}-test-${values.attempts ?? 0}-${action}`, nextAttemptAt: values.createdAt, ...values })
    .returning()
    .get()
