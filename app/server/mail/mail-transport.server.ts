import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { Resend } from 'resend'

export type Email = {
  /** Stable per message and kind, so a retry never delivers the same e-mail twice. */
  idempotencyKey: string
  to: string
  from: string
  replyTo?: string
  subject: string
  html: string
  text: string
  /** A calendar invitation (text), a receipt's PDF (bytes): with their full content type. */
  attachments?: EmailAttachment[]
  /** Extra header fields (the newsletter's List-Unsubscribe, RFC 8058); the outbox JSON records them. */
  headers?: Record<string, string>
}

/** content: text, or with `encoding: 'base64'` the bytes of a binary file (a PDF) in base64. */
export type EmailAttachment = { filename: string; content: string; contentType: string; encoding?: 'base64' }

export const attachmentBytes = (attachment: EmailAttachment) => Buffer.from(attachment.content, attachment.encoding === 'base64' ? 'base64' : 'utf8')

/** The one seam between the contact flow and whoever delivers e-mail. */
export interface MailTransport {
  readonly name: string
  send(email: Email): Promise<void>
}

export const outboxDir = () => resolve(process.env.MAIL_OUTBOX_DIR ?? 'data/outbox')

/** Local stand-in for Resend: one JSON file per e-mail in MAIL_OUTBOX_DIR, for development and tests. */
export function outboxTransport(dir = outboxDir()): MailTransport {
  return {
    name: 'outbox',
    async send({ idempotencyKey, ...email }) {
      await mkdir(dir, { recursive: true })
      // Written under a temporary name of its own and renamed, so a reader never sees half a file
      // and two processes writing the same e-mail do not trip over each other. A write that fails
      // (a full disk) takes its temporary file with it: it would hold personal data until the next start.
      const write = async (file: string, content: string | Buffer) => {
        const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`
        try {
          await writeFile(temporary, content)
          await rename(temporary, file)
        } catch (error) {
          await rm(temporary, { force: true })
          throw error
        }
      }
      // Attachments first, beside the JSON (`<key>.ics`), so a complete JSON means a complete e-mail.
      for (const attachment of email.attachments ?? []) {
        await write(join(dir, `${idempotencyKey}${extname(attachment.filename)}`), attachmentBytes(attachment))
      }
      await write(join(dir, `${idempotencyKey}.json`), JSON.stringify(email, null, 2))
    },
  }
}

/**
 * How long one call to Resend may take. Well inside the delivery lease (5 minutes), so a hanging
 * API never keeps a claim past its lease: the attempt fails and the message is retried later.
 */
export const MAIL_SEND_TIMEOUT_MS = 30_000

/** Resend's HTTP API through its SDK (which honours RESEND_BASE_URL, e.g. for a local stand-in). */
export function resendTransport(apiKey: string, { timeoutMs = MAIL_SEND_TIMEOUT_MS }: { timeoutMs?: number } = {}): MailTransport {
  const resend = new Resend(apiKey)
  return {
    name: 'resend',
    async send({ idempotencyKey, to, from, replyTo, subject, html, text, attachments, headers }) {
      const signal = AbortSignal.timeout(timeoutMs)
      // The SDK never throws: an aborted request comes back as a generic fetch error, named here.
      // An answer that arrived just before the timer fired is still a success.
      const files = attachments?.map((attachment) => ({ filename: attachment.filename, content: attachmentBytes(attachment), contentType: attachment.contentType }))
      const { error } = await resend.emails.send({ to, from, replyTo, subject, html, text, ...(files ? { attachments: files } : {}), ...(headers ? { headers } : {}) }, { idempotencyKey, signal })
      if (error && signal.aborted) throw new Error(`Resend svarede ikke inden for ${timeoutMs / 1000} s`)
      if (error) throw new Error(`Resend: ${error.name}: ${error.message}`)
    },
  }
}

export function getMailTransport(): MailTransport {
  const apiKey = process.env.RESEND_API_KEY
  return apiKey ? resendTransport(apiKey) : outboxTransport()
}

const TEMPORARY = /\.(\d+)\.[0-9a-f-]+\.tmp$/

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The outbox files of the e-mails whose idempotency keys start with these prefixes (a written
 * e-mail, its attachment, or a write cut short: each is named after its key), prefix by prefix,
 * each prefix's files by name.
 */
export async function outboxFilesStartingWith(prefixes: string[], dir = outboxDir()) {
  const names = (await readdir(dir).catch(() => [] as string[])).sort()
  return prefixes.flatMap((prefix) => names.filter((name) => name.startsWith(prefix)))
}

/** Removes these outbox files; one already gone (another worker's purge) is no error. */
export async function removeOutboxFiles(names: string[], dir = outboxDir()) {
  for (const name of names) await rm(join(dir, name), { force: true })
}

/**
 * A process killed while writing an e-mail (SIGKILL, power loss) leaves its temporary file, a
 * whole notification with personal data. Removed at start; a file of a process that still runs
 * (another worker, a CLI command writing right now) is its own and stays.
 */
export async function removeLeftoverTemporaryFiles(dir = outboxDir()) {
  const removed: string[] = []
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = TEMPORARY.exec(name)?.[1]
    if (pid === undefined || isRunning(Number(pid))) continue
    await rm(join(dir, name), { force: true })
    removed.push(name)
  }
  return removed
}

/**
 * The outbox holds personal data too: its files follow the same retention as the messages. A file
 * goes when it is older than `olderThan`, or when its name carries the id of a message just deleted.
 */
export async function purgeOutbox(olderThan: Date, deletedIds: readonly string[] = [], dir = outboxDir()) {
  let removed = 0
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name)
    // Gone since the listing (another worker's purge, a retry renaming it): nothing to remove.
    const modified = await stat(path).then(
      (file) => file.mtime,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw error
      },
    )
    if (modified && (modified < olderThan || deletedIds.some((id) => id !== '' && name.includes(id)))) {
      await rm(path, { force: true })
      removed++
    }
  }
  return removed
}
