import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { contactMessages } from '#db/schema'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { temporaryDatabase } from '../helpers'
import { contactDelivery, setEffects } from '../outbox-rows'
import { inStartRequest } from '../start-request'
import { flakyTransport, validForm } from './contact-helpers'

// What the contact flow tells whoever runs the site, one JSON line per event: the log is how a lost
// e-mail or a database outage is noticed. Each line carries ids and hashes, never what a visitor
// wrote or their address. The tests run with logging off, so the modules are loaded afresh with it on.

type Line = Record<string, unknown>
const lines: Line[] = []
let contact: typeof import('~/server/contact/contact.server')
let worker: typeof import('~/server/outbox/worker.server')
let endpoint: typeof import('~/server/contact/contact-endpoint.server')
let page: typeof import('~/server/contact/contact-page.server')

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'info')
  const capture = (stream: string) => (chunk: unknown) => {
    if (typeof chunk === 'string' && chunk.startsWith('{')) {
      const { time, ...line } = JSON.parse(chunk) as Line
      expect(Date.parse(String(time))).not.toBeNaN()
      lines.push({ stream, ...line })
    }
    return true
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(capture('stdout'))
  vi.spyOn(process.stderr, 'write').mockImplementation(capture('stderr'))
  vi.resetModules()
  contact = await import('~/server/contact/contact.server')
  worker = await import('~/server/outbox/worker.server')
  endpoint = await import('~/server/contact/contact-endpoint.server')
  page = await import('~/server/contact/contact-page.server')
}, 60_000)

afterAll(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  vi.resetModules()
})

beforeEach(() => {
  lines.length = 0
  vi.stubEnv('CONTACT_RATE_LIMIT', undefined)
})
afterEach(() => {
  vi.stubEnv('CONTACT_RATE_LIMIT', undefined)
})

const start = new Date('2025-10-01T12:00:00.000Z')
const days = (count: number) => () => new Date(start.getTime() + count * 86_400_000)
type TestDb = ReturnType<typeof temporaryDatabase>['db']
const only = (db: TestDb) => db.select().from(contactMessages).get()!
const mailDown: MailTransport = { name: 'nede', send: () => Promise.reject(new Error('Mailudbyderen svarer ikke')) }

describe('the contact flow’s log', () => {
  it('says a message was stored and its e-mails sent, with ids and the sender’s hash only', async () => {
    const { db } = temporaryDatabase()
    const { transport } = flakyTransport()
    expect(await contact.submitContact(validForm(), { ip: '192.0.2.41', db, transport, clock: () => start })).toEqual({ status: 'sendt' })
    const row = only(db)
    expect(lines).toEqual([
      { stream: 'stdout', level: 'info', msg: 'contact message stored', id: row.id, publicId: row.publicId, ipHash: row.ipHash },
      { stream: 'stdout', level: 'info', msg: 'contact e-mail sent', id: contactDelivery(db, row.id).id, by: 'test', attempts: 1 },
    ])
    const written = JSON.stringify(lines)
    for (const personal of ['Anne', 'Jensen', 'anne@eksempel.dk', '20 30 40 50', 'parcoaching', '192.0.2.41']) expect(written).not.toContain(personal)
  })

  it('tells a filled honeypot apart from a message, and logs nothing else for it', async () => {
    const { db } = temporaryDatabase()
    expect(await contact.submitContact(validForm({ website: 'http://spam.example' }), { ip: '192.0.2.42', db, transport: mailDown })).toEqual({ status: 'modtaget' })
    expect(lines).toEqual([{ stream: 'stdout', level: 'info', msg: 'contact honeypot filled' }])
  })

  it('warns when a sender reaches the limit, naming the sender by hash', async () => {
    const { db } = temporaryDatabase()
    vi.stubEnv('CONTACT_RATE_LIMIT', '1')
    const { transport } = flakyTransport()
    await contact.submitContact(validForm(), { ip: '192.0.2.43', db, transport, clock: () => start })
    lines.length = 0
    expect(await contact.submitContact(validForm(), { ip: '192.0.2.43', db, transport, clock: () => start })).toEqual({ status: 'for-mange' })
    expect(lines).toEqual([{ stream: 'stderr', level: 'warn', msg: 'contact rate limit reached', ipHash: only(db).ipHash }])
  })

  it('warns of each failed attempt and calls the last one an error, when it gives up', async () => {
    const { db } = temporaryDatabase()
    expect(await contact.submitContact(validForm(), { ip: '192.0.2.44', db, transport: mailDown, clock: () => start })).toEqual({ status: 'modtaget' })
    const { id } = contactDelivery(db, only(db).id)
    expect(lines.slice(1)).toEqual([{ stream: 'stderr', level: 'warn', msg: 'contact e-mail failed', id, attempts: 1, gaveUp: false, error: 'Mailudbyderen svarer ikke' }])

    // The ninth attempt failed too: the tenth is the last.
    setEffects(db, 'contact-email', { attempts: 9 })
    lines.length = 0
    expect(await contact.retryPendingMessages({ db, transport: mailDown, clock: days(1) })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    expect(lines).toEqual([{ stream: 'stderr', level: 'error', msg: 'contact e-mail failed', id, attempts: 10, gaveUp: true, error: 'Mailudbyderen svarer ikke' }])
    expect(contactDelivery(db, only(db).id)).toMatchObject({ status: 'failed', attempts: 10 })
  })

  it('warns when a delivery outlived its claim, whether its e-mails went out or not, and not when it held the claim', async () => {
    const { db } = temporaryDatabase()
    await contact.submitContact(validForm(), { ip: '192.0.2.45', db, transport: mailDown, clock: () => start })
    setEffects(db, 'contact-email', { status: 'sending', claimToken: 'den-nuværende' })
    const held = contactDelivery(db, only(db).id)
    const { transport } = flakyTransport()
    const deliver = async (row: typeof held, via: MailTransport) => (await worker.carryOut(db, row, contact.contactEmailHandler(via), () => start)) === 'sent'

    lines.length = 0
    expect(await deliver({ ...held, claimToken: 'en-gammel' }, transport)).toBe(true)
    expect(lines).toEqual([
      { stream: 'stderr', level: 'warn', msg: 'contact e-mail claim lost; its new holder records the outcome', id: held.id, delivered: true },
      { stream: 'stdout', level: 'info', msg: 'contact e-mail sent', id: held.id, by: 'test', attempts: 2 },
    ])

    lines.length = 0
    expect(await deliver({ ...held, claimToken: 'en-gammel' }, mailDown)).toBe(false)
    expect(lines).toEqual([
      { stream: 'stderr', level: 'warn', msg: 'contact e-mail claim lost; its new holder records the outcome', id: held.id, delivered: false },
      { stream: 'stderr', level: 'warn', msg: 'contact e-mail failed', id: held.id, attempts: 2, gaveUp: false, error: 'Mailudbyderen svarer ikke' },
    ])
    expect(contactDelivery(db, only(db).id)).toEqual(held)

    lines.length = 0
    expect(await deliver(held, transport)).toBe(true)
    expect(lines).toEqual([{ stream: 'stdout', level: 'info', msg: 'contact e-mail sent', id: held.id, by: 'test', attempts: 2 }])
  })

  it('calls it an error when the outcome of a delivery cannot be recorded', async () => {
    const { db } = temporaryDatabase()
    await contact.submitContact(validForm(), { ip: '192.0.2.46', db, transport: mailDown, clock: () => start })
    setEffects(db, 'contact-email', { status: 'sending', claimToken: 'min' })
    const claimed = contactDelivery(db, only(db).id)
    // The connection goes away while the e-mails are on their way.
    const closing: MailTransport = { name: 'lukker', send: async () => void db.$client.close() }
    lines.length = 0
    expect(await worker.carryOut(db, claimed, contact.contactEmailHandler(closing), () => start)).toBe('sent')
    expect(lines).toEqual([
      { stream: 'stderr', level: 'error', msg: 'contact e-mail outcome not recorded', id: claimed.id, error: 'TypeError: The database connection is not open', stack: expect.any(Array) },
      { stream: 'stderr', level: 'warn', msg: 'contact e-mail claim lost; its new holder records the outcome', id: claimed.id, delivered: true },
      { stream: 'stdout', level: 'info', msg: 'contact e-mail sent', id: claimed.id, by: 'lukker', attempts: 2 },
    ])
  })
})

describe('the log of a message the database would not keep', () => {
  const notStored = { stream: 'stderr', level: 'error', msg: 'contact message not stored', error: 'TypeError: The database connection is not open', stack: expect.any(Array) }

  it('is an error from the JavaScript form’s endpoint', async () => {
    const { db } = temporaryDatabase()
    db.$client.close()
    const request = new Request('http://localhost/_serverFn/kontakt', { method: 'POST', headers: { 'x-tsr-serverfn': 'true' } })
    expect(await inStartRequest(request, '192.0.2.47', () => endpoint.handleContactPost(validForm(), { db, transport: mailDown })).then(({ result, status }) => ({ result, status }))).toEqual({ result: { status: 'fejl' }, status: 503 })
    expect(lines).toEqual([notStored])
  })

  it('is an error from the plain form post', async () => {
    const { db } = temporaryDatabase()
    db.$client.close()
    const request = new Request('http://localhost/kontakt', { method: 'POST', body: validForm() })
    const answer = await inStartRequest(request, '192.0.2.48', () => page.answerPlainContactPost(request, { db, transport: mailDown }))
    expect(answer.result).toMatchObject({ draft: { result: { status: 'fejl' } } })
    expect(lines).toEqual([notStored])
  })
})
