import { createHash, randomBytes } from 'node:crypto'
import { and, count, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import { site } from '#content/site'
import { type Db, getDb } from '#db/connection'
import { type ContactMessage, contactMessages } from '#db/schema'
import { type ContactResult, HONEYPOT_FIELD, contactFields } from '~/lib/contact'
import { validateContact } from '~/lib/contact-schema'
import { composeContactEmails } from '~/server/contact-mail.server'
import { log } from '~/server/log.server'
import { type MailTransport, getMailTransport, purgeOutbox } from '~/server/mail-transport.server'

export const RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000
export const MAX_SEND_ATTEMPTS = 10
/** While one process delivers a message, others leave it alone this long. */
const DELIVERY_LEASE_MS = 5 * 60 * 1000
/** The visitor waits at most this long for the e-mails; delivery goes on in the background. */
const VISITOR_WAIT_MS = 8 * 1000

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
  return createHash('sha256').update(`${ipHashSalt}:${senderNetwork(ip)}`).digest('hex').slice(0, 32)
}

/**
 * IPv6 users usually hold a whole /64 and can change address within it at will, so the rate limit
 * counts the /64; an IPv4 address (also one written IPv4-mapped) counts on its own.
 */
export function senderNetwork(ip: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`
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
        .values({ ...validation.data, createdAt: nowIso, ipHash, status: 'sending', nextAttemptAt: leaseUntil(now) })
        .returning()
        .get()
    })
    .immediate()

  if (!stored) {
    log('warn', 'contact rate limit reached', { ipHash })
    return { status: 'for-mange' }
  }
  log('info', 'contact message stored', { id: stored.id, ipHash })
  // The message is safe; a slow mail provider must not keep the visitor waiting (nor tempt them to
  // send again). Whatever is not done in time finishes in the background or in a later retry.
  await Promise.race([deliver(db, stored, transport, now), new Promise((resolve) => setTimeout(resolve, VISITOR_WAIT_MS).unref())])
  return { status: 'sendt' }
}

const leaseUntil = (now: Date) => new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString()

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 … capped at six hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60 * 1000
}

/** Sends both e-mails of a stored message and records the outcome; never throws. */
export async function deliver(db: Db, row: ContactMessage, transport: MailTransport, now = new Date()) {
  const attempts = row.attempts + 1
  let failure: unknown
  try {
    for (const email of await composeContactEmails(row)) await transport.send(email)
  } catch (error) {
    failure = error
  }
  const lastError = failure === undefined ? null : (failure instanceof Error ? failure.message : String(failure)).slice(0, 500)
  const gaveUp = failure !== undefined && attempts >= MAX_SEND_ATTEMPTS
  try {
    db.update(contactMessages)
      .set(
        failure === undefined
          ? { status: 'sent', attempts, sentAt: new Date().toISOString(), lastError, nextAttemptAt: null }
          : {
              status: gaveUp ? 'failed' : 'pending',
              attempts,
              lastError,
              nextAttemptAt: gaveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
            },
      )
      .where(eq(contactMessages.id, row.id))
      .run()
  } catch (error) {
    // The e-mails' idempotency keys make a later retry of this message harmless.
    log('error', 'contact delivery outcome not recorded', { id: row.id, error: error instanceof Error ? error.message : String(error) })
  }
  if (failure === undefined) log('info', 'contact e-mails sent', { id: row.id, transport: transport.name, attempts })
  else log(gaveUp ? 'error' : 'warn', 'contact e-mail failed', { id: row.id, attempts, gaveUp, error: lastError })
  return failure === undefined
}

/**
 * Delivers every pending message whose retry time has come. `force` ignores the backoff and also
 * revives messages that gave up after too many attempts. Each message is claimed atomically
 * first, so several processes (the server, `npm run mail:retry`, other instances) never send the
 * same message at the same time.
 */
export async function retryPendingMessages({
  db = getDb(),
  transport = getMailTransport(),
  now = new Date(),
  force = false,
}: { db?: Db; transport?: MailTransport; now?: Date; force?: boolean } = {}) {
  const nowIso = now.toISOString()
  // A message claimed by a process that died mid-delivery is due again once its lease has run out.
  const abandoned = and(eq(contactMessages.status, 'sending'), lte(contactMessages.nextAttemptAt, nowIso))
  const isDue = force
    ? or(inArray(contactMessages.status, ['pending', 'failed']), abandoned)
    : or(and(eq(contactMessages.status, 'pending'), or(isNull(contactMessages.nextAttemptAt), lte(contactMessages.nextAttemptAt, nowIso))), abandoned)
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(isDue)
    .orderBy(contactMessages.id)
    .limit(500)
    .all()
  let tried = 0
  let delivered = 0
  for (const { id } of due) {
    const claimed = db
      .update(contactMessages)
      .set({ status: 'sending', nextAttemptAt: leaseUntil(now), ...(force ? { attempts: 0 } : {}) })
      .where(and(eq(contactMessages.id, id), isDue))
      .returning()
      .get()
    if (!claimed) continue
    tried++
    if (await deliver(db, claimed, transport, now)) delivered++
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
