import { render } from '@react-email/render'
import { and, eq, gte, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type OutboxRow, blogPosts, newsletterSubscribers, outbox } from '#db/schema'
import { NewsletterEmail, type NewsletterEmailProps } from '~/emails/newsletter-email'
import { articleHref } from '~/lib/blog-search'
import { siteOrigin } from '~/server/links/links.server'
import { sender } from '~/server/mail/addresses.server'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'
import { log } from '~/server/log.server'
import { recipientHash } from '~/server/limits/sender.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { CONFIRMATION_INTERVAL_MS } from '~/lib/newsletter'
import { type Clock, type NewEffect, systemClock } from '~/server/outbox/outbox.server'
import { type Handler, runOutbox } from '~/server/outbox/worker.server'
import { confirmToken, unsubscribeToken } from '~/server/links/links.server'

/**
 * Queues one notice per confirmed subscriber for every article that is published by `now` and not
 * yet announced, and marks it announced: in the seed's transaction (a new article) and in every
 * background run (an article whose date has come). Whoever confirms later gets the next article,
 * not the old ones. The unique idempotency key (article, subscriber) keeps it to one notice, whatever runs twice.
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
          `INSERT INTO outbox (kind, subscriber_id, payload, idempotency_key, created_at, status, next_attempt_at)
           SELECT 'newsletter-email', id, json_object('kind', 'artikel', 'articleSlug', @slug), 'nyhedsbrev-' || public_id || '-artikel-' || @slug, @now, 'pending', @now
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
export async function composeNewsletterEmail(db: Db, row: OutboxRow, now: Date): Promise<Email | undefined> {
  const facts = row.payload as NewsletterEmailFacts
  const subscriber = db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.subscriberId ?? -1)).get()
  if (!subscriber) return undefined
  const key = { idempotencyKey: row.idempotencyKey, to: subscriber.email, from: sender() }
  if (facts.kind === 'bekraeftelse') {
    if (subscriber.confirmedAt !== null || !confirmationMayGo(db, row, subscriber.email, now)) return undefined
    const props: NewsletterEmailProps = {
      preview: 'Bekræft, at du vil have besked om nye artikler',
      heading: 'Bekræft din tilmelding',
      paragraphs: ['Du har bedt om at få en e-mail, når der kommer en ny artikel på min blog. Tryk på linket for at bekræfte – først da er du tilmeldt.'],
      link: { label: 'Ja tak, send mig besked om nye artikler', href: `${siteOrigin()}/nyhedsbrev/bekraeft/${confirmToken(subscriber.publicId)}` },
      footnote: footnoteFor.bekraeftelse,
    }
    return { ...key, subject: 'Bekræft din tilmelding til nye artikler', ...(await rendered(props)) }
  }
  // Nothing but a confirmation ever goes to an address that has not confirmed.
  if (subscriber.confirmedAt === null) return undefined
  const article = db.select().from(blogPosts).where(eq(blogPosts.slug, facts.articleSlug ?? '')).get()
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

/**
 * A confirmation goes out at most once an hour per address (another one sent, or being sent by an
 * earlier row, within the hour holds it back) and at most RECIPIENT_CAPS['newsletter-confirmation']
 * a day per person (a+2@… is a@…), however many sign-ups a stranger posts.
 */
function confirmationMayGo(db: Db, row: OutboxRow, email: string, now: Date) {
  const hourAgo = new Date(now.getTime() - CONFIRMATION_INTERVAL_MS).toISOString()
  return db.$client
    .transaction(() => {
      const recent = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, 'newsletter-email'),
            eq(outbox.subscriberId, row.subscriberId ?? -1),
            ne(outbox.id, row.id),
            sql`json_extract(${outbox.payload}, '$.kind') = 'bekraeftelse'`,
            or(and(eq(outbox.status, 'sent'), gte(outbox.sentAt, hourAgo)), and(eq(outbox.status, 'sending'), lt(outbox.id, row.id))),
          ),
        )
        .get()
      // Counted on the row's first attempt only: a retry of the same e-mail is not another one.
      return recent === undefined && (row.attempts > 0 || takeAttempt(db, 'newsletter-confirmation', recipientHash(email), now) !== undefined)
    })
    .immediate()
}

async function rendered(props: NewsletterEmailProps) {
  const element = NewsletterEmail(props)
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}

/** A newsletter e-mail's facts, as its outbox row keeps them. */
type NewsletterEmailFacts = { kind: 'bekraeftelse' | 'artikel'; articleSlug: string | null }

/** The newsletter's e-mails; one that should no longer go out (withdrawn, confirmed already, article gone) is skipped. */
export function newsletterEmailHandler(transport: MailTransport): Handler {
  return {
    noun: 'newsletter e-mail',
    async run(row, { db, clock }) {
      const email = await composeNewsletterEmail(db, row, clock())
      if (!email) return { status: 'skipped', reason: 'e-mailen skal ikke længere sendes' }
      await transport.send(email)
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}

/**
 * Sends every newsletter e-mail that is due. `force` (mail:retry -- --alle in a test) first revives
 * the ones that gave up.
 */
export async function deliverNewsletterEmails({ db, transport, clock = systemClock, force = false }: { db: Db; transport: MailTransport; clock?: Clock; force?: boolean }) {
  const result = await runOutbox({ db, handlers: { 'newsletter-email': newsletterEmailHandler(transport) }, clock, revive: force })
  if (result.tried > 0) log('info', 'newsletter e-mail run', result)
  return result
}

/** The outbox effect of one newsletter e-mail. */
export const newsletterEmail = (subscriber: { id: number }, facts: NewsletterEmailFacts, idempotencyKey: string): NewEffect => ({
  kind: 'newsletter-email',
  subscriberId: subscriber.id,
  idempotencyKey,
  payload: facts,
})
