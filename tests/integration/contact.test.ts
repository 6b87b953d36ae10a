import { readFileSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { contactMessages } from '#db/schema'
import { site } from '~/server/content/content.server'
import { retryDelayMs } from '~/server/outbox/outbox.server'
import { carryOut } from '~/server/outbox/worker.server'
import { contactEmailHandler, purgeOldMessages, retryPendingMessages, submitContact } from '~/server/contact/contact.server'
import { senderNetwork } from '~/server/limits/sender.server'
import { type MailTransport, outboxTransport } from '~/server/mail/mail-transport.server'
import { openDatabase } from '#db/database'
import { temporaryDatabase } from '../helpers'
import { contactDelivery, setEffects } from '../outbox-rows'
import { flakyTransport, validForm } from './contact-helpers'

type TestDb = ReturnType<typeof temporaryDatabase>['db']
/** The messages, each with its delivery state from the outbox. */
const rows = (db: TestDb) => db.select().from(contactMessages).all().map((message) => ({ ...contactDelivery(db, message.id), ...message }))

describe('contact flow', () => {
  // vi.stubEnv restores a variable that was unset by deleting it (an assignment would store "undefined").
  beforeEach(() => {
    vi.stubEnv('CONTACT_RATE_LIMIT', undefined)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('stores the message and writes both e-mails to the outbox', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const result = await submitContact(validForm(), { ip: '10.0.0.1', db, transport: outboxTransport(outbox) })

    expect(result).toEqual({ status: 'sendt' })
    const [row] = rows(db)
    expect(row).toMatchObject({ firstName: 'Anne', serviceType: 'parcoaching', status: 'sent', attempts: 1 })
    expect(row?.ipHash).toMatch(/^[0-9a-f]{32}$/)
    expect(row?.ipHash).not.toContain('10.0.0.1')

    const emails = readdirSync(outbox).map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')))
    const toCoach = emails.find((email) => email.to === 'kontakt@holmcoaching.dk')
    const toVisitor = emails.find((email) => email.to === 'anne@eksempel.dk')
    expect(emails).toHaveLength(2)
    expect(toCoach).toMatchObject({ replyTo: 'anne@eksempel.dk', subject: 'Ny besked fra Anne Jensen via hjemmesiden' })
    expect(toCoach.text).toContain('Vi vil gerne høre om parcoaching.')
    expect(toCoach.text).toContain('Parcoaching')
    expect(toCoach.text).toContain('20 30 40 50')
    // Her e-mail opens this very message on her desk.
    expect(toCoach.text).toMatch(new RegExp(`Se beskeden på dit skrivebord: https?://\\S+/coach/besked/${row!.id}\\b`))
    expect(toVisitor.subject).toBe('Tak for din besked')
    expect(toVisitor.text).toContain('inden for én hverdag')
    // The receipt repeats nothing the sender wrote (not even the name): the form cannot relay
    // text to an address of the sender's choice.
    expect(toVisitor.text).not.toContain('Vi vil gerne høre om parcoaching.')
    expect(toVisitor.text).not.toContain('Anne')
    expect(readdirSync(outbox).every((file) => file.includes(row!.publicId))).toBe(true)
    expect(toVisitor.html).toContain('lang="da"')
  })

  it('keeps the message when the mail provider fails, and a later retry delivers it once', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const now = new Date('2025-10-01T12:00:00.000Z')
    const at = (date: Date) => () => date

    expect(await submitContact(validForm(), { ip: '10.0.0.2', db, transport: mail.transport, clock: at(now) })).toEqual({ status: 'modtaget' })
    expect(rows(db)[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Mailudbyderen svarer ikke' })

    // Not yet due: the backoff is respected.
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: at(now) })).toEqual({ tried: 0, delivered: 0, failed: 0 })

    mail.transport.down = false
    const later = new Date(now.getTime() + retryDelayMs(1))
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: at(later) })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    const publicId = rows(db)[0]!.publicId
    expect(publicId).toMatch(/^[0-9a-f-]{36}$/)
    expect(mail.delivered.map((email) => email.idempotencyKey).sort()).toEqual([`contact-${publicId}-confirmation`, `contact-${publicId}-notification`])
  })

  it('lets only the holder of the current claim record the outcome (a send that outlived its lease changes nothing)', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const start = new Date('2025-10-01T12:00:00.000Z')
    await submitContact(validForm(), { ip: '10.0.0.9', db, transport: mail.transport, clock: () => start })
    const first = rows(db)[0]!

    // Process A claims the message; its send hangs past the lease (5 minutes).
    let releaseSlowSend = () => {}
    const gate = new Promise<void>((resolve) => (releaseSlowSend = resolve))
    let sendStarted = () => {}
    const started = new Promise<void>((resolve) => (sendStarted = resolve))
    const slowTransport: MailTransport = {
      name: 'slow',
      async send() {
        sendStarted()
        await gate
      },
    }
    const dueAt = new Date(start.getTime() + retryDelayMs(1))
    const slowRun = retryPendingMessages({ db, transport: slowTransport, clock: () => dueAt })
    await started
    expect(rows(db)[0]).toMatchObject({ status: 'sending' })

    // Process B finds the lease expired, claims the message anew and delivers it.
    mail.transport.down = false
    const afterLease = new Date(dueAt.getTime() + 5 * 60_000 + 1000)
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => afterLease })).toMatchObject({ tried: 1, delivered: 1 })
    const delivered = rows(db)[0]!
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2 })

    // A's send finally returns: it no longer holds the claim, so the row keeps B's outcome.
    releaseSlowSend()
    await slowRun
    expect(rows(db)[0]).toEqual(delivered)
    expect(first.publicId).toBe(delivered.publicId)
  })

  it('claims each message with a fresh clock, so a long run never hands out leases that already expired', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const start = new Date('2025-10-01T12:00:00.000Z')
    for (const ip of ['10.0.1.1', '10.0.1.2']) await submitContact(validForm(), { ip, db, transport: mail.transport, clock: () => start })
    mail.transport.down = false
    let now = new Date(start.getTime() + retryDelayMs(1))
    // Each send takes ten minutes of the clock: the second claim must start its lease at its own time.
    const leases: string[] = []
    const slowTransport: MailTransport = {
      name: 'slow',
      async send() {
        leases.push(rows(db).find((row) => row.status === 'sending')!.nextAttemptAt!)
        now = new Date(now.getTime() + 10 * 60_000)
      },
    }
    await retryPendingMessages({ db, transport: slowTransport, clock: () => now })
    const secondClaimStartedAt = new Date(start.getTime() + retryDelayMs(1) + 2 * 10 * 60_000)
    expect(leases.at(-1)).toBe(new Date(secondClaimStartedAt.getTime() + 5 * 60_000).toISOString())
  })

  it('revives a message that gave up with --alle, and sends it once', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const now = new Date('2025-10-01T12:00:00.000Z')
    await submitContact(validForm(), { ip: '10.0.0.9', db, transport: mail.transport, clock: () => now })
    setEffects(db, 'contact-email', { status: 'failed', attempts: 10, nextAttemptAt: null })
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => now })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    mail.transport.down = false
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => now, force: true })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => now, force: true })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(mail.delivered).toHaveLength(2)
    expect(rows(db)[0]).toMatchObject({ status: 'sent' })
  })

  it('gives every message a random id, so keys and outbox files never repeat after a reset', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    await submitContact(validForm(), { ip: '10.0.2.1', db, transport: outboxTransport(outbox) })
    // The database is reset (row ids start again at 1); the outbox keeps the old files.
    const reset = openDatabase(join(dir, 'reset.db'))
    try {
      await submitContact(validForm(), { ip: '10.0.2.1', db: reset, transport: outboxTransport(outbox) })
      expect(rows(db)[0]!.id).toBe(rows(reset)[0]!.id)
      expect(rows(db)[0]!.publicId).not.toBe(rows(reset)[0]!.publicId)
      expect(readdirSync(outbox)).toHaveLength(4)
    } finally {
      reset.$client.close()
    }
  })

  it('never acknowledges a message when the database file is gone', async () => {
    const { db, dir } = temporaryDatabase()
    const mail = flakyTransport()
    rmSync(join(dir, 'site.db'))
    await expect(submitContact(validForm(), { ip: '10.0.3.1', db, transport: mail.transport })).rejects.toThrow(/database file missing/)
    expect(mail.delivered).toHaveLength(0)
  })

  it('records a delivery only with the current claim token: a wrong or missing token changes nothing', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const now = new Date('2025-10-01T12:00:00.000Z')
    await submitContact(validForm(), { ip: '10.0.4.1', db, transport: mail.transport, clock: () => now })
    mail.transport.down = false
    // Another process holds the message now, with a token of its own and a lease still running.
    const lease = new Date(now.getTime() + 5 * 60_000).toISOString()
    setEffects(db, 'contact-email', { status: 'sending', claimToken: 'token-of-the-holder', nextAttemptAt: lease })
    const messageId = rows(db)[0]!.id
    const held = contactDelivery(db, messageId)
    const deliver = async (row: typeof held) => (await carryOut(db, row, contactEmailHandler(mail.transport), () => now)) === 'sent'

    // Stale copies of the row, with another token or none, send (their e-mails' keys make that
    // harmless) but cannot record the outcome.
    for (const claimToken of ['not-the-holder', '', null]) {
      expect(await deliver({ ...held, claimToken })).toBe(true)
      expect(contactDelivery(db, messageId), String(claimToken)).toEqual(held)
    }
    // The holder can.
    expect(await deliver(held)).toBe(true)
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 2, claimToken: null, nextAttemptAt: null, sentAt: now.toISOString() })
  })

  it('gives up after ten failed attempts: the message is kept as failed and never tried again without --alle', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    let now = new Date('2025-10-01T12:00:00.000Z')
    await submitContact(validForm(), { ip: '10.0.4.2', db, transport: mail.transport, clock: () => now })
    // Each retry comes a day later, well past any backoff.
    const nextDay = () => (now = new Date(now.getTime() + 24 * 60 * 60_000))
    for (let attempt = 2; attempt <= 10; attempt++) {
      expect(rows(db)[0], `before attempt ${attempt}`).toMatchObject({ status: 'pending', attempts: attempt - 1 })
      expect(await retryPendingMessages({ db, transport: mail.transport, clock: nextDay })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    }
    expect(rows(db)[0]).toMatchObject({ status: 'failed', attempts: 10, nextAttemptAt: null, claimToken: null, lastError: 'Mailudbyderen svarer ikke' })
    expect(mail.attemptsWhileDown()).toBe(10)
    nextDay()
    expect(await retryPendingMessages({ db, transport: mail.transport, clock: () => now })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(mail.attemptsWhileDown()).toBe(10)
    expect(rows(db)[0]).toMatchObject({ status: 'failed', attempts: 10 })
  })

  it('backs off exponentially up to six hours', () => {
    expect([1, 2, 3, 10, 20].map((attempt) => retryDelayMs(attempt) / 60_000)).toEqual([1, 2, 4, 360, 360])
  })

  it('answers a filled honeypot like success and stores nothing', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    expect(await submitContact(validForm({ website: 'http://spam.example' }), { ip: '10.0.0.3', db, transport: mail.transport })).toEqual({ status: 'modtaget' })
    expect(rows(db)).toHaveLength(0)
    expect(mail.delivered).toHaveLength(0)
  })

  it('returns field errors for bad input and stores nothing', async () => {
    const { db } = temporaryDatabase()
    const result = await submitContact(validForm({ email: 'ikke-en-mail', message: '' }), { ip: '10.0.0.4', db, transport: flakyTransport().transport })
    expect(result.status).toBe('ugyldig')
    expect(Object.keys(result.fieldErrors ?? {})).toEqual(['email', 'message'])
    expect(rows(db)).toHaveLength(0)
  })

  it('limits each sender to five messages per 15 minutes, configurable by CONTACT_RATE_LIMIT', async () => {
    const { db } = temporaryDatabase()
    const transport = flakyTransport().transport
    const now = new Date('2025-10-01T12:00:00.000Z')
    const at = (date: Date) => () => date
    let serial = 0
    // A new address each time: the receipts' own cap per person is tested below.
    const send = (ip: string, at = now) => submitContact(validForm({ email: `anne${++serial}@eksempel.dk` }), { ip, db, transport, clock: () => at })

    for (let index = 0; index < 5; index++) expect((await send('10.0.0.5')).status).toBe('sendt')
    expect((await send('10.0.0.5')).status).toBe('for-mange')
    expect((await send('10.0.0.6')).status).toBe('sendt')
    expect((await send('10.0.0.5', new Date(now.getTime() + 15 * 60_000 + 1000))).status).toBe('sendt')
    expect(rows(db)).toHaveLength(7)

    vi.stubEnv('CONTACT_RATE_LIMIT', '1')
    expect((await send('10.0.0.7')).status).toBe('sendt')
    expect((await send('10.0.0.7')).status).toBe('for-mange')
  })

  it('sends one person at most three receipts a day, from any number of senders; the coach gets every message', async () => {
    const { db } = temporaryDatabase()
    const { transport, delivered: sent } = flakyTransport()
    const now = new Date('2025-10-01T12:00:00.000Z')
    const statuses: string[] = []
    for (const [n, email] of ['offer@eksempel.dk', 'Offer+1@eksempel.dk', 'offer+2@eksempel.dk', 'offer+3@eksempel.dk', 'OFFER@eksempel.dk'].entries()) {
      statuses.push((await submitContact(validForm({ email }), { ip: `10.0.1.${n}`, db, transport, clock: () => now })).status)
    }
    // »sendt« promises a confirmation by e-mail: only where one went.
    expect(statuses).toEqual(['sendt', 'sendt', 'sendt', 'modtaget', 'modtaget'])
    expect(sent.filter((email) => email.subject === 'Tak for din besked').map((email) => email.to)).toEqual(['offer@eksempel.dk', 'Offer+1@eksempel.dk', 'offer+2@eksempel.dk'])
    expect(sent.filter((email) => email.subject.startsWith('Ny besked fra'))).toHaveLength(5)
    const nextDay = new Date(now.getTime() + 24 * 60 * 60_000 + 1)
    expect((await submitContact(validForm({ email: 'offer@eksempel.dk' }), { ip: '10.0.1.9', db, transport, clock: () => nextDay })).status).toBe('sendt')
  })

  it('counts an IPv6 sender by its /64, so rotating addresses does not escape the limit', async () => {
    const { db } = temporaryDatabase()
    const transport = flakyTransport().transport
    vi.stubEnv('CONTACT_RATE_LIMIT', '2')
    expect((await submitContact(validForm(), { ip: '2001:db8:1:2::1', db, transport })).status).toBe('sendt')
    expect((await submitContact(validForm(), { ip: '2001:0db8:0001:0002:ffff::9', db, transport })).status).toBe('sendt')
    expect((await submitContact(validForm(), { ip: '2001:db8:1:2:abcd:1:2:3', db, transport })).status).toBe('for-mange')
    expect((await submitContact(validForm(), { ip: '2001:db8:1:3::1', db, transport })).status).toBe('sendt')
    expect(senderNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7')
  })

  it('deletes an enquiry that led to no course after the shorter period, with its outbox e-mails, and keeps a client’s message for the full one', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    vi.stubEnv('MAIL_OUTBOX_DIR', outbox)
    const received = new Date('2025-01-01T00:00:00.000Z')
    for (const ip of ['10.0.0.9', '10.0.0.10']) await submitContact(validForm(), { ip, db, transport: outboxTransport(outbox), clock: () => received })
    const [enquiry, client] = rows(db)
    db.update(contactMessages).set({ becameClientAt: '2025-01-05T00:00:00.000Z' }).where(eq(contactMessages.id, client!.id)).run()
    const day = (days: number) => new Date(received.getTime() + days * 86_400_000)

    expect(await purgeOldMessages({ db, now: day(site.enquiryRetentionDays) })).toEqual({ messages: 0, outboxFiles: 0 })
    expect(await purgeOldMessages({ db, now: new Date(day(site.enquiryRetentionDays).getTime() + 1) })).toEqual({ messages: 1, outboxFiles: 2 })
    expect(rows(db).map((row) => row.publicId)).toEqual([client!.publicId])
    expect(readdirSync(outbox).filter((name) => name.includes(enquiry!.publicId))).toEqual([])
    expect(await purgeOldMessages({ db, now: day(site.contactRetentionDays) })).toMatchObject({ messages: 0 })
    expect(await purgeOldMessages({ db, now: new Date(day(site.contactRetentionDays).getTime() + 1) })).toMatchObject({ messages: 1 })
  })

  it('deletes messages and outbox e-mails older than the retention period of the privacy policy', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const transport = outboxTransport(outbox)
    vi.stubEnv('MAIL_OUTBOX_DIR', outbox)
    {
      await submitContact(validForm(), { ip: '10.0.0.8', db, transport, clock: () => new Date('2024-01-01T00:00:00.000Z') })
      await submitContact(validForm(), { ip: '10.0.0.8', db, transport, clock: () => new Date('2025-06-01T00:00:00.000Z') })
      const [old, recent] = rows(db)
      // The outbox files carry their own dates: the old message's e-mails were written back then.
      for (const file of readdirSync(outbox).filter((name) => name.includes(old!.publicId))) {
        utimesSync(join(outbox, file), new Date('2024-01-01T00:00:00.000Z'), new Date('2024-01-01T00:00:00.000Z'))
      }
      expect(await purgeOldMessages({ db, now: new Date('2025-06-02T00:00:00.000Z') })).toEqual({ messages: 1, outboxFiles: 2 })
      expect(rows(db).map((row) => row.createdAt)).toEqual(['2025-06-01T00:00:00.000Z'])
      expect(readdirSync(outbox).sort()).toEqual([`contact-${recent!.publicId}-confirmation.json`, `contact-${recent!.publicId}-notification.json`])
    }
  })
})
