import { type IncomingMessage, type Server, createServer } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { contactMessages } from '#db/schema'
import { retryPendingMessages, submitContact } from '~/server/contact/contact.server'
import { retryDelayMs } from '~/server/outbox/outbox.server'
import { MAIL_SEND_TIMEOUT_MS, resendTransport } from '~/server/mail/mail-transport.server'
import { temporaryDatabase } from '../helpers'
import { contactDelivery } from '../outbox-rows'

/**
 * A small local stand-in of Resend's HTTP API (POST /emails), which the real SDK reaches through
 * RESEND_BASE_URL. Like Resend, it sends each Idempotency-Key once: a repeat with the same payload
 * gets the first answer and is not sent again, a repeat with another payload is refused (409).
 * It answers the next requests as planned (an error, or nothing at all) and every later one normally.
 */
type Answer = 'ok' | 500 | 429 | 'hang'
type Received = { key: string; authorization: string; payload: string; body: Record<string, unknown> }
const api = {
  plan: [] as Answer[],
  requests: [] as Received[],
  /** What Resend would deliver: the first request accepted for each key. */
  sent: new Map<string, Received>(),
  conflicts: 0,
  hanging: [] as Array<() => void>,
}
let server: Server

const readPayload = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const payload = await readPayload(request)
    const json = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
    if (request.method !== 'POST' || request.url !== '/emails') return json(404, { statusCode: 404, name: 'not_found', message: 'Not found' })
    const received = { key: String(request.headers['idempotency-key'] ?? ''), authorization: String(request.headers.authorization), payload, body: JSON.parse(payload) }
    api.requests.push(received)
    const answer = api.plan.shift() ?? 'ok'
    if (answer === 'hang') {
      for (const notify of api.hanging.splice(0)) notify()
      return // never answers: the client has to give up
    }
    if (answer === 500) return json(500, { statusCode: 500, name: 'internal_server_error', message: 'An unexpected error occurred.' })
    if (answer === 429) return json(429, { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests. Please limit the number of requests per second.' })
    const first = api.sent.get(received.key)
    if (first && first.payload !== payload) {
      api.conflicts++
      return json(409, { statusCode: 409, name: 'invalid_idempotent_request', message: 'Same idempotency key used with a different request payload.' })
    }
    if (!first) api.sent.set(received.key, received)
    return json(200, { id: `email-${received.key}` })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(async () => {
  delete process.env.RESEND_BASE_URL
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  api.plan = []
  api.requests = []
  api.sent.clear()
  api.conflicts = 0
  api.hanging = []
})

const form = (email: string) => {
  const data = new FormData()
  for (const [key, value] of Object.entries({ firstName: 'Anne', lastName: 'Jensen', email, phone: '21 43 65 87', serviceType: 'stress-coaching', message: 'Må jeg ringe til dig i morgen?' })) {
    data.set(key, value)
  }
  return data
}

const onlyRow = (db: Db) => {
  const rows = db.select().from(contactMessages).all()
  expect(rows).toHaveLength(1)
  return { ...contactDelivery(db, rows[0]!.id), ...rows[0]! }
}
const keysOf = (publicId: string) => [`contact-${publicId}-notification`, `contact-${publicId}-confirmation`]
const requestsFor = (key: string) => api.requests.filter((request) => request.key === key).length

describe('e-mail through the real Resend SDK', () => {
  it('sends both e-mails with the API key from the environment, their shape and keys carrying the message’s random id', async () => {
    vi.stubEnv('RESEND_API_KEY', 're_test_123')
    onTestFinished(() => void vi.unstubAllEnvs())
    const { db } = temporaryDatabase()
    // No transport given: the flow picks Resend itself because RESEND_API_KEY is set.
    expect(await submitContact(form('anne@eksempel.dk'), { ip: '10.1.0.1', db })).toEqual({ status: 'sendt' })

    const row = onlyRow(db)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    const [notificationKey, confirmationKey] = keysOf(row.publicId)
    expect(row.publicId).toMatch(/^[0-9a-f-]{36}$/)
    expect(api.requests.map((request) => request.key)).toEqual([notificationKey, confirmationKey])
    const notification = api.sent.get(notificationKey!)!
    const confirmation = api.sent.get(confirmationKey!)!
    for (const email of [notification, confirmation]) {
      expect(email.authorization).toBe('Bearer re_test_123')
      expect(email.body.from).toBe(`${site.name} <${site.email}>`)
      expect(String(email.body.html)).toMatch(/^<!DOCTYPE html/i)
      expect(String(email.body.text).length).toBeGreaterThan(50)
    }
    expect(notification.body).toMatchObject({ to: site.email, reply_to: 'anne@eksempel.dk', subject: 'Ny besked fra Anne Jensen via hjemmesiden' })
    expect(String(notification.body.text)).toContain('Må jeg ringe til dig i morgen?')
    expect(String(notification.body.html)).toContain('Må jeg ringe til dig i morgen?')
    expect(confirmation.body).toMatchObject({ to: 'anne@eksempel.dk', subject: 'Tak for din besked' })
    expect(confirmation.body).not.toHaveProperty('reply_to')
    // The receipt goes to whatever address was typed in, so it carries nothing the sender wrote.
    expect(`${confirmation.body.html}${confirmation.body.text}`).not.toMatch(/Anne|Jensen|ringe til dig i morgen/)
  })

  it.each([
    { answers: [500] as Answer[], case: 'a 500 on the notification' },
    { answers: ['ok', 429] as Answer[], case: 'a 429 on the receipt after the notification went out' },
  ])('keeps the message after $case and sends each e-mail exactly once on a later retry', async ({ answers }) => {
    const { db } = temporaryDatabase()
    const start = new Date('2025-10-01T12:00:00.000Z')
    const transport = resendTransport('re_test')
    api.plan = [...answers]
    expect(await submitContact(form('bo@eksempel.dk'), { ip: '10.1.0.2', db, transport, clock: () => start })).toEqual({ status: 'modtaget' })
    const stored = onlyRow(db)
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, email: 'bo@eksempel.dk', message: 'Må jeg ringe til dig i morgen?' })
    expect(stored.lastError).toMatch(answers.includes(429) ? /^Resend: rate_limit_exceeded/ : /^Resend: internal_server_error/)

    // Not before its retry time, then once it has come.
    const tooEarly = new Date(start.getTime() + retryDelayMs(1) - 1000)
    expect(await retryPendingMessages({ db, transport, clock: () => tooEarly })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    const later = new Date(start.getTime() + retryDelayMs(1))
    expect(await retryPendingMessages({ db, transport, clock: () => later })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(onlyRow(db)).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    // A forced run afterwards finds nothing left to send.
    expect(await retryPendingMessages({ db, transport, clock: () => later, force: true })).toEqual({ tried: 0, delivered: 0, failed: 0 })

    const keys = keysOf(stored.publicId)
    expect([...api.sent.keys()].sort()).toEqual([...keys].sort())
    // The retry repeats whatever the failed attempt had already sent, under the same key and with the
    // same payload, so Resend answers it without sending it again; a changed payload would be refused.
    expect(api.conflicts).toBe(0)
    expect(keys.map(requestsFor)).toEqual(answers.length === 1 ? [2, 1] : [2, 2])
    expect(String(api.sent.get(keys[0]!)!.body.text)).toContain('Må jeg ringe til dig i morgen?')
  })

  it('sends an attachment (a calendar invitation) with its name, content type and exact bytes', async () => {
    await resendTransport('re_test').send({
      idempotencyKey: 'booking-abc-bekraeftelse-0-gaest',
      to: 'anne@eksempel.dk',
      from: 'Coach <kontakt@holmcoaching.dk>',
      subject: 'Din samtale er booket',
      html: '<p>Hej</p>',
      text: 'Hej',
      attachments: [{ filename: 'invitation.ics', content: 'BEGIN:VCALENDAR\r\nSUMMARY:Første samtale\r\n', contentType: 'text/calendar; charset=utf-8; method=REQUEST' }],
    })
    const [request] = api.requests
    expect(request!.key).toBe('booking-abc-bekraeftelse-0-gaest')
    expect(request!.body).not.toHaveProperty('reply_to')
    const [attachment] = request!.body.attachments as Array<{ filename: string; content: string; content_type: string }>
    expect(attachment).toMatchObject({ filename: 'invitation.ics', content_type: 'text/calendar; charset=utf-8; method=REQUEST' })
    expect(Buffer.from(attachment!.content, 'base64').toString('utf8')).toBe('BEGIN:VCALENDAR\r\nSUMMARY:Første samtale\r\n')
  })

  it('sends extra header fields (the newsletter\'s one-click unsubscribe) as Resend\'s headers', async () => {
    const headers = { 'List-Unsubscribe': '<https://www.eksempel.dk/nyhedsbrev/afmeld/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    await resendTransport('re_test').send({ idempotencyKey: 'k-2', to: 'anne@eksempel.dk', from: 'Coach <kontakt@holmcoaching.dk>', subject: 'Ny artikel', html: '<p>Hej</p>', text: 'Hej', headers })
    expect(api.requests[0]!.body.headers).toEqual(headers)
  })

  it('sends no attachments field when the e-mail has none', async () => {
    await resendTransport('re_test').send({ idempotencyKey: 'k-1', to: 'anne@eksempel.dk', from: 'Coach <kontakt@holmcoaching.dk>', replyTo: 'bo@eksempel.dk', subject: 'Emne', html: '<p>Hej</p>', text: 'Hej' })
    expect(api.requests[0]!.body).not.toHaveProperty('attachments')
    expect(api.requests[0]!.body).toMatchObject({ reply_to: 'bo@eksempel.dk', subject: 'Emne' })
  })

  it('cuts a hanging API off well inside the delivery lease, and a later retry sends the message', async () => {
    const { db } = temporaryDatabase()
    const start = new Date('2025-10-01T12:00:00.000Z')
    const timeoutMs = 300
    api.plan = ['hang']
    const hung = new Promise<void>((resolve) => api.hanging.push(resolve))
    const began = performance.now()
    const submitted = submitContact(form('cy@eksempel.dk'), { ip: '10.1.0.3', db, transport: resendTransport('re_test', { timeoutMs }), clock: () => start })

    // While Resend keeps it waiting, the message is claimed until the end of its lease.
    await hung
    const claimed = onlyRow(db)
    expect(claimed.status).toBe('sending')
    const leaseMs = new Date(claimed.nextAttemptAt!).getTime() - start.getTime()
    // A delivery sends two e-mails one after the other; both timing out still ends inside the lease.
    expect(2 * MAIL_SEND_TIMEOUT_MS).toBeLessThan(leaseMs)

    expect(await submitted).toEqual({ status: 'modtaget' })
    // Not given up early (a lower bound holds on any machine, however busy) ...
    expect(performance.now() - began).toBeGreaterThanOrEqual(timeoutMs - 20)
    // ... and not left hanging: the visitor's answer waits at most 8 s, the timeout far less, so
    // the attempt is recorded as timed out by the time the answer comes (no upper bound on the clock).
    expect(onlyRow(db)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Resend svarede ikke inden for 0.3 s' })
    expect(api.sent.size).toBe(0)

    // The retry has the site's own timeout: 0.3 s is for the hanging call, and a busy machine can
    // take longer than that to answer a call that does not hang.
    const later = new Date(start.getTime() + retryDelayMs(1))
    expect(await retryPendingMessages({ db, transport: resendTransport('re_test'), clock: () => later })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(onlyRow(db)).toMatchObject({ status: 'sent', attempts: 2 })
    expect([...api.sent.keys()].sort()).toEqual(keysOf(claimed.publicId).sort())
  })
})
