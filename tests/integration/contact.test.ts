import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contactMessages } from '#db/schema'
import { purgeOldMessages, retryDelayMs, retryPendingMessages, senderNetwork, submitContact } from '~/server/contact.server'
import { type Email, type MailTransport, outboxTransport } from '~/server/mail-transport.server'
import { temporaryDatabase } from '../helpers'

const validForm = (changes: Record<string, string> = {}) => {
  const form = new FormData()
  const fields = {
    firstName: 'Anne',
    lastName: 'Jensen',
    email: 'anne@eksempel.dk',
    phone: '20 30 40 50',
    serviceType: 'parcoaching',
    address: '',
    message: 'Vi vil gerne høre om parcoaching.',
    website: '',
    ...changes,
  }
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return form
}

/** A transport that fails while `down` is true and remembers what it delivered. */
function flakyTransport() {
  const delivered: Email[] = []
  let attemptsWhileDown = 0
  const transport: MailTransport & { down: boolean } = {
    name: 'test',
    down: false,
    async send(email) {
      if (transport.down) {
        attemptsWhileDown++
        throw new Error('Mailudbyderen svarer ikke')
      }
      delivered.push(email)
    },
  }
  return { transport, delivered, attemptsWhileDown: () => attemptsWhileDown }
}

const rows = (db: ReturnType<typeof temporaryDatabase>['db']) => db.select().from(contactMessages).all()

describe('contact flow', () => {
  const previousLimit = process.env.CONTACT_RATE_LIMIT
  beforeEach(() => {
    delete process.env.CONTACT_RATE_LIMIT
  })
  afterEach(() => {
    process.env.CONTACT_RATE_LIMIT = previousLimit
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
    expect(toVisitor.subject).toBe('Tak for din besked')
    expect(toVisitor.text).toContain('inden for 24 timer')
    // The receipt never repeats the message: the form cannot relay text to an address of choice.
    expect(toVisitor.text).not.toContain('Vi vil gerne høre om parcoaching.')
    expect(toVisitor.html).toContain('lang="da"')
  })

  it('keeps the message when the mail provider fails, and a later retry delivers it once', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const now = new Date('2025-10-01T12:00:00.000Z')

    expect(await submitContact(validForm(), { ip: '10.0.0.2', db, transport: mail.transport, now })).toEqual({ status: 'sendt' })
    expect(rows(db)[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Mailudbyderen svarer ikke' })

    // Not yet due: the backoff is respected.
    expect(await retryPendingMessages({ db, transport: mail.transport, now })).toEqual({ tried: 0, delivered: 0, failed: 0 })

    mail.transport.down = false
    const later = new Date(now.getTime() + retryDelayMs(1))
    expect(await retryPendingMessages({ db, transport: mail.transport, now: later })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(rows(db)[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(mail.delivered.map((email) => email.idempotencyKey).sort()).toEqual(['contact-1-confirmation', 'contact-1-notification'])
  })

  it('never lets two retry runs send the same message, and --alle revives one that gave up', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    mail.transport.down = true
    const now = new Date('2025-10-01T12:00:00.000Z')
    await submitContact(validForm(), { ip: '10.0.0.9', db, transport: mail.transport, now })
    db.update(contactMessages).set({ status: 'failed', attempts: 10 }).run()

    expect(await retryPendingMessages({ db, transport: mail.transport, now })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    mail.transport.down = false
    const runs = await Promise.all([
      retryPendingMessages({ db, transport: mail.transport, now, force: true }),
      retryPendingMessages({ db, transport: mail.transport, now, force: true }),
    ])
    expect(runs.map((run) => run.delivered).sort()).toEqual([0, 1])
    expect(mail.delivered).toHaveLength(2)
    expect(rows(db)[0]).toMatchObject({ status: 'sent' })
  })

  it('backs off exponentially up to six hours', () => {
    expect([1, 2, 3, 10, 20].map((attempt) => retryDelayMs(attempt) / 60_000)).toEqual([1, 2, 4, 360, 360])
  })

  it('answers a filled honeypot like success and stores nothing', async () => {
    const { db } = temporaryDatabase()
    const mail = flakyTransport()
    expect(await submitContact(validForm({ website: 'http://spam.example' }), { ip: '10.0.0.3', db, transport: mail.transport })).toEqual({ status: 'sendt' })
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
    const send = (ip: string, at = now) => submitContact(validForm(), { ip, db, transport, now: at })

    for (let index = 0; index < 5; index++) expect((await send('10.0.0.5')).status).toBe('sendt')
    expect((await send('10.0.0.5')).status).toBe('for-mange')
    expect((await send('10.0.0.6')).status).toBe('sendt')
    expect((await send('10.0.0.5', new Date(now.getTime() + 15 * 60_000 + 1000))).status).toBe('sendt')
    expect(rows(db)).toHaveLength(7)

    process.env.CONTACT_RATE_LIMIT = '1'
    expect((await send('10.0.0.7')).status).toBe('sendt')
    expect((await send('10.0.0.7')).status).toBe('for-mange')
  })

  it('counts an IPv6 sender by its /64, so rotating addresses does not escape the limit', async () => {
    const { db } = temporaryDatabase()
    const transport = flakyTransport().transport
    process.env.CONTACT_RATE_LIMIT = '2'
    expect((await submitContact(validForm(), { ip: '2001:db8:1:2::1', db, transport })).status).toBe('sendt')
    expect((await submitContact(validForm(), { ip: '2001:0db8:0001:0002:ffff::9', db, transport })).status).toBe('sendt')
    expect((await submitContact(validForm(), { ip: '2001:db8:1:2:abcd:1:2:3', db, transport })).status).toBe('for-mange')
    expect((await submitContact(validForm(), { ip: '2001:db8:1:3::1', db, transport })).status).toBe('sendt')
    expect(senderNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7')
  })

  it('deletes messages older than the retention period of the privacy policy', async () => {
    const { db } = temporaryDatabase()
    const transport = flakyTransport().transport
    await submitContact(validForm(), { ip: '10.0.0.8', db, transport, now: new Date('2024-01-01T00:00:00.000Z') })
    await submitContact(validForm(), { ip: '10.0.0.8', db, transport, now: new Date('2025-06-01T00:00:00.000Z') })
    expect((await purgeOldMessages({ db, now: new Date('2025-06-02T00:00:00.000Z') })).messages).toBe(1)
    expect(rows(db).map((row) => row.createdAt)).toEqual(['2025-06-01T00:00:00.000Z'])
  })
})
