import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { not } from 'drizzle-orm'
import { bookings } from '#db/schema'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { formData, temporaryDatabase } from '../helpers'
import { bookingEmailRows, payloadIs, setEffects } from '../outbox-rows'
import { inStartRequest } from '../start-request'
import { MONDAY, NOW, TEST_FILE, memoryTransport } from './booking-helpers'
import { captureLogLines } from '../log-capture'

// What the booking posts write to the server's log (loaded afresh with the log on): every step by
// ids and outcomes, every failure as an error with its cause, and never the visitor's name,
// address, phone or manage link. The log is read from the streams it writes to.

type Endpoint = typeof import('~/server/booking/booking-endpoint.server')
let endpoint: Endpoint
let deliverBookingEmails: typeof import('~/server/booking/booking-mail.server').deliverBookingEmails
let openDatabase: typeof import('#db/database').openDatabase
const lines: Array<Record<string, unknown>> = []
const clock = () => NOW

// Loaded once, before the tests: inside a test, the load-time code of everything the endpoint
// imports would count as that test's alone, and Stryker would try its mutants against it only.
beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'info')
  vi.resetModules()
  endpoint = await import('~/server/booking/booking-endpoint.server')
  deliverBookingEmails = (await import('~/server/booking/booking-mail.server')).deliverBookingEmails
  openDatabase = (await import('#db/database')).openDatabase
}, 60_000)
afterAll(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})
beforeEach(() => {
  vi.stubEnv('BOOKING_RATE_LIMIT', undefined)
  captureLogLines(lines)
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** A temporary database opened by the freshly loaded modules (so they know which file it is), and the availability file. */
function setup() {
  const { db: first, dir } = temporaryDatabase()
  first.$client.close()
  const db = openDatabase(join(dir, 'site.db'))
  onTestFinished(() => {
    db.$client.close()
  })
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  return { db, dir }
}
const booking = (changes: Record<string, string> = {}) =>
  formData({ tidspunkt: `${MONDAY}T10:00`, navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: 'Mit private spørgsmål', website: '', ...changes })
const post = (run: () => Promise<Response>) => inStartRequest(new Request('http://localhost/_serverFn/book', { method: 'POST' }), '192.0.2.50', run).then(({ result }) => result)
/** The manage token from the link in the visitor's e-mail: the answer to the post carries none. */
const tokenIn = (transport: ReturnType<typeof memoryTransport>) => /\/booking\/([\w-]{32})/.exec(transport.sent.find((email) => email.to === 'mette@eksempel.dk')!.text)![1]!
/** The kind of the booking e-mail a log line names by its id (the line itself carries ids only). */
const kindOf = (db: Parameters<typeof bookingEmailRows>[0], id: unknown) => bookingEmailRows(db).find((email) => email.id === id)?.kind
/** The lines without their time, and without an error's stack (where the code runs is not the point). */
const steps = () => lines.map(({ time: _time, stack: _stack, ...rest }) => rest)

describe('the booking log', () => {
  it('names a booking, its e-mails and its cancellation by ids only', async () => {
    const { db } = setup()
    const transport = memoryTransport()
    await post(() => endpoint.handleBookingPost(booking(), { db, transport, clock }))
    const token = tokenIn(transport)
    await post(() => endpoint.handleManagePost(formData({ link: token, handling: 'aflys' }), { db, transport, clock }))
    const [row] = db.select().from(bookings).all()
    const emails = bookingEmailRows(db)
    const sent = (kind: string, role: string) => ({ level: 'info', msg: 'booking e-mail sent', id: emails.find((email) => email.kind === kind && email.role === role)!.id, by: 'memory', attempts: 1 })
    expect(steps()).toHaveLength(6)
    expect(steps()).toEqual(
      expect.arrayContaining([
        { level: 'info', msg: 'booking stored', publicId: row!.publicId },
        sent('bekraeftelse', 'gaest'),
        sent('bekraeftelse', 'coach'),
        { level: 'info', msg: 'booking aflys', publicId: row!.publicId, outcome: 'aflyst' },
        sent('aflyst', 'gaest'),
        sent('aflyst', 'coach'),
      ]),
    )
    const everything = JSON.stringify(lines)
    for (const secret of ['Mette', 'mette@eksempel.dk', '20 30 40 50', 'Mit private', token, '192.0.2.50']) expect(everything).not.toContain(secret)
  })

  it('names a post by an address with an upcoming booking by that booking’s id only, and the notice it is sent', async () => {
    const { db } = setup()
    const transport = memoryTransport()
    await post(() => endpoint.handleBookingPost(booking(), { db, transport, clock }))
    const token = tokenIn(transport)
    lines.length = 0
    await post(() => endpoint.handleBookingPost(booking({ tidspunkt: `${MONDAY}T11:00` }), { db, transport, clock }))
    const [row] = db.select().from(bookings).all()
    const [notice] = bookingEmailRows(db, payloadIs('kind', 'eksisterende'))
    expect(notice).toMatchObject({ kind: 'eksisterende', role: 'gaest' })
    expect(steps()).toEqual([
      { level: 'info', msg: 'booking tried by an address with a booking', publicId: row!.publicId },
      { level: 'info', msg: 'booking e-mail sent', id: notice!.id, by: 'memory', attempts: 1 },
    ])
    const everything = JSON.stringify(lines)
    for (const secret of ['Mette', 'mette@eksempel.dk', '20 30 40 50', 'Mit private', token, '192.0.2.50']) expect(everything).not.toContain(secret)
  })

  it('logs a failed e-mail as a warning with the provider’s answer, while it will be tried again', async () => {
    const { db } = setup()
    await post(() => endpoint.handleBookingPost(booking(), { db, transport: memoryTransport({ failing: true }), clock }))
    const failed = steps().filter((line) => line.msg === 'booking e-mail failed')
    expect(failed.map(({ id, ...rest }) => ({ ...rest, kind: kindOf(db, id) }))).toEqual([
      { level: 'warn', msg: 'booking e-mail failed', kind: 'bekraeftelse', attempts: 1, gaveUp: false, error: 'udbyderen svarer ikke' },
      { level: 'warn', msg: 'booking e-mail failed', kind: 'bekraeftelse', attempts: 1, gaveUp: false, error: 'udbyderen svarer ikke' },
    ])
  })

  it('logs an e-mail that gave up as an error, and goes on with the next e-mail of the run', async () => {
    const { db } = setup()
    const transport = memoryTransport({ failing: true })
    await post(() => endpoint.handleBookingPost(booking(), { db, transport, clock }))
    // Both confirmations have failed nine times, and their backoff has passed: the tenth attempt is
    // their last. (The reminder waits for its own time, a day before the conversation.)
    setEffects(db, 'booking-email', { attempts: 9, nextAttemptAt: NOW.toISOString() }, not(payloadIs('kind', 'paamindelse')))
    lines.length = 0
    expect(await deliverBookingEmails({ db, transport, clock })).toEqual({ tried: 2, delivered: 0, failed: 2 })
    expect(steps().map(({ id, ...rest }) => ({ ...rest, kind: kindOf(db, id) }))).toEqual([
      { level: 'error', msg: 'booking e-mail failed', kind: 'bekraeftelse', attempts: 10, gaveUp: true, error: 'udbyderen svarer ikke' },
      { level: 'error', msg: 'booking e-mail failed', kind: 'bekraeftelse', attempts: 10, gaveUp: true, error: 'udbyderen svarer ikke' },
    ])
  })

  it('logs as errors an e-mail whose outcome could not be recorded, and e-mails that could not be sent', async () => {
    const { db } = setup()
    // The connection goes away during the first e-mail: its outcome cannot be recorded, the next cannot be claimed.
    const closing: MailTransport = { name: 'lukker', send: async () => void db.$client.close() }
    await post(() => endpoint.handleBookingPost(booking(), { db, transport: closing, clock }))
    const errors = steps().filter((line) => line.level === 'error')
    expect(errors.map((line) => line.msg)).toEqual(['booking e-mail outcome not recorded', 'booking e-mails not sent'])
    expect(errors[0]).toMatchObject({ id: expect.any(Number), error: 'TypeError: The database connection is not open' })
    expect(errors[1]).toMatchObject({ bookingId: expect.any(Number), error: 'TypeError: The database connection is not open' })
  })

  it('logs a refused booking with its reason, a filled honeypot, and a booking that could not be stored', async () => {
    const { db, dir } = setup()
    const transport = memoryTransport()
    await post(() => endpoint.handleBookingPost(booking(), { db, transport, clock }))
    lines.length = 0
    await post(() => endpoint.handleBookingPost(booking({ email: 'anden@eksempel.dk' }), { db, transport, clock }))
    await post(() => endpoint.handleBookingPost(booking({ website: 'https://spam.example' }), { db, transport, clock }))
    rmSync(join(dir, 'site.db'))
    await post(() => endpoint.handleBookingPost(booking({ email: 'tredje@eksempel.dk', tidspunkt: `${MONDAY}T11:00` }), { db, transport, clock }))
    expect(steps().map(({ level, msg, reason }) => ({ level, msg, reason }))).toEqual([
      { level: 'info', msg: 'booking refused', reason: 'taget' },
      { level: 'info', msg: 'booking honeypot filled', reason: undefined },
      { level: 'error', msg: 'booking not stored', reason: undefined },
    ])
    expect(String(lines.at(-1)!.error)).toContain('database file missing')
  })

  it('logs nothing for an unknown action on the manage link, and answers it with the error', async () => {
    const { db } = setup()
    const transport = memoryTransport()
    await post(() => endpoint.handleBookingPost(booking(), { db, transport, clock }))
    const token = tokenIn(transport)
    lines.length = 0
    const answer = await post(() => endpoint.handleManagePost(formData({ link: token, handling: 'noget' }), { db, transport, clock }))
    expect([answer.status, answer.headers.get('location')]).toEqual([303, `/booking/${token}?status=fejl`])
    expect(steps()).toEqual([])
  })

  it('logs a change that could not be stored as an error with its cause', async () => {
    const { db, dir } = setup()
    const transport = memoryTransport()
    await post(() => endpoint.handleBookingPost(booking(), { db, transport, clock }))
    const token = tokenIn(transport)
    rmSync(join(dir, 'site.db'))
    lines.length = 0
    await post(() => endpoint.handleManagePost(formData({ link: token, handling: 'aflys' }), { db, transport, clock }))
    expect(steps().map(({ level, msg }) => ({ level, msg }))).toEqual([{ level: 'error', msg: 'booking change not stored' }])
    expect(String(lines[0]!.error)).toContain('database file missing')
  })
})
