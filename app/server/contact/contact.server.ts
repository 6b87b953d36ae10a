import { randomUUID } from 'node:crypto'
import { and, count, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import { site } from '#content/site'
import { type Db, databaseFileProblem, getDb } from '#db/connection'
import { type ContactMessage, contactMessages } from '#db/schema'
import { type ContactResult, HONEYPOT_FIELD, contactFields } from '~/lib/contact'
import { validateContact } from '~/lib/contact-schema'
import { composeContactEmails } from '~/server/contact/contact-mail.server'
import { errorFields, log } from '~/server/log.server'
import { type MailTransport, getMailTransport, purgeOutbox } from '~/server/contact/mail-transport.server'
import { hashIp } from '~/server/contact/sender.server'

export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000
export const MAX_SEND_ATTEMPTS = 10
/** While one process delivers a message, others leave it alone this long. */
export const DELIVERY_LEASE_MS = 5 * 60 * 1000
/** The visitor waits at most this long for the e-mails; delivery goes on in the background. */
const VISITOR_WAIT_MS = 8 * 1000

export function rateLimit() {
  const value = Number(process.env.CONTACT_RATE_LIMIT)
  return Number.isInteger(value) && value > 0 ? value : 5
}

/**
 * Only the known fields, each given once: a repeated field is bad input, not a crash (null), and so
 * is a file, which the schema refuses as not text.
 */
function formValues(form: FormData) {
  const values: Record<string, unknown> = {}
  for (const field of contactFields) {
    const all = form.getAll(field)
    values[field] = all.length === 0 ? undefined : all.length === 1 ? all[0] : null
  }
  return values
}

export type Clock = () => Date
const systemClock: Clock = () => new Date()

/** What the flow works with; the server uses the defaults, tests pass their own. */
export type ContactDeps = { clock?: Clock; db?: Db; transport?: MailTransport }

/**
 * The whole contact flow. The message is stored before any e-mail is tried, and the visitor is
 * told what is true: received once it is safe in the database, confirmed by e-mail only when the
 * e-mail has gone out. A database that would not keep the message answers with an error.
 */
export async function submitContact(
  form: FormData,
  { ip, clock = systemClock, db = getDb(), transport = getMailTransport() }: { ip: string } & ContactDeps,
): Promise<ContactResult> {
  const honeypot = form.get(HONEYPOT_FIELD)
  if (honeypot !== null && honeypot !== '') {
    log('info', 'contact honeypot filled')
    return { status: 'modtaget' }
  }

  const validation = validateContact(formValues(form))
  if (!validation.success) return { status: 'ugyldig', fieldErrors: validation.fieldErrors }

  const now = clock()
  const ipHash = hashIp(ip)
  const windowStart = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString()

  // Check and insert in one immediate transaction, so parallel posts (or several server
  // instances on one database) cannot slip past the limit together.
  const stored = db.$client
    .transaction(() => {
      // A count without GROUP BY always gives one row.
      const recent = db
        .select({ messages: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ipHash, ipHash), gte(contactMessages.createdAt, windowStart)))
        .get()!
      if (recent.messages >= rateLimit()) return undefined
      const row = db
        .insert(contactMessages)
        .values({
          ...validation.data,
          publicId: randomUUID(),
          createdAt: now.toISOString(),
          ipHash,
          status: 'sending',
          claimToken: randomUUID(),
          nextAttemptAt: leaseUntil(now),
        })
        .returning()
        .get()
      // Checked before the commit: a row written into a deleted or replaced file would vanish.
      const problem = databaseFileProblem(db)
      if (problem) throw new Error(`database file ${problem}: the message would not be kept`)
      return row
    })
    .immediate()

  if (!stored) {
    log('warn', 'contact rate limit reached', { ipHash })
    return { status: 'for-mange' }
  }
  log('info', 'contact message stored', { id: stored.id, publicId: stored.publicId, ipHash })
  // The message is safe; a slow mail provider must not keep the visitor waiting (nor tempt them to
  // send again). Whatever is not done in time finishes in the background or in a later retry.
  const sent = await Promise.race([
    deliver(db, stored, transport, clock),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), VISITOR_WAIT_MS).unref()),
  ])
  return { status: sent ? 'sendt' : 'modtaget' }
}

const leaseUntil = (now: Date) => new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString()

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 … capped at six hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60 * 1000
}

/**
 * Sends both e-mails of a message claimed by the caller (`row.claimToken`) and records the
 * outcome; never throws. Only the holder of the current claim records anything: a send that
 * outlived its lease, while another process claimed and delivered the message, changes nothing.
 */
export async function deliver(db: Db, row: ContactMessage, transport: MailTransport, clock: Clock = systemClock) {
  const attempts = row.attempts + 1
  let failure: unknown
  try {
    for (const email of await composeContactEmails(row)) await transport.send(email)
  } catch (error) {
    failure = error
  }
  const now = clock()
  const lastError = failure === undefined ? null : (failure instanceof Error ? failure.message : String(failure)).slice(0, 500)
  // Read only when the attempt failed: then it was the last one.
  const gaveUp = attempts >= MAX_SEND_ATTEMPTS
  const outcome =
    failure === undefined
      ? { status: 'sent' as const, attempts, sentAt: now.toISOString(), deliveredBy: transport.name, lastError, nextAttemptAt: null, claimToken: null }
      : {
          status: gaveUp ? ('failed' as const) : ('pending' as const),
          attempts,
          lastError,
          nextAttemptAt: gaveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          claimToken: null,
        }
  let recorded = false
  try {
    const holdsClaim = and(eq(contactMessages.id, row.id), eq(contactMessages.status, 'sending'), eq(contactMessages.claimToken, row.claimToken ?? ''))
    recorded = db.update(contactMessages).set(outcome).where(holdsClaim).run().changes === 1
  } catch (error) {
    // The e-mails' idempotency keys make a later retry of this message harmless.
    log('error', 'contact delivery outcome not recorded', { id: row.id, ...errorFields(error) })
  }
  if (!recorded) log('warn', 'contact delivery claim lost; its new holder records the outcome', { id: row.id, delivered: failure === undefined })
  if (failure === undefined) log('info', 'contact e-mails sent', { id: row.id, transport: transport.name, attempts })
  else log(gaveUp ? 'error' : 'warn', 'contact e-mail failed', { id: row.id, attempts, gaveUp, error: lastError })
  return failure === undefined
}

/**
 * Delivers every pending message whose retry time has come. `force` ignores the backoff and also
 * revives messages that gave up after too many attempts. Each message is claimed atomically
 * first, with a token of its own and a lease from the clock at that moment, so several processes
 * (the server, `npm run mail:retry`, other instances) never send the same message at once.
 */
export async function retryPendingMessages({
  db = getDb(),
  transport = getMailTransport(),
  clock = systemClock,
  force = false,
}: { db?: Db; transport?: MailTransport; clock?: Clock; force?: boolean } = {}) {
  const isDue = (nowIso: string) => {
    // A message claimed by a process that died mid-delivery is due again once its lease has run out.
    const abandoned = and(eq(contactMessages.status, 'sending'), lte(contactMessages.nextAttemptAt, nowIso))
    return force
      ? or(inArray(contactMessages.status, ['pending', 'failed']), abandoned)
      : or(and(eq(contactMessages.status, 'pending'), or(isNull(contactMessages.nextAttemptAt), lte(contactMessages.nextAttemptAt, nowIso))), abandoned)
  }
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(isDue(clock().toISOString()))
    .orderBy(contactMessages.id)
    .limit(500)
    .all()
  let tried = 0
  let delivered = 0
  for (const { id } of due) {
    const now = clock()
    const claimed = db
      .update(contactMessages)
      .set({ status: 'sending', claimToken: randomUUID(), nextAttemptAt: leaseUntil(now), ...(force ? { attempts: 0 } : {}) })
      .where(and(eq(contactMessages.id, id), isDue(now.toISOString())))
      .returning()
      .get()
    if (!claimed) continue
    tried++
    if (await deliver(db, claimed, transport, clock)) delivered++
  }
  return { tried, delivered, failed: tried - delivered }
}

/** Deletes messages (and outbox e-mails) older than the retention period of the privacy policy. */
export async function purgeOldMessages({ db = getDb(), now = new Date() }: { db?: Db; now?: Date } = {}) {
  const cutoff = new Date(now.getTime() - site.contactRetentionDays * 24 * 60 * 60 * 1000)
  const removed = db.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff.toISOString())).returning({ id: contactMessages.id }).all()
  const outboxFiles = await purgeOutbox(cutoff)
  return { messages: removed.length, outboxFiles }
}
