import { createHash, randomBytes } from 'node:crypto'
import { and, count, eq, gte, isNull, lt, lte, or } from 'drizzle-orm'
import { site } from '#content/site'
import { type Db, getDb } from '#db/connection'
import { type ContactMessage, contactMessages } from '#db/schema'
import { type ContactResult, HONEYPOT_FIELD, contactFields } from '~/lib/contact'
import { validateContact } from '~/lib/contact-schema'
import { composeContactEmails } from '~/server/contact-mail.server'
import { log } from '~/server/log.server'
import { type MailTransport, getMailTransport } from '~/server/mail-transport.server'

export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000
export const MAX_SEND_ATTEMPTS = 10

export function rateLimit() {
  const value = Number(process.env.CONTACT_RATE_LIMIT)
  return Number.isInteger(value) && value > 0 ? value : 5
}

// Without IP_HASH_SALT the salt is random per process: hashes can then never be traced back to an
// address (the IPv4 space is small enough to try every address against a known salt), at the price
// of the rate limit forgetting senders on a restart. Several instances must share IP_HASH_SALT.
const ipHashSalt = process.env.IP_HASH_SALT ?? randomBytes(32).toString('base64')

/** A salted hash: the rate limit can recognise a sender without anyone being able to read the IP. */
export function hashIp(ip: string) {
  return createHash('sha256').update(`${ipHashSalt}:${ip}`).digest('hex').slice(0, 32)
}

/** Only the known fields, and only as text: a file or a repeated field is bad input, not a crash. */
function formValues(form: FormData) {
  const values: Record<string, unknown> = {}
  for (const field of contactFields) {
    const all = form.getAll(field)
    values[field] = all.length === 0 ? undefined : all.length === 1 && typeof all[0] === 'string' ? all[0] : null
  }
  return values
}

/**
 * The whole contact flow. The message is stored before any e-mail is tried, so the visitor gets
 * success as soon as it is safe in the database, whatever the mail provider does.
 */
export async function submitContact(
  form: FormData,
  { ip, now = new Date(), db = getDb(), transport = getMailTransport() }: { ip: string; now?: Date; db?: Db; transport?: MailTransport },
): Promise<ContactResult> {
  const honeypot = form.get(HONEYPOT_FIELD)
  if (honeypot !== null && honeypot !== '') {
    log('info', 'contact honeypot filled')
    return { status: 'sendt' }
  }

  const validation = validateContact(formValues(form))
  if (!validation.success) return { status: 'ugyldig', fieldErrors: validation.fieldErrors }

  const ipHash = hashIp(ip)
  const nowIso = now.toISOString()
  const windowStart = new Date(now.getTime() - RATE_LIMIT_WINDOW_MS).toISOString()

  // Check and insert in one immediate transaction, so parallel posts (or several server
  // instances on one database) cannot slip past the limit together.
  const stored = db.$client
    .transaction(() => {
      const [recent] = db
        .select({ messages: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ipHash, ipHash), gte(contactMessages.createdAt, windowStart)))
        .all()
      if ((recent?.messages ?? 0) >= rateLimit()) return undefined
      return db
        .insert(contactMessages)
        .values({ ...validation.data, createdAt: nowIso, ipHash, status: 'pending', nextAttemptAt: nowIso })
        .returning()
        .get()
    })
    .immediate()

  if (!stored) {
    log('warn', 'contact rate limit reached', { ipHash })
    return { status: 'for-mange' }
  }
  log('info', 'contact message stored', { id: stored.id, ipHash })
  await deliver(db, stored, transport, now)
  return { status: 'sendt' }
}

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 … capped at six hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60 * 1000
}

/** Sends both e-mails of a stored message and records the outcome; never throws. */
export async function deliver(db: Db, row: ContactMessage, transport: MailTransport, now = new Date()) {
  const attempts = row.attempts + 1
  try {
    for (const email of await composeContactEmails(row)) await transport.send(email)
    db.update(contactMessages)
      .set({ status: 'sent', attempts, sentAt: new Date().toISOString(), lastError: null, nextAttemptAt: null })
      .where(eq(contactMessages.id, row.id))
      .run()
    log('info', 'contact e-mails sent', { id: row.id, transport: transport.name, attempts })
    return true
  } catch (error) {
    const gaveUp = attempts >= MAX_SEND_ATTEMPTS
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    db.update(contactMessages)
      .set({
        status: gaveUp ? 'failed' : 'pending',
        attempts,
        lastError,
        nextAttemptAt: gaveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
      })
      .where(eq(contactMessages.id, row.id))
      .run()
    log(gaveUp ? 'error' : 'warn', 'contact e-mail failed', { id: row.id, attempts, gaveUp, error: lastError })
    return false
  }
}

/** Delivers every message whose retry time has come (or all pending ones with `force`). */
export async function retryPendingMessages({
  db = getDb(),
  transport = getMailTransport(),
  now = new Date(),
  force = false,
}: { db?: Db; transport?: MailTransport; now?: Date; force?: boolean } = {}) {
  const due = db
    .select()
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.status, 'pending'),
        force ? undefined : or(isNull(contactMessages.nextAttemptAt), lte(contactMessages.nextAttemptAt, now.toISOString())),
      ),
    )
    .orderBy(contactMessages.id)
    .limit(500)
    .all()
  let delivered = 0
  for (const row of due) if (await deliver(db, row, transport, now)) delivered++
  return { tried: due.length, delivered, failed: due.length - delivered }
}

/** Deletes messages older than the retention period stated in the privacy policy. */
export function purgeOldMessages({ db = getDb(), now = new Date() }: { db?: Db; now?: Date } = {}) {
  const cutoff = new Date(now.getTime() - site.contactRetentionDays * 24 * 60 * 60 * 1000).toISOString()
  const removed = db.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff)).returning({ id: contactMessages.id }).all()
  return removed.length
}
