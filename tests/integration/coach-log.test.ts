import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { MAX_ATTEMPTS } from '~/server/outbox/outbox.server'
import { formData, temporaryDatabase } from '../helpers'
import { insertCalendarWrite } from '../outbox-rows'
import { NOW, memoryTransport } from './booking-helpers'
import { captureLogLines } from '../log-capture'

// What the coach's desk and the writes to her calendar tell the server's log (loaded afresh with
// the log on): a refused or sent sign-in link, a link that could not be sent, a calendar write that
// failed (a warning) or was given up (an error). Never the link, never an address.

let desk: typeof import('~/server/desk/desk-actions.server')
let deliverCalendarWrites: typeof import('~/server/calendar/calendar-writes.server').deliverCalendarWrites
const lines: Array<Record<string, unknown>> = []

// Loaded once, before the tests: inside a test, the load-time code would count as that test's alone.
beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'info')
  vi.resetModules()
  desk = await import('~/server/desk/desk-actions.server')
  deliverCalendarWrites = (await import('~/server/calendar/calendar-writes.server')).deliverCalendarWrites
}, 60_000)
afterAll(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})
beforeEach(() => {
  vi.stubEnv('COACH_EMAIL', 'coach@eksempel.dk')
  captureLogLines(lines)
})
afterEach(() => {
  vi.restoreAllMocks()
})

const logged = () => lines.map(({ time: _, ...line }) => line)

describe("the desk's sign-in in the log", () => {
  it('says a link was sent (and by which transport), and a link that could not be sent as a warning', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const afterAnswer: Array<() => Promise<unknown>> = []
    const ask = async (at: Date, clientAddress: string) => {
      await desk.handleLinkRequest(formData({ email: 'coach@eksempel.dk' }), { db, transport, clock: () => at, clientAddress, cookieHeader: null, afterAnswer: (work) => void afterAnswer.push(work) })
      for (const work of afterAnswer.splice(0)) await work()
    }
    await ask(NOW, '203.0.113.7')
    expect(logged()).toEqual([{ level: 'info', msg: 'desk link sent', id: expect.any(Number), by: 'memory', attempts: 1 }])
    lines.length = 0
    transport.failing = true
    await ask(new Date(NOW.getTime() + 11 * 60_000), '203.0.113.8')
    expect(logged()).toMatchObject([{ level: 'warn', msg: 'desk link failed', attempts: 1, gaveUp: false, error: 'udbyderen svarer ikke' }])
  })

  it('says why a link was refused: too many asked for, or one that does not work', async () => {
    const { db } = temporaryDatabase()
    const deps = { db, transport: memoryTransport(), clock: () => NOW, clientAddress: '203.0.113.7', cookieHeader: null, afterAnswer: () => {} }
    for (let n = 0; n < 10; n++) await desk.handleLinkRequest(formData({ email: `fremmed${n}@eksempel.dk` }), deps)
    lines.length = 0
    await desk.handleLinkRequest(formData({ email: 'endnu-en@eksempel.dk' }), deps)
    desk.handleSignIn(formData({ link: 'x'.repeat(43) }), deps)
    expect(logged()).toEqual([
      { level: 'info', msg: 'desk link refused', reason: 'for-mange' },
      { level: 'info', msg: 'desk link refused', reason: 'ugyldig' },
    ])
  })
})

describe('a calendar write in the log', () => {
  function queued(db: Db, attempts: number) {
    return insertCalendarWrite(db, 'b@eksempel.dk', 'delete', { createdAt: NOW.toISOString(), attempts })
  }

  it('that failed is a warning, and one given up an error', async () => {
    const { db } = temporaryDatabase()
    // Nothing listens on port 9: the write fails at once.
    const config = { url: 'http://127.0.0.1:9/kalender/' }
    const first = queued(db, 0)
    const last = queued(db, MAX_ATTEMPTS - 1)
    await deliverCalendarWrites({ db, clock: () => NOW, config })
    expect(logged()).toMatchObject([
      { level: 'warn', msg: 'calendar write failed', id: first.id, attempts: 1, gaveUp: false },
      { level: 'error', msg: 'calendar write failed', id: last.id, attempts: MAX_ATTEMPTS, gaveUp: true },
    ])
  })
})
