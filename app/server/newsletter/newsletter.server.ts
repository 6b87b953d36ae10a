import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { newsletterSubscribers } from '#db/schema'
import { HONEYPOT_FIELD } from '~/lib/contact'
import { contactSchema } from '~/lib/contact-schema'
import { UNCONFIRMED_RETENTION_DAYS } from '~/lib/newsletter'
import { NEWSLETTER_EMAIL_FIELD, type NewsletterStatus } from '~/lib/newsletter-status'
import { confirmToken, hashToken, isTokenShaped, unsubscribeToken } from '~/server/links/links.server'
import { outboxFilesStartingWith, removeOutboxFiles } from '~/server/mail/mail-transport.server'
import { hashIp } from '~/server/limits/sender.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { newsletterEmail } from '~/server/newsletter/newsletter-mail.server'
import { type Clock, queueEffects, systemClock } from '~/server/outbox/outbox.server'
import { log } from '~/server/log.server'

/**
 * Double opt-in (markedsføringsloven § 10): a sign-up stores the address unconfirmed and queues
 * one confirmation e-mail; only the link in it makes the address a subscriber, and nothing else
 * is ever sent to an unconfirmed address. Withdrawal deletes the row and every e-mail queued for it.
 */

/** The outbox files of one subscriber's e-mails all start so (their idempotency keys do). */
export const outboxPrefix = (publicId: string) => `nyhedsbrev-${publicId}-`

type Deps = { clock?: Clock; db?: Db }

/** The one e-mail field, given once and valid; anything else is bad input (undefined). */
function addressOf(form: FormData) {
  const all = form.getAll(NEWSLETTER_EMAIL_FIELD)
  const parsed = contactSchema.shape.email.safeParse(all.length === 1 ? all[0] : undefined)
  return parsed.success ? parsed.data : undefined
}

/**
 * A sign-up post. Answered `tjek-din-mail` for a new, an unconfirmed and a confirmed address
 * alike (and for a filled honeypot), so the answer tells nobody who follows the blog. Every valid
 * address does the same writes (the sender's attempt, the subscriber row written, one confirmation
 * queued), so the answer's work tells nothing either; whether the confirmation goes out (not to a
 * confirmed address, at most one an hour, at most RECIPIENT_CAPS a day) is decided by the worker
 * when it sends, after the answer (`composeNewsletterEmail`).
 */
export function signUpForNewsletter(form: FormData, { ip, clock = systemClock, db = getDb() }: { ip: string } & Deps): NewsletterStatus {
  const honeypot = form.get(HONEYPOT_FIELD)
  if (honeypot !== null && honeypot !== '') {
    log('info', 'newsletter honeypot filled')
    return 'tjek-din-mail'
  }
  const email = addressOf(form)
  if (email === undefined) return 'ugyldig'
  const now = clock()
  const nowIso = now.toISOString()
  const ipHash = hashIp(ip)
  const publicId = randomUUID()
  // Counted and written in one immediate transaction, so parallel posts cannot slip past the limit together.
  const allowed = db.$client
    .transaction(() => {
      if (takeAttempt(db, 'newsletter', ipHash, now) === undefined) return false
      const emailKey = email.toLowerCase()
      // A new address is stored unconfirmed; a known one keeps its row (and its confirmed state) and
      // is written all the same (the same key again), so both do the same work.
      const subscriber = db
        .insert(newsletterSubscribers)
        .values({ publicId, email, emailKey, createdAt: nowIso, confirmTokenHash: hashToken(confirmToken(publicId)), unsubscribeTokenHash: hashToken(unsubscribeToken(publicId)), ipHash })
        .onConflictDoUpdate({ target: newsletterSubscribers.emailKey, set: { emailKey } })
        .returning({ id: newsletterSubscribers.id, publicId: newsletterSubscribers.publicId })
        .get()
      queueEffects(db, [newsletterEmail(subscriber, { kind: 'bekraeftelse', articleSlug: null }, `${outboxPrefix(subscriber.publicId)}bekraeftelse-${now.getTime()}`)], now)
      return true
    })
    .immediate()
  if (!allowed) {
    log('warn', 'newsletter rate limit reached', { ipHash })
    return 'for-mange'
  }
  log('info', 'newsletter sign-up received', { ipHash })
  return 'tjek-din-mail'
}

/** The confirmation link, used once: the address becomes a subscriber, and the link stops working. */
export function confirmSubscription(token: string, { clock = systemClock, db = getDb() }: Deps = {}): NewsletterStatus {
  if (!isTokenShaped(token)) return 'ugyldigt-link'
  const confirmed = db
    .update(newsletterSubscribers)
    .set({ confirmedAt: clock().toISOString(), confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), isNull(newsletterSubscribers.confirmedAt)))
    .returning({ id: newsletterSubscribers.id })
    .get()
  if (!confirmed) return 'ugyldigt-link'
  log('info', 'newsletter subscription confirmed', { id: confirmed.id })
  return 'bekraeftet'
}

/**
 * The unsubscribe link (also the one-click POST of RFC 8058): the subscriber's row goes, with every
 * e-mail still queued for it (cascade) and its outbox files. Always `afmeldt`, whatever the token:
 * a second click, or a guess, learns nothing.
 */
export async function unsubscribe(token: string, { db = getDb(), outbox }: { db?: Db; outbox?: string } = {}): Promise<NewsletterStatus> {
  if (!isTokenShaped(token)) return 'afmeldt'
  const removed = db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)))
    .returning({ id: newsletterSubscribers.id, publicId: newsletterSubscribers.publicId })
    .get()
  if (removed) {
    await removeOutboxFiles(await outboxFilesStartingWith([outboxPrefix(removed.publicId)], outbox), outbox)
    log('info', 'newsletter unsubscribed', { id: removed.id })
  }
  return 'afmeldt'
}

/**
 * Sign-ups never confirmed are deleted after UNCONFIRMED_RETENTION_DAYS (with their confirmation
 * e-mails and outbox files).
 */
export async function purgeNewsletter({ db = getDb(), now = new Date(), outbox }: { db?: Db; now?: Date; outbox?: string } = {}) {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString()
  const removed = db
    .delete(newsletterSubscribers)
    .where(and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.createdAt, cutoff)))
    .returning({ publicId: newsletterSubscribers.publicId })
    .all()
  const files = await outboxFilesStartingWith(removed.map((row) => outboxPrefix(row.publicId)), outbox)
  await removeOutboxFiles(files, outbox)
  return { unconfirmed: removed.length, outboxFiles: files.length }
}
