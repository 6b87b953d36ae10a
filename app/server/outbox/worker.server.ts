import { randomUUID } from 'node:crypto'
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type OutboxRow, outbox } from '#db/schema'
import { errorFields, log } from '~/server/log.server'
import { type Clock, LEASE_MS, MAX_ATTEMPTS, type OutboxKind, isDue, retryDelayMs, reviveEffects, systemClock } from '~/server/outbox/outbox.server'

/**
 * The outbox's worker: one rule for every kind. Each due row is claimed atomically (a token of its
 * own and a lease), handed to its kind's handler, and the outcome recorded by the claim's holder
 * only: a handler that outlived its lease, while another process claimed the row again, changes
 * nothing. A failure waits 1, 2, 4 … minutes (at most six hours) and gives up after ten attempts.
 */

/** What a handler did: carried it out (and who took it), or found it no longer due. It throws on failure. */
export type HandlerOutcome = { status: 'sent'; deliveredBy: string } | { status: 'skipped'; reason: string }

export type Handler = {
  /** Words for the log: 'contact e-mail', 'calendar write' … */
  noun: string
  run(row: OutboxRow, context: { db: Db; clock: Clock }): Promise<HandlerOutcome>
  /** The error as stored and logged: a handler whose errors may carry secrets (an address with a password) says it safely. */
  describeError?(error: unknown): string
}

/** The handlers this process may run, by kind; a kind without one is left alone, for a process that has it. */
export type Handlers = Partial<Record<OutboxKind, Handler>>

/** What a run tried and how it went; a row found no longer due (skipped) is neither. */
export type RunResult = { tried: number; delivered: number; failed: number }

const BATCH = 500

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Carries out every due row of the given kinds (narrowed by `where`), oldest first. `revive` first
 * makes those that gave up or wait for a retry due now, with fresh attempts (what `mail:retry --
 * --alle` and the desk ask of the running server).
 */
export async function runOutbox({ db, handlers, clock = systemClock, where, revive = false }: { db: Db; handlers: Handlers; clock?: Clock; where?: SQL; revive?: boolean }): Promise<RunResult> {
  const kinds = Object.keys(handlers) as OutboxKind[]
  const result: RunResult = { tried: 0, delivered: 0, failed: 0 }
  if (kinds.length === 0) return result
  const scope = and(inArray(outbox.kind, kinds), where)
  if (revive) reviveEffects(db, { now: clock(), where: scope })
  const due = db.select({ id: outbox.id }).from(outbox).where(isDue(clock().toISOString(), scope)).orderBy(outbox.id).limit(BATCH).all()
  if (due.length === 0) return result
  // Prepared once a run: a run of a hundred rows compiles its two statements once, not a hundred times.
  const statements = { claim: claimStatement(db, scope), record: recordStatement(db) }
  for (const { id } of due) {
    const now = clock()
    const claimed = statements.claim.get({ id, now: now.toISOString(), token: randomUUID(), lease: new Date(now.getTime() + LEASE_MS).toISOString() })
    if (!claimed) continue
    const outcome = await carryOut(db, claimed, handlers[claimed.kind]!, clock, statements.record)
    if (outcome === 'skipped') continue
    result.tried++
    if (outcome === 'sent') result.delivered++
    else result.failed++
  }
  return result
}

/** A value given when the prepared statement runs (drizzle's placeholder, as a value for SET). */
const slot = (name: string) => sql`${sql.placeholder(name)}`

/** One row claimed, if it is still due: a token of its own and a lease from the clock at that moment. */
const claimStatement = (db: Db, scope: SQL | undefined) =>
  db
    .update(outbox)
    .set({ status: 'sending', claimToken: slot('token'), nextAttemptAt: slot('lease') })
    .where(and(eq(outbox.id, sql.placeholder('id')), isDue(sql.placeholder('now'), scope)))
    .returning()
    .prepare()

/** The outcome of an attempt, written only while the claim is the caller's. */
const recordStatement = (db: Db) =>
  db
    .update(outbox)
    .set({
      status: slot('status'),
      attempts: slot('attempts'),
      sentAt: slot('sentAt'),
      deliveredBy: slot('deliveredBy'),
      lastError: slot('lastError'),
      nextAttemptAt: slot('nextAttemptAt'),
      claimToken: null,
    })
    .where(and(eq(outbox.id, sql.placeholder('id')), eq(outbox.status, 'sending'), eq(outbox.claimToken, sql.placeholder('claimToken'))))
    .prepare()

/** Carries out one row claimed by the caller (`row.claimToken`) and records the outcome if it still holds the claim. */
export async function carryOut(db: Db, row: OutboxRow, handler: Handler, clock: Clock = systemClock, record = recordStatement(db)): Promise<'sent' | 'failed' | 'skipped'> {
  const attempts = row.attempts + 1
  let outcome: HandlerOutcome | undefined
  let error: string | undefined
  try {
    outcome = await handler.run(row, { db, clock })
  } catch (failure) {
    error = (handler.describeError?.(failure) ?? errorText(failure)).slice(0, 500)
  }
  const now = clock()
  const gaveUp = error !== undefined && attempts >= MAX_ATTEMPTS
  const unchanged = { attempts: row.attempts, sentAt: row.sentAt, deliveredBy: row.deliveredBy }
  const recorded =
    outcome?.status === 'skipped'
      ? { ...unchanged, status: 'skipped', nextAttemptAt: null, lastError: null }
      : outcome?.status === 'sent'
        ? { status: 'sent', attempts, sentAt: now.toISOString(), deliveredBy: outcome.deliveredBy, lastError: null, nextAttemptAt: null }
        : { ...unchanged, status: gaveUp ? 'failed' : 'pending', attempts, lastError: error!, nextAttemptAt: gaveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString() }
  let kept = false
  try {
    kept = record.run({ ...recorded, id: row.id, claimToken: row.claimToken ?? '' }).changes === 1
  } catch (failure) {
    // The provider calls' idempotency keys make a later retry of this row harmless.
    log('error', `${handler.noun} outcome not recorded`, { id: row.id, ...errorFields(failure) })
  }
  if (!kept) log('warn', `${handler.noun} claim lost; its new holder records the outcome`, { id: row.id, delivered: outcome?.status === 'sent' })
  if (outcome?.status === 'sent') log('info', `${handler.noun} sent`, { id: row.id, by: outcome.deliveredBy, attempts })
  if (outcome?.status === 'skipped') log('info', `${handler.noun} skipped`, { id: row.id, reason: outcome.reason })
  if (error !== undefined) log(gaveUp ? 'error' : 'warn', `${handler.noun} failed`, { id: row.id, attempts, gaveUp, error })
  return outcome?.status ?? 'failed'
}
