import { type IncomingMessage, type Server, createServer } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contactMessages } from '#db/schema'
import { retryDelayMs, retryPendingMessages, submitContact } from '~/server/contact.server'
import { MAIL_SEND_TIMEOUT_MS, resendTransport } from '~/server/mail-transport.server'
import { temporaryDatabase } from '../helpers'

/**
 * A small local stand-in of Resend's HTTP API (POST /emails), which the real SDK talks to through
 * RESEND_BASE_URL. Like Resend, it accepts each Idempotency-Key once and answers a repeat with the
 * first e-mail's id; it can be told to fail or to hang.
 */
type Received = { key: string; authorization: string; body: Record<string, unknown> }
const api = {
  mode: 'ok' as 'ok' | 'error500' | 'error429' | 'hang',
  accepted: new Map<string, Received>(),
  requests: 0,
}
let server: Server

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    api.requests++
    const body = await readBody(request)
    const json = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
    if (request.method !== 'POST' || request.url !== '/emails') return json(404, { name: 'not_found', message: 'Not found' })
    if (api.mode === 'hang') return // never answers: the client has to give up
    if (api.mode === 'error500') return json(500, { name: 'internal_server_error', message: 'Intern fejl' })
    if (api.mode === 'error429') return json(429, { name: 'rate_limit_exceeded', message: 'Too many requests' })
    const key = String(request.headers['idempotency-key'] ?? '')
    if (!api.accepted.has(key)) api.accepted.set(key, { key, authorization: String(request.headers.authorization), body })
    return json(200, { id: `email-${key}` })
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
  api.mode = 'ok'
  api.accepted.clear()
  api.requests = 0
})

const form = (email: string) => {
  const data = new FormData()
  for (const [key, value] of Object.entries({ firstName: 'Anne', lastName: 'Jensen', email, phone: '21 43 65 87', serviceType: 'stress-coaching', message: 'Må jeg ringe til dig i morgen?' })) {
    data.set(key, value)
  }
  return data
}

describe('e-mail through the real Resend SDK', () => {
  it('sends both e-mails with the API key, their shape and an idempotency key carrying the message’s random id', async () => {
    const { db } = temporaryDatabase()
    const result = await submitContact(form('anne@eksempel.dk'), { ip: '10.1.0.1', db, transport: resendTransport('re_test_123') })
    expect(result).toEqual({ status: 'sendt' })
    const [row] = db.select().from(contactMessages).all()
    const notification = api.accepted.get(`contact-${row!.publicId}-notification`)
    const confirmation = api.accepted.get(`contact-${row!.publicId}-confirmation`)
    expect(api.accepted.size).toBe(2)
    for (const email of [notification, confirmation]) {
      expect(email?.authorization).toBe('Bearer re_test_123')
      expect(email?.body.from).toBe('Birgitte Holm <kontakt@holmcoaching.dk>')
      expect(String(email?.body.html)).toContain('<html')
      expect(String(email?.body.text).length).toBeGreaterThan(50)
    }
    expect(notification?.body).toMatchObject({ to: 'kontakt@holmcoaching.dk', reply_to: 'anne@eksempel.dk', subject: 'Ny besked fra Anne Jensen via hjemmesiden' })
    expect(String(notification?.body.text)).toContain('Må jeg ringe til dig i morgen?')
    expect(confirmation?.body).toMatchObject({ to: 'anne@eksempel.dk', subject: 'Tak for din besked' })
    expect(confirmation?.body.reply_to).toBeUndefined()
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it.each(['error500', 'error429'] as const)('keeps the message after a %s answer and sends it once on a later retry', async (mode) => {
    const { db } = temporaryDatabase()
    const start = new Date('2025-10-01T12:00:00.000Z')
    api.mode = mode
    expect(await submitContact(form('bo@eksempel.dk'), { ip: '10.1.0.2', db, transport: resendTransport('re_test'), clock: () => start })).toEqual({ status: 'modtaget' })
    expect(db.select().from(contactMessages).all()[0]).toMatchObject({ status: 'pending', attempts: 1 })
    expect(api.accepted.size).toBe(0)

    api.mode = 'ok'
    const later = new Date(start.getTime() + retryDelayMs(1))
    expect(await retryPendingMessages({ db, transport: resendTransport('re_test'), clock: () => later })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    // A second retry finds nothing to do: nothing is sent twice.
    expect(await retryPendingMessages({ db, transport: resendTransport('re_test'), clock: () => later, force: true })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(api.accepted.size).toBe(2)
    expect(db.select().from(contactMessages).all()[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('gives up on a hanging API after a timeout shorter than the lease, and the message stays retryable', async () => {
    expect(MAIL_SEND_TIMEOUT_MS).toBeLessThan(5 * 60_000)
    const { db } = temporaryDatabase()
    api.mode = 'hang'
    const started = Date.now()
    const result = await submitContact(form('cy@eksempel.dk'), { ip: '10.1.0.3', db, transport: resendTransport('re_test', { timeoutMs: 300 }) })
    expect(result).toEqual({ status: 'modtaget' })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(db.select().from(contactMessages).all()[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Resend svarede ikke inden for 0.3 s' })
  })
})
