import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { count, desc, eq, inArray, sql } from 'drizzle-orm'
import { type Db, getDb } from '#db/connection'
import { type ContactMessage, contactMessages } from '#db/schema'
import { type Email, outboxDir, outboxFilesStartingWith, removeOutboxFiles } from '~/server/contact/mail-transport.server'

/**
 * The coach's tools for the privacy policy's promises: see what is stored (and whether it was
 * delivered), hand one person everything stored about them, and erase it.
 */

type Options = { db?: Db; outbox?: string }

/** The most recent messages with their delivery status, newest first; no limit lists them all. */
export function recentMessages({ db = getDb(), limit }: { db?: Db; limit?: number } = {}) {
  const newestFirst = db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
  return limit === undefined ? newestFirst.all() : newestFirst.limit(limit).all()
}

/** One message by its number (the id contact:list shows), or undefined. */
export function messageById(id: number, { db = getDb() }: { db?: Db } = {}) {
  return db.select().from(contactMessages).where(eq(contactMessages.id, id)).get()
}

/** How many messages are stored, and how many of them still wait for their e-mails to go out. */
export function messageCounts({ db = getDb() }: { db?: Db } = {}) {
  // An aggregate without GROUP BY always gives exactly one row, with 0 for an empty table.
  const row = db
    .select({
      total: count(),
      undelivered: sql<number>`coalesce(sum(${contactMessages.status} in ('pending', 'sending', 'failed')), 0)`,
    })
    .from(contactMessages)
    .get()!
  return { total: row.total, undelivered: Number(row.undelivered) }
}

/** One person's messages, found by e-mail address whatever its case. */
function messagesOf(db: Db, email: string): ContactMessage[] {
  return db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(contactMessages.createdAt, contactMessages.id)
    .all()
}

/**
 * Names of the outbox files about these messages: every e-mail's file is named after its
 * idempotency key, `contact-<publicId>-<kind>.json`, and a write cut short leaves that name plus a
 * temporary suffix. Matched by that exact prefix, so no other person's file can be taken along (a
 * message stored before ids existed has the id '', and no file starts `contact--`); listed message
 * by message, in the order they came, each message's files by name.
 */
const outboxFilesOf = (messages: ContactMessage[], outbox: string) =>
  outboxFilesStartingWith(
    messages.map((message) => `contact-${message.publicId}-`),
    outbox,
  )

/** Everything stored about one person (access and portability), as plain data for JSON. */
export async function exportPerson(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const messages = messagesOf(db, email)
  const complete = (await outboxFilesOf(messages, outbox)).filter((name) => name.endsWith('.json'))
  const emails = await Promise.all(
    complete.map(async (file) => ({ file, ...(JSON.parse(await readFile(join(outbox, file), 'utf8')) as Omit<Email, 'idempotencyKey'>) })),
  )
  return { email, exportedAt: new Date().toISOString(), messages, emails }
}

/** What deletePerson would erase: shown to the coach before she confirms. */
export async function storedAbout(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const messages = messagesOf(db, email)
  return { messages, outboxFiles: await outboxFilesOf(messages, outbox) }
}

/**
 * Erases one person: the outbox e-mails about them, then their messages. In that order, so a run
 * that is cut short leaves the rows that lead a second run to the files still there.
 */
export async function deletePerson(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const { messages, outboxFiles } = await storedAbout(email, { db, outbox })
  await removeOutboxFiles(outboxFiles, outbox)
  // inArray with no ids is `false`: nobody's rows go.
  db.delete(contactMessages)
    .where(inArray(contactMessages.id, messages.map((message) => message.id)))
    .run()
  return { messages, outboxFiles }
}
