import { randomUUID } from 'node:crypto'
import { render } from '@react-email/render'
import { and, eq, inArray, lte, or } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { type NewsletterEmail as NewsletterEmailRow, blogPosts, newsletterEmails, newsletterSubscribers } from '#db/schema'
import { NewsletterEmail, type NewsletterEmailProps } from '~/emails/newsletter-email'
import { articleHref } from '~/lib/blog-search'
import { siteOrigin } from '~/server/booking/manage-link.server'
import { type Clock, DELIVERY_LEASE_MS, MAX_SEND_ATTEMPTS, retryDelayMs } from '~/server/contact/contact.server'
import { sender } from '~/server/contact/contact-mail.server'
import type { Email, MailTransport } from '~/server/contact/mail-transport.server'
import { errorFields, log } from '~/server/log.server'
import { confirmToken, unsubscribeToken } from '~/server/newsletter/newsletter.server'

const systemClock: Clock = () => new Date()

/**
 * Queues one notice per confirmed subscriber for every article that is published by `now` and not
 * yet announced, and marks it announced: in the seed's transaction (a new article) and in every
 * background run (an article whose date has come). Whoever confirms later gets the next article,
 * not the old ones. The unique (article, subscriber) index keeps it to one notice, whatever runs twice.
 */
export function queueNewArticleNotices(db: Db, now: Date) {
  const nowIso = now.toISOString()
  const announce = db.$client.transaction(() => {
    const fresh = db.$client
      .prepare('SELECT slug FROM blog_posts WHERE published_at <= ? AND slug NOT IN (SELECT slug FROM newsletter_announced_articles) ORDER BY published_at, slug')
      .pluck()
      .all(nowIso) as string[]
    let queued = 0
    for (const slug of fresh) {
      db.$client.prepare('INSERT INTO newsletter_announced_articles (slug, announced_at) VALUES (?, ?)').run(slug, nowIso)
      queued += db.$client
        .prepare(
          `INSERT INTO newsletter_emails (subscriber_id, kind, article_slug, idempotency_key, created_at, status, next_attempt_at)
           SELECT id, 'artikel', @slug, 'nyhedsbrev-' || public_id || '-artikel-' || @slug, @now, 'pending', @now
           FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL
           ON CONFLICT DO NOTHING`,
        )
        .run({ slug, now: nowIso }).changes
    }
    return { articles: fresh, queued }
  })
  // Joins the seed's transaction when called inside it; its own otherwise.
  return announce.immediate()
}

const footnoteFor = {
  bekraeftelse: 'Du får denne e-mail, fordi din e-mailadresse blev skrevet i tilmeldingen på min hjemmeside. Har du ikke selv tilmeldt dig, så se bort fra den: uden bekræftelse sender jeg intet, og adressen slettes efter 3 dage.',
  artikel: 'Du får denne e-mail, fordi du har bedt om besked om nye artikler på min hjemmeside.',
}

/** The e-mail of one stored row; undefined when it should no longer go out (withdrawn, confirmed already, article gone). */
export async function composeNewsletterEmail(db: Db, row: NewsletterEmailRow, now: Date): Promise<Email | undefined> {
  const subscriber = db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.subscriberId)).get()
  if (!subscriber) return undefined
  const key = { idempotencyKey: row.idempotencyKey, to: subscriber.email, from: sender() }
  if (row.kind === 'bekraeftelse') {
    if (subscriber.confirmedAt !== null) return undefined
    const props: NewsletterEmailProps = {
      preview: 'Bekræft, at du vil have besked om nye artikler',
      heading: 'Bekræft din tilmelding',
      paragraphs: ['Du har bedt om at få en e-mail, når der kommer en ny artikel på min blog. Klik på linket for at bekræfte – først da er du tilmeldt.'],
      link: { label: 'Ja tak, send mig besked om nye artikler', href: `${siteOrigin()}/nyhedsbrev/bekraeft/${confirmToken(subscriber.publicId)}` },
      footnote: footnoteFor.bekraeftelse,
    }
    return { ...key, subject: 'Bekræft din tilmelding til nye artikler', ...(await rendered(props)) }
  }
  // Nothing but a confirmation ever goes to an address that has not confirmed.
  if (subscriber.confirmedAt === null) return undefined
  const article = db.select().from(blogPosts).where(eq(blogPosts.slug, row.articleSlug ?? '')).get()
  if (!article || article.publishedAt > now.toISOString()) return undefined
  const unsubscribeHref = `${siteOrigin()}/nyhedsbrev/afmeld/${unsubscribeToken(subscriber.publicId)}`
  const props: NewsletterEmailProps = {
    preview: article.description,
    heading: article.title,
    paragraphs: [article.description],
    link: { label: 'Læs artiklen', href: `${siteOrigin()}${articleHref(article.slug)}` },
    footnote: footnoteFor.artikel,
    unsubscribeHref,
  }
  return {
    ...key,
    subject: `Ny artikel: ${article.title}`,
    ...(await rendered(props)),
    // RFC 2369 and RFC 8058: the mail program's own "unsubscribe" button, a POST without signing in.
    headers: { 'List-Unsubscribe': `<${unsubscribeHref}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

async function rendered(props: NewsletterEmailProps) {
  const element = NewsletterEmail(props)
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}

/** Sends one claimed row and records the outcome; a row that should no longer go out is skipped. */
async function deliverOne(db: Db, row: NewsletterEmailRow, transport: MailTransport, clock: Clock): Promise<'sent' | 'failed' | 'skipped'> {
  const holdsClaim = and(eq(newsletterEmails.id, row.id), eq(newsletterEmails.status, 'sending'), eq(newsletterEmails.claimToken, row.claimToken ?? ''))
  const attempts = row.attempts + 1
  let failure: unknown
  let email: Email | undefined
  try {
    email = await composeNewsletterEmail(db, row, clock())
    if (email) await transport.send(email)
  } catch (error) {
    failure = error
  }
  const now = clock()
  const lastError = failure === undefined ? null : (failure instanceof Error ? failure.message : String(failure)).slice(0, 500)
  const gaveUp = failure !== undefined && attempts >= MAX_SEND_ATTEMPTS
  const outcome =
    failure !== undefined
      ? { status: gaveUp ? ('failed' as const) : ('pending' as const), attempts, lastError, nextAttemptAt: gaveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)).toISOString() }
      : email
        ? { status: 'sent' as const, attempts, sentAt: now.toISOString(), lastError, nextAttemptAt: null }
        : { status: 'skipped' as const, nextAttemptAt: null }
  try {
    db.update(newsletterEmails).set({ ...outcome, claimToken: null }).where(holdsClaim).run()
  } catch (error) {
    log('error', 'newsletter e-mail outcome not recorded', { id: row.id, ...errorFields(error) })
  }
  if (failure !== undefined) log(gaveUp ? 'error' : 'warn', 'newsletter e-mail failed', { id: row.id, kind: row.kind, attempts, gaveUp, error: lastError })
  return outcome.status === 'pending' ? 'failed' : outcome.status
}

/**
 * Sends every newsletter e-mail that is due: new ones, retries whose backoff has passed, and claims
 * abandoned by a process that died. Each row is claimed atomically first (a token and a lease), so
 * several processes never send one e-mail at once; the idempotency key covers a send whose outcome
 * was lost. `force` (mail:retry -- --alle) ignores the backoff and revives rows that gave up.
 */
export async function deliverNewsletterEmails({ db, transport, clock = systemClock, force = false }: { db: Db; transport: MailTransport; clock?: Clock; force?: boolean }) {
  const isDue = (nowIso: string) =>
    or(and(inArray(newsletterEmails.status, ['pending', 'sending']), lte(newsletterEmails.nextAttemptAt, nowIso)), force ? inArray(newsletterEmails.status, ['pending', 'failed']) : undefined)
  const due = db.select({ id: newsletterEmails.id }).from(newsletterEmails).where(isDue(clock().toISOString())).orderBy(newsletterEmails.id).limit(500).all()
  const result = { tried: 0, delivered: 0, failed: 0 }
  for (const { id } of due) {
    const now = clock()
    const claimed = db
      .update(newsletterEmails)
      .set({ status: 'sending', claimToken: randomUUID(), nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(), ...(force ? { attempts: 0 } : {}) })
      .where(and(eq(newsletterEmails.id, id), isDue(now.toISOString())))
      .returning()
      .get()
    if (!claimed) continue
    const outcome = await deliverOne(db, claimed, transport, clock)
    if (outcome === 'skipped') continue
    result.tried++
    if (outcome === 'sent') result.delivered++
    else result.failed++
  }
  if (result.tried > 0) log('info', 'newsletter e-mail run', result)
  return result
}

