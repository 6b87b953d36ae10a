import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { site } from '~/server/content/content.server'
import { type Db, databaseFileProblem } from '#db/database'
import { getDb } from '#db/connection'
import { contactMessages, outbox } from '#db/schema'
import { type ContactResult, HONEYPOT_FIELD, contactFields } from '~/lib/contact'
import { contactSchemaFor, validateContact } from '~/lib/contact-schema'
import { composeContactEmails } from '~/server/contact/contact-mail.server'
import { log } from '~/server/log.server'
import { hashIp, recipientHash } from '~/server/limits/sender.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { type MailTransport, getMailTransport, purgeOutbox } from '~/server/mail/mail-transport.server'
import { type Clock, queueEffects, systemClock } from '~/server/outbox/outbox.server'
import { type Handler, runOutbox } from '~/server/outbox/worker.server'

/** The visitor waits at most this long for the e-mails; delivery goes on in the background. */
const VISITOR_WAIT_MS = 8 * 1000

/**
 * Only the known fields, each given once: a repeated field is bad input, not a crash (null), and so
 * is a file, which the schema refuses as not text.
 */
function formValues(form: FormData) {
  const values: Record<string, unknown> = {}
  for (const field of contactFields) {
    const all = form.getAll(field)
    values[field] = all.length === 0 ? undefined : all.length === 1 ? all[0] : null
  }
  return values
}

/** What the flow works with; the server uses the defaults, tests pass their own. */
export type ContactDeps = { clock?: Clock; db?: Db; transport?: MailTransport }

/**
 * The whole contact flow. The message is stored before any e-mail is tried, and the visitor is
 * told what is true: received once it is safe in the database, confirmed by e-mail only when the
 * e-mail has gone out. A database that would not keep the message answers with an error.
 */
export async function submitContact(
  form: FormData,
  { ip, clock = systemClock, db = getDb(), transport = getMailTransport() }: { ip: string } & ContactDeps,
): Promise<ContactResult> {
  const honeypot = form.get(HONEYPOT_FIELD)
  if (honeypot !== null && honeypot !== '') {
    log('info', 'contact honeypot filled')
    return { status: 'modtaget' }
  }

  const validation = validateContact(formValues(form), contactSchemaFor(site))
  if (!validation.success) return { status: 'ugyldig', fieldErrors: validation.fieldErrors }

  const now = clock()
  const ipHash = hashIp(ip)

  // Counted, stored and queued in one immediate transaction, so parallel posts (or several server
  // instances on one database) cannot slip past the limit together, and no message is without its e-mails.
  const stored = db.$client
    .transaction(() => {
      if (takeAttempt(db, 'contact', ipHash, now) === undefined) return undefined
      const row = db
        .insert(contactMessages)
        .values({ ...validation.data, publicId: randomUUID(), createdAt: now.toISOString(), ipHash })
        .returning()
        .get()
      // The receipt goes to whatever address was typed: at most RECIPIENT_CAPS['contact-receipt'] a day per person.
      const receipt = takeAttempt(db, 'contact-receipt', recipientHash(row.email), now) !== undefined
      queueEffects(db, [{ kind: 'contact-email', contactMessageId: row.id, idempotencyKey: `kontakt-${row.publicId}`, payload: { receipt } }], now)
      // Checked before the commit: a row written into a deleted or replaced file would vanish.
      const problem = databaseFileProblem(db)
      if (problem) throw new Error(`database file ${problem}: the message would not be kept`)
      return { ...row, receipt }
    })
    .immediate()

  if (!stored) {
    log('warn', 'contact rate limit reached', { ipHash })
    return { status: 'for-mange' }
  }
  log('info', 'contact message stored', { id: stored.id, publicId: stored.publicId, ipHash })
  // The message is safe; a slow mail provider must not keep the visitor waiting (nor tempt them to
  // send again). Whatever is not done in time finishes in the background or in a later retry.
  const sent = await Promise.race([
    retryPendingMessages({ db, transport, clock, messageId: stored.id }).then((run) => run.delivered === 1),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), VISITOR_WAIT_MS).unref()),
  ])
  // »sendt« says a confirmation went to them: only when one did.
  return { status: sent && stored.receipt ? 'sendt' : 'modtaget' }
}

/** The contact e-mails of one message: the notification to the coach and the visitor's receipt, sent together. */
export function contactEmailHandler(transport: MailTransport): Handler {
  return {
    noun: 'contact e-mail',
    async run(row, { db }) {
      const message = db.select().from(contactMessages).where(eq(contactMessages.id, row.contactMessageId ?? -1)).get()
      if (!message) return { status: 'skipped', reason: 'beskeden er slettet' }
      // A row from before the cap (no `receipt` in its payload) sends its receipt.
      const withReceipt = (row.payload as { receipt?: boolean }).receipt !== false
      for (const email of await composeContactEmails(message, { withReceipt })) await transport.send(email)
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}

/**
 * Delivers the contact e-mails that are due (of one message, or all). `force` (mail:retry -- --alle
 * in a test) first revives the ones that gave up.
 */
export async function retryPendingMessages({
  db = getDb(),
  transport = getMailTransport(),
  clock = systemClock,
  force = false,
  messageId,
}: { db?: Db; transport?: MailTransport; clock?: Clock; force?: boolean; messageId?: number } = {}) {
  const where = messageId === undefined ? undefined : eq(outbox.contactMessageId, messageId)
  return runOutbox({ db, handlers: { 'contact-email': contactEmailHandler(transport) }, clock, where, revive: force })
}

/**
 * Deletes messages (and outbox e-mails) older than the retention periods of the privacy policy: an
 * enquiry that led to no course after the shorter one, a client's message after the longer one.
 */
export async function purgeOldMessages({ db = getDb(), now = new Date() }: { db?: Db; now?: Date } = {}) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
  const cutoff = daysAgo(site.contactRetentionDays)
  const enquiryCutoff = daysAgo(site.enquiryRetentionDays)
  const expired = or(lt(contactMessages.createdAt, cutoff.toISOString()), and(isNull(contactMessages.becameClientAt), lt(contactMessages.createdAt, enquiryCutoff.toISOString())))
  const removed = db.delete(contactMessages).where(expired).returning({ publicId: contactMessages.publicId }).all()
  const outboxFiles = await purgeOutbox(cutoff, removed.map((message) => message.publicId))
  return { messages: removed.length, outboxFiles }
}
