import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
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
}

/** The one seam between the contact flow and whoever delivers e-mail. */
export interface MailTransport {
  readonly name: string
  send(email: Email): Promise<void>
}

/** Local stand-in for Resend (DESIGN.md): one JSON file per e-mail in MAIL_OUTBOX_DIR. */
export function outboxTransport(dir = resolve(process.env.MAIL_OUTBOX_DIR ?? 'data/outbox')): MailTransport {
  return {
    name: 'outbox',
    async send({ idempotencyKey, ...email }) {
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${idempotencyKey}.json`)
      // Written under a temporary name and renamed, so a reader never sees half a file.
      await writeFile(`${file}.tmp`, JSON.stringify(email, null, 2))
      await rename(`${file}.tmp`, file)
    },
  }
}

export function resendTransport(apiKey: string): MailTransport {
  const resend = new Resend(apiKey)
  return {
    name: 'resend',
    async send({ idempotencyKey, to, from, replyTo, subject, html, text }) {
      const { error } = await resend.emails.send({ to, from, replyTo, subject, html, text }, { idempotencyKey })
      if (error) throw new Error(`Resend: ${error.name}: ${error.message}`)
    },
  }
}

let override: MailTransport | undefined

/** Tests and the resilience script swap the transport here; everything else asks for it. */
export function setMailTransport(transport: MailTransport | undefined) {
  override = transport
}

export function getMailTransport(): MailTransport {
  if (override) return override
  const apiKey = process.env.RESEND_API_KEY
  return apiKey ? resendTransport(apiKey) : outboxTransport()
}
