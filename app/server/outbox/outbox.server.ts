import { and, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { Placeholder } from 'drizzle-orm/sql'
import type { Db } from '#db/database'
import { type OutboxRow, outbox } from '#db/schema'

/**
 * The one outbox: every effect that leaves the site is a row here, queued in the transaction of
 * the change that causes it, by whichever process makes the change (the server, a command in the
 * coach's shell, the desk). Queuing reads no configuration: what to do with a row (which mail
 * provider, whether a CalDAV calendar is set) is the worker's business (outbox/worker.server.ts).
 */

export type Clock = () => Date
export const systemClock: Clock = () => new Date()

export type OutboxKind = OutboxRow['kind']

/** After this many failed attempts a row gives up (status failed) until it is revived. */
export const MAX_ATTEMPTS = 10
/** While one process carries out a row, others leave it alone this long. */
export const LEASE_MS = 5 * 60 * 1000

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 … capped at six hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60 * 1000
}

export type NewEffect = Pick<typeof outbox.$inferInsert, 'kind' | 'idempotencyKey' | 'contactMessageId' | 'bookingId' | 'subscriberId' | 'eventUid' | 'payload'> & {
  /** When it may first be carried out (a reminder's time); now when not given. */
  dueAt?: Date
}

/**
 * Queues effects inside the caller's transaction. A key already queued is left as it is: the same
 * cause queued twice (a command run again, a retried request) makes one effect.
 */
export function queueEffects(db: Db, effects: NewEffect[], now: Date) {
  if (effects.length === 0) return
  db.insert(outbox)
    .values(effects.map(({ dueAt, ...effect }) => ({ ...effect, createdAt: now.toISOString(), status: 'pending' as const, nextAttemptAt: (dueAt ?? now).toISOString() })))
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .run()
}

/**
 * Due: waiting and its time has come, or claimed by a process that died mid-attempt (its lease has
 * run out). `where` narrows it to one kind, one booking, one message.
 */
export const isDue = (nowIso: string | Placeholder, where?: SQL) =>
  and(where, or(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, nowIso)), and(eq(outbox.status, 'pending'), isNull(outbox.nextAttemptAt))))

/**
 * Revives what gave up or waits for a retry: due now, with ten fresh attempts. A row that waits for
 * a time of its own (a reminder not yet due) keeps waiting. Returns how many rows were revived.
 */
export function reviveEffects(db: Db, { now = new Date(), where }: { now?: Date; where?: SQL } = {}) {
  const waitingForRetry = and(eq(outbox.status, 'pending'), gt(outbox.attempts, 0))
  return db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now.toISOString(), claimToken: null })
    .where(and(where, or(eq(outbox.status, 'failed'), waitingForRetry)))
    .run().changes
}

/** An effect as a person's export shows it: what it was about (the payload's facts) and how it went, no claim token. */
export function exportedEffect({ payload, kind: _kind, claimToken: _claim, ...row }: OutboxRow) {
  return { ...row, ...payload }
}

/** What each kind is called where the coach reads it (the desk, mail:retry). */
export const effectLabels: Record<OutboxKind, string> = {
  'contact-email': 'e-mail om en besked',
  'booking-email': 'e-mail om en booking',
  'calendar-write': 'ændring i din kalender',
  'newsletter-email': 'e-mail om nyhedsbrevet',
  'coach-alert': 'e-mail til dig om et problem',
  'desk-link': 'link til skrivebordet',
  'content-push': 'kopi af dine ændringer til git',
  'stripe-expire': 'afslutning af en ubetalt betaling hos Stripe',
  'stripe-refund': 'tilbagebetaling hos Stripe',
  'order-email': 'e-mail om en betaling',
}

/** Effects still to be carried out (waiting, being tried, or given up), by kind: what the desk and the commands report. */
export function unfinishedEffects(db: Db) {
  return db
    .select({ id: outbox.id, kind: outbox.kind, status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError, createdAt: outbox.createdAt })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending', 'failed']))
    .orderBy(outbox.id)
    .all()
}
