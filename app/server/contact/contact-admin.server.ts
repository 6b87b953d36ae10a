import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { type NewsletterSubscriber, contactMessages, newsletterSubscribers, outbox as outboxTable } from '#db/schema'
import { type Email, outboxDir, outboxFilesStartingWith, removeOutboxFiles } from '~/server/mail/mail-transport.server'
import { outboxPrefix } from '~/server/newsletter/newsletter.server'
import { exportedEffect } from '~/server/outbox/outbox.server'

/**
 * The coach's tools for the privacy policy's promises: see what is stored (and whether it was
 * delivered), hand one person everything stored about them, and erase it.
 */

type Options = { db?: Db; outbox?: string }

/**
 * Messages with how their e-mails went, read from the message's effect in the outbox: waiting
 * (pending), being sent, sent (and by whom), or given up (failed).
 */
const messagesWithDelivery = (db: Db) =>
  db
    .select({
      ...getTableColumns(contactMessages),
      status: sql<'pending' | 'sending' | 'sent' | 'failed'>`coalesce(${outboxTable.status}, 'pending')`,
      attempts: sql<number>`coalesce(${outboxTable.attempts}, 0)`,
      lastError: outboxTable.lastError,
      sentAt: outboxTable.sentAt,
      deliveredBy: outboxTable.deliveredBy,
    })
    .from(contactMessages)
    .leftJoin(outboxTable, and(eq(outboxTable.contactMessageId, contactMessages.id), eq(outboxTable.kind, 'contact-email')))

export type ContactMessage = ReturnType<ReturnType<typeof messagesWithDelivery>['all']>[number]

/** The most recent messages with their delivery status, newest first; no limit lists them all. */
export function recentMessages({ db = getDb(), limit }: { db?: Db; limit?: number } = {}) {
  const newestFirst = messagesWithDelivery(db).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
  return limit === undefined ? newestFirst.all() : newestFirst.limit(limit).all()
}

/** One message by its number (the id contact:list shows), or undefined. */
export function messageById(id: number, { db = getDb() }: { db?: Db } = {}) {
  return messagesWithDelivery(db).where(eq(contactMessages.id, id)).get()
}

/** How many messages are stored, and how many of them still wait for their e-mails to go out. */
export function messageCounts({ db = getDb() }: { db?: Db } = {}) {
  // An aggregate without GROUP BY always gives exactly one row, with 0 for an empty table.
  const row = db
    .select({
      total: count(),
      undelivered: sql<number>`coalesce(sum(${outboxTable.status} in ('pending', 'sending', 'failed')), 0)`,
    })
    .from(contactMessages)
    .leftJoin(outboxTable, and(eq(outboxTable.contactMessageId, contactMessages.id), eq(outboxTable.kind, 'contact-email')))
    .get()!
  return { total: row.total, undelivered: Number(row.undelivered) }
}

/** One person's messages, found by e-mail address whatever its case. */
function messagesOf(db: Db, email: string): ContactMessage[] {
  return messagesWithDelivery(db)
    .where(sql`lower(${contactMessages.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(contactMessages.createdAt, contactMessages.id)
    .all()
}

/** One person's newsletter sign-up (confirmed or not), found by address whatever its case: at most one. */
const subscriptionsOf = (db: Db, email: string): NewsletterSubscriber[] =>
  db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, email.trim().toLowerCase())).all()

/** Their newsletter e-mails (the confirmation, the notices of new articles) with how each went. */
const newsletterEmailsOf = (db: Db, subscriptions: NewsletterSubscriber[]) =>
  db
    .select()
    .from(outboxTable)
    .where(inArray(outboxTable.subscriberId, subscriptions.map((subscription) => subscription.id)))
    .orderBy(outboxTable.id)
    .all()
    .map(exportedEffect)

/**
 * Names of the outbox files about these messages: every e-mail's file is named after its
 * idempotency key, `contact-<publicId>-<kind>.json`, and a write cut short leaves that name plus a
 * temporary suffix. Matched by that exact prefix, so no other person's file can be taken along (a
 * message stored before ids existed has the id '', and no file starts `contact--`); listed message
 * by message, in the order they came, each message's files by name.
 */
const outboxFilesOf = (messages: ContactMessage[], subscriptions: NewsletterSubscriber[], outbox: string) =>
  outboxFilesStartingWith(
    [...messages.map((message) => `contact-${message.publicId}-`), ...subscriptions.map((subscription) => outboxPrefix(subscription.publicId))],
    outbox,
  )

/** Everything stored about one person (access and portability), as plain data for JSON: messages, newsletter sign-up, e-mails. */
export async function exportPerson(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const messages = messagesOf(db, email)
  const subscriptions = subscriptionsOf(db, email)
  const complete = (await outboxFilesOf(messages, subscriptions, outbox)).filter((name) => name.endsWith('.json'))
  const emails = await Promise.all(
    complete.map(async (file) => ({ file, ...(JSON.parse(await readFile(join(outbox, file), 'utf8')) as Omit<Email, 'idempotencyKey'>) })),
  )
  const newsletter = subscriptions.map((subscription) => ({ ...subscription, emails: newsletterEmailsOf(db, [subscription]) }))
  return { email, exportedAt: new Date().toISOString(), messages, newsletter, emails }
}

/** What deletePerson would erase: shown to the coach before she confirms. */
export async function storedAbout(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const messages = messagesOf(db, email)
  const newsletter = subscriptionsOf(db, email)
  return { messages, newsletter, outboxFiles: await outboxFilesOf(messages, newsletter, outbox) }
}

/**
 * Erases one person: the outbox e-mails about them, then their messages and newsletter sign-up. In that order, so a run
 * that is cut short leaves the rows that lead a second run to the files still there.
 */
export async function deletePerson(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const { messages, newsletter, outboxFiles } = await storedAbout(email, { db, outbox })
  await removeOutboxFiles(outboxFiles, outbox)
  // inArray with no ids is `false`: nobody's rows go. A sign-up's e-mails go with it (cascade).
  db.delete(contactMessages)
    .where(inArray(contactMessages.id, messages.map((message) => message.id)))
    .run()
  db.delete(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.id, newsletter.map((subscription) => subscription.id)))
    .run()
  return { messages, newsletter, outboxFiles }
}
