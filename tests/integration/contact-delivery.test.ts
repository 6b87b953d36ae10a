import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { site } from '~/server/content/content.server'
import { contactMessages, outbox } from '#db/schema'
import { purgeOldMessages, retryPendingMessages, submitContact } from '~/server/contact/contact.server'
import { contactRateLimit as rateLimit } from '~/server/limits/sender-limits.server'
import { retryDelayMs } from '~/server/outbox/outbox.server'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { temporaryDatabase } from '../helpers'
import { contactDelivery, setEffects } from '../outbox-rows'
import { flakyTransport, validForm } from './contact-helpers'

// The contact flow's edges: what counts as a field, the limit's window to the millisecond, when a
// retry is due, what is recorded of a failure, and the visitor's wait on a slow provider.

const start = new Date('2025-10-01T12:00:00.000Z')
const after = (ms: number) => new Date(start.getTime() + ms)
type TestDb = ReturnType<typeof temporaryDatabase>['db']
/** The one message with its delivery state from the outbox. */
const only = (db: TestDb) => {
  const message = db.select().from(contactMessages).get()!
  return { ...contactDelivery(db, message.id), ...message }
}

beforeEach(() => {
  vi.stubEnv('CONTACT_RATE_LIMIT', undefined)
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.useRealTimers()
})

describe('the form’s fields', () => {
  it('takes each field once and as text: a repeated field or a file is an error on that field, nothing stored', async () => {
    const { db } = temporaryDatabase()
    const { transport } = flakyTransport()
    const repeated = validForm()
    repeated.append('email', 'bo@eksempel.dk')
    const file = validForm()
    file.set('message', new File(['Hej'], 'besked.txt'))
    expect(Object.keys((await submitContact(repeated, { ip: '10.3.0.1', db, transport })).fieldErrors ?? {})).toEqual(['email'])
    expect(Object.keys((await submitContact(file, { ip: '10.3.0.1', db, transport })).fieldErrors ?? {})).toEqual(['message'])
    expect(db.select().from(contactMessages).all()).toEqual([])
  })

  it('stores a message without the optional fields and without the honeypot field at all', async () => {
    const { db } = temporaryDatabase()
    const form = validForm()
    for (const name of ['serviceType', 'address', 'website']) form.delete(name)
    expect(await submitContact(form, { ip: '10.3.0.2', db, transport: flakyTransport().transport })).toEqual({ status: 'sendt' })
    expect(only(db)).toMatchObject({ serviceType: '', address: '', firstName: 'Anne' })
  })
})

describe('the rate limit', () => {
  it('counts a message until exactly 15 minutes have passed', async () => {
    const { db } = temporaryDatabase()
    vi.stubEnv('CONTACT_RATE_LIMIT', '1')
    const { transport } = flakyTransport()
    const send = (at: Date) => submitContact(validForm(), { ip: '10.3.1.1', db, transport, clock: () => at })
    expect((await send(start)).status).toBe('sendt')
    expect((await send(after(15 * 60_000))).status).toBe('for-mange')
    expect((await send(after(15 * 60_000 + 1))).status).toBe('sendt')
  })

  it('reads CONTACT_RATE_LIMIT as a positive whole number, else five', () => {
    for (const [value, limit] of [[undefined, 5], ['1', 1], ['12', 12], ['0', 5], ['-3', 5], ['2.5', 5], ['mange', 5]] as const) {
      vi.stubEnv('CONTACT_RATE_LIMIT', value)
      expect(rateLimit(), String(value)).toBe(limit)
    }
  })
})

describe('delivery', () => {
  it('waits one minute after a failure even before any attempt was counted', () => {
    expect(retryDelayMs(0)).toBe(60_000)
    expect(retryDelayMs(9)).toBe(256 * 60_000)
    expect(retryDelayMs(10)).toBe(360 * 60_000)
  })

  it('is due at the very moment its backoff ends, and a message without a retry time is due at once', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    await submitContact(validForm(), { ip: '10.3.2.1', db, transport: mail.transport, clock: () => start })
    expect(only(db).nextAttemptAt).toBe(after(60_000).toISOString())
    mail.transport.down = false
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => after(59_999) })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => after(60_000) })).toEqual({ tried: 1, delivered: 1, failed: 0 })

    const { db: other } = temporaryDatabase()
    mail.transport.down = true
    await submitContact(validForm(), { ip: '10.3.2.1', db: other, transport: mail.transport, clock: () => start })
    setEffects(other, 'contact-email', { nextAttemptAt: null })
    mail.transport.down = false
    expect(await retryPendingMessages({ db: other, transport: mail.transport, clock: () => start })).toEqual({ tried: 1, delivered: 1, failed: 0 })
  })

  it('takes over a message whose sender died mid-delivery, once its lease has run out and not before', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    await submitContact(validForm(), { ip: '10.3.2.2', db, transport: mail.transport, clock: () => start })
    // As a process killed while sending leaves it: claimed, with a lease of five minutes.
    setEffects(db, 'contact-email', { status: 'sending', claimToken: 'død-proces', nextAttemptAt: after(5 * 60_000).toISOString(), attempts: 3 })
    for (const force of [false, true]) {
      expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => after(5 * 60_000 - 1), force })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    }
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => after(5 * 60_000) })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(only(db)).toMatchObject({ status: 'sent', attempts: 4, claimToken: null })
  })

  it('leaves a message that another process claimed while this run was busy with an earlier one', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    for (const ip of ['10.3.2.7', '10.3.2.8']) await submitContact(validForm(), { ip, db, transport: mail.transport, clock: () => start })
    const [first, second] = db.select().from(contactMessages).orderBy(contactMessages.id).all()
    mail.transport.down = false
    // While the first message's e-mails go out, another process claims the second one.
    const claimedElsewhere = { status: 'sending' as const, claimToken: 'en-anden-proces', nextAttemptAt: after(10 * 60_000).toISOString() }
    const busy: MailTransport = {
      name: 'optaget',
      async send(email) {
        setEffects(db, 'contact-email', claimedElsewhere, eq(outbox.contactMessageId, second!.id))
        await mail.transport.send(email)
      },
    }
    expect(await retryPendingMessages({ db, transport: busy, clock: () => after(60_000) })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(mail.delivered.map((email) => email.idempotencyKey)).toEqual([`contact-${first!.publicId}-notification`, `contact-${first!.publicId}-confirmation`])
    expect(contactDelivery(db, second!.id)).toMatchObject({ ...claimedElsewhere, attempts: 1 })
  })

  it('with --alle sends a waiting message at once and counts its attempts afresh', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    await submitContact(validForm(), { ip: '10.3.2.3', db, transport: mail.transport, clock: () => start })
    setEffects(db, 'contact-email', { attempts: 7 })
    mail.transport.down = false
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => start, force: true })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(only(db)).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('records what failed, also a failure that is not an Error, at most 500 characters of it', async () => {
    const { db } = temporaryDatabase()
    const failing = (reason: unknown): MailTransport => ({ name: 'fejl', send: () => Promise.reject(reason) })
    await submitContact(validForm(), { ip: '10.3.2.4', db, transport: failing('forbindelsen blev afbrudt'), clock: () => start })
    expect(only(db)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'forbindelsen blev afbrudt' })
    expect(await retryPendingMessages({ db, transport: failing(new Error('x'.repeat(600))), clock: () => after(60_000) })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    expect(only(db).lastError).toBe('x'.repeat(500))
  })

  it('still reports the e-mails as sent when their outcome cannot be recorded', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    await submitContact(validForm(), { ip: '10.3.2.5', db, transport: mail.transport, clock: () => start })
    // The connection goes away while the e-mails are on their way.
    const closing: MailTransport = { name: 'lukker', send: async () => void db.$client.close() }
    expect(await retryPendingMessages({ db, transport: closing, clock: () => after(60_000) })).toEqual({ tried: 1, delivered: 1, failed: 0 })
  })

  it('answers the visitor after eight seconds with “received” while a slow provider goes on in the background', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const { db } = temporaryDatabase()
    let open = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    const slow: MailTransport = { name: 'langsom', send: () => gate }
    let answer: string | undefined
    const submitted = submitContact(validForm(), { ip: '10.3.2.6', db, transport: slow, clock: () => start }).then((result) => (answer = result.status))
    await vi.advanceTimersByTimeAsync(7_999)
    expect(answer).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    // Answered by now, without waiting on anything else.
    expect(answer).toBe('modtaget')
    await submitted
    expect(only(db).status).toBe('sending')
    // The provider answers at last: the e-mails go out and the message is recorded as sent.
    open()
    await vi.waitFor(() => expect(only(db).status).toBe('sent'))
    expect(only(db)).toMatchObject({ status: 'sent', attempts: 1 })
  })
})

describe('retention', () => {
  it('keeps a message until the last moment of the retention period (an enquiry: no course noted)', async () => {
    const { db, dir } = temporaryDatabase()
    vi.stubEnv('MAIL_OUTBOX_DIR', dir)
    await submitContact(validForm(), { ip: '10.3.3.1', db, transport: flakyTransport().transport, clock: () => start })
    const days = site.enquiryRetentionDays
    const cutoffMoment = after(days * 86_400_000)
    expect(await purgeOldMessages({ db, now: cutoffMoment })).toEqual({ messages: 0, outboxFiles: 0 })
    expect(await purgeOldMessages({ db, now: new Date(cutoffMoment.getTime() + 1) })).toEqual({ messages: 1, outboxFiles: 0 })
  })
})

describe('the e-mails', () => {
  it('go from MAIL_FROM to CONTACT_TO when they are set, and tell the coach when the message came, in Danish time', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    vi.stubEnv('MAIL_FROM', 'Hjemmesiden <post@eksempel.dk>')
    vi.stubEnv('CONTACT_TO', 'coach@eksempel.dk')
    await submitContact(validForm(), { ip: '10.3.4.1', db, transport: mail.transport, clock: () => start })
    expect(mail.delivered.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: 'Hjemmesiden <post@eksempel.dk>', to: 'coach@eksempel.dk' },
      { from: 'Hjemmesiden <post@eksempel.dk>', to: 'anne@eksempel.dk' },
    ])
    // 12:00 UTC on 1 October is 14:00 in Denmark (summer time).
    expect(mail.delivered[0]!.text).toContain('1. oktober 2025 kl. 14.00')
  })

  it('come as an HTML page and as plain text without markup, both saying the same', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    await submitContact(validForm(), { ip: '10.3.4.2', db, transport: mail.transport, clock: () => start })
    const [notification, confirmation] = mail.delivered
    for (const email of [notification!, confirmation!]) {
      expect(email.html).toMatch(/^<!DOCTYPE html/)
      expect(email.text).not.toMatch(/<\/?[a-z]/i)
    }
    for (const part of [notification!.html, notification!.text]) expect(part).toContain('Vi vil gerne høre om parcoaching.')
    for (const part of [confirmation!.html, confirmation!.text]) expect(part).toContain('inden for én hverdag')
  })
})
