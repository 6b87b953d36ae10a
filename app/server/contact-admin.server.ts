import { readFile, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { desc, sql } from 'drizzle-orm'
import { type Db, getDb } from '#db/connection'
import { type ContactMessage, contactMessages } from '#db/schema'
import { type Email, outboxDir } from '~/server/mail-transport.server'

/**
 * The coach's tools for the privacy policy's promises: see what is stored (and whether it was
 * delivered), hand one person everything stored about them, and erase it.
 */

type Options = { db?: Db; outbox?: string }

/** The most recent messages with their delivery status, newest first. */
export function recentMessages({ db = getDb(), limit = 50 }: { db?: Db; limit?: number } = {}) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit).all()
}

/** One person's messages, found by e-mail address whatever its case. */
function messagesOf(db: Db, email: string): ContactMessage[] {
  return db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(contactMessages.createdAt)
    .all()
}

/** The outbox files of these messages: each file name carries its message's random id. */
async function outboxFilesOf(messages: ContactMessage[], outbox: string) {
  const ids = messages.map((message) => message.publicId)
  const names = await readdir(outbox).catch(() => [] as string[])
  return names.filter((name) => name.endsWith('.json') && ids.some((id) => name.includes(id))).map((name) => join(outbox, name))
}

/** Everything stored about one person (access and portability), as plain data for JSON. */
export async function exportPerson(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const messages = messagesOf(db, email)
  const files = await outboxFilesOf(messages, outbox)
  const emails = await Promise.all(files.map(async (file) => ({ file, ...(JSON.parse(await readFile(file, 'utf8')) as Omit<Email, 'idempotencyKey'>) })))
  return { email, exportedAt: new Date().toISOString(), messages, emails }
}

/** Erases one person: their messages and the outbox e-mails about them. */
export async function deletePerson(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const messages = messagesOf(db, email)
  const files = await outboxFilesOf(messages, outbox)
  await Promise.all(files.map((file) => rm(file, { force: true })))
  const ids = messages.map((message) => message.id)
  if (ids.length > 0) db.delete(contactMessages).where(sql`${contactMessages.id} in ${ids}`).run()
  return { messages: messages.length, outboxFiles: files.length }
}
