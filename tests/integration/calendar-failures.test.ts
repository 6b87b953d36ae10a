import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { bookings, busySources, outbox } from '#db/schema'
import { createBooking } from '~/server/booking/bookings.server'
import { type BusySource, MAX_FEED_BYTES, refreshBusySources } from '~/server/calendar/busy-sources.server'
import { caldavConfig } from '~/server/calendar/caldav.server'
import { deliverCalendarWrites } from '~/server/calendar/calendar-writes.server'
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from '~/server/outbox/outbox.server'
import { freePort } from '../calendar-servers'
import { loadedAfresh, temporaryDatabase } from '../helpers'
import { insertCalendarWrite, setEffects } from '../outbox-rows'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'

// Calendars that answer badly: a feed that is no calendar, too large, unreachable or unchanged, and a
// CalDAV server that refuses a write. What the coach is told, what is kept, what is tried again.

type Handler = (request: IncomingMessage, response: ServerResponse) => void
let handle: Handler
let requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>
let server: Server
let base: string
beforeAll(async () => {
  server = createServer((request, response) => {
    const seen = { method: request.method!, url: request.url!, headers: request.headers, body: '' }
    requests.push(seen)
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      seen.body = Buffer.concat(chunks).toString('utf8')
      handle(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => {
  requests = []
})

const CALENDAR = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:a@test', 'DTSTAMP:20260401T120000Z', 'DTSTART:20260420T080000Z', 'DTEND:20260420T090000Z', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')
const feed = (url = `${base}/feed.ics`): BusySource => ({ kind: 'ics', url, key: 'feed', label: 'kalender 1' })
const refresh = async (db: Db, now: Date, source = feed()) => (await refreshBusySources({ db, now, windowMinutes: 28 * 1440, sources: [source] }))[0]!
/**
 * The busy-time reader as a new server loads it: its limits and the CalDAV query's time format are
 * made when the modules load. Loaded afresh, a test reads with them as they are now (and Stryker,
 * which switches a change on after the modules have loaded, can try its changes to them here).
 */
async function refreshAfresh() {
  const { refreshBusySources } = await loadedAfresh<typeof import('~/server/calendar/busy-sources.server')>('~/server/calendar/busy-sources.server')
  return async (db: Db, now: Date, source = feed()) => (await refreshBusySources({ db, now, windowMinutes: 28 * 1440, sources: [source] }))[0]!
}

describe('a busy-time feed', () => {
  it('is asked with If-Modified-Since while its copy is fresh, expanded again on 304 from the copy held, and read in full after six hours', async () => {
    const refresh = await refreshAfresh()
    const { db } = temporaryDatabase()
    handle = (request, response) => {
      if (request.headers['if-modified-since']) return response.writeHead(304).end()
      response.writeHead(200, { 'Content-Type': 'text/calendar', 'Last-Modified': 'Fri, 10 Apr 2026 08:00:00 GMT' }).end(CALENDAR)
    }
    expect(await refresh(db, NOW)).toEqual({ label: 'kalender 1', ok: true, intervals: 1 })
    expect(requests[0]!.headers['if-modified-since']).toBeUndefined()
    expect(requests[0]!.headers.accept).toBe('text/calendar')

    const later = new Date(NOW.getTime() + 6 * 3_600_000 - 1)
    expect(await refresh(db, later)).toEqual({ label: 'kalender 1', ok: true, intervals: 1 })
    expect(requests[1]!.headers['if-modified-since']).toBe('Fri, 10 Apr 2026 08:00:00 GMT')
    expect(requests[1]!.headers['if-none-match']).toBeUndefined()
    // The unchanged text is expanded again over the window as it is now.
    const row = db.select().from(busySources).get()!
    expect([row.goodAt, row.parsedAt, row.intervals.length]).toEqual([later.toISOString(), later.toISOString(), 1])

    await refresh(db, new Date(NOW.getTime() + 6 * 3_600_000))
    expect(requests[2]!.headers['if-modified-since']).toBeUndefined()
  })

  it('that is unchanged (304) still gives the busy times of the days a raised booking window now reaches', async () => {
    // `senest` raised from 28 to 56 days: the days past day 35 had no busy times until the next full read, up to 6 hours on.
    const { refreshBusySources } = await loadedAfresh<typeof import('~/server/calendar/busy-sources.server')>('~/server/calendar/busy-sources.server')
    const { db } = temporaryDatabase()
    const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    const text = CALENDAR.replace('DTSTART:20260420T080000Z', `DTSTART:${at(50)}`).replace('DTEND:20260420T090000Z', `DTEND:${at(51)}`)
    handle = (request, response) => {
      if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304, { ETag: '"v1"' }).end()
      response.writeHead(200, { 'Content-Type': 'text/calendar', ETag: '"v1"' }).end(text)
    }
    const refresh = async (days: number) => (await refreshBusySources({ db, now: NOW, windowMinutes: days * 1440, sources: [feed()] }))[0]
    expect(await refresh(28)).toMatchObject({ ok: true, intervals: 0 })
    expect(await refresh(56)).toMatchObject({ ok: true, intervals: 1 })
    expect(requests.map((request) => request.headers['if-none-match'])).toEqual([undefined, '"v1"'])
  })

  it('that answers something else than a calendar is refused, and the last good copy stays', async () => {
    const { db } = temporaryDatabase()
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(CALENDAR)
    await refresh(db, NOW)
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Log ind</html>')
    expect(await refresh(db, NOW)).toEqual({ label: 'kalender 1', ok: false, error: 'svaret er ikke en kalender (iCal)' })
    expect(db.select().from(busySources).get()).toMatchObject({ lastError: 'svaret er ikke en kalender (iCal)', goodAt: NOW.toISOString() })
    expect(db.select().from(busySources).get()!.intervals).toHaveLength(1)
  })

  it('is a calendar only when it says so at its start', async () => {
    const { db } = temporaryDatabase()
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(`<html>${' '.repeat(2048)}${CALENDAR}</html>`)
    expect(await refresh(db, NOW)).toMatchObject({ ok: false, error: 'svaret er ikke en kalender (iCal)' })
  })

  it('with a line that cannot be parsed is read past it, and the line is reported by its number, never its text', async () => {
    const { db } = temporaryDatabase()
    const broken = CALENDAR.replace('DTEND:20260420T090000Z', 'DTEND:20260420T090000Z\r\nMøde med Hanne om skilsmissen')
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(`${broken}\r\n`.replace('END:VCALENDAR', `${CALENDAR.split('\r\n').slice(1, -1).join('\r\n').replace('UID:a@test', 'UID:b@test').replace('T08', 'T10').replace('T09', 'T11')}\r\nEND:VCALENDAR`))
    const result = await refresh(db, NOW)
    expect(result).toEqual({ label: 'kalender 1', ok: true, intervals: 1, skipped: [{ text: 1, line: 8 }] })
    expect(JSON.stringify([result, db.select().from(busySources).all()])).not.toContain('Hanne')
  })

  it('with a password in its address is refused without repeating the address', async () => {
    const { db } = temporaryDatabase()
    // fetch refuses credentials in a URL with a message that quotes it, password and all.
    const result = await refresh(db, NOW, feed(`${base.replace('http://', 'http://coach:hemmelig@')}/feed.ics`))
    expect(result).toMatchObject({ ok: false, error: 'kunne ikke læses' })
    // Never read: no busy times stored, nothing good, only the failure.
    expect(db.select().from(busySources).get()).toEqual({
      sourceKey: 'feed',
      label: 'kalender 1',
      etag: null,
      lastModified: null,
      goodAt: null,
      parsedAt: null,
      checkedAt: NOW.toISOString(),
      intervals: [],
      lastError: 'kunne ikke læses',
    })
  })

  it('that redirects (even round in circles) is not followed, and is told the status it answered', async () => {
    const { db } = temporaryDatabase()
    handle = (request, response) => response.writeHead(302, { Location: request.url! }).end()
    expect(await refresh(db, NOW)).toEqual({ label: 'kalender 1', ok: false, error: 'svarede 302' })
  })

  it('gives the busy times from yesterday to a week past the booking window', async () => {
    const { db } = temporaryDatabase()
    const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    const event = (uid: string, ms: number) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260401T120000Z', `DTSTART:${at(ms)}`, `DTEND:${at(ms + 3_600_000)}`, 'END:VEVENT']
    const DAY = 86_400_000
    const window = 28 * DAY
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...event('i-gaar', -DAY + 60_000), ...event('for-gammel', -DAY - 3_600_000 - 60_000), ...event('sidst', window + 7 * DAY - 60_000), ...event('for-sent', window + 7 * DAY + 60_000), 'END:VCALENDAR'].join('\r\n')
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(text)
    await refresh(db, NOW)
    expect(db.select().from(busySources).get()!.intervals.map(([, , uid]) => uid)).toEqual(['i-gaar', 'sidst'])
  })

  it(`is read up to ${MAX_FEED_BYTES / 1024 / 1024} MB, and refused above`, async () => {
    const { db } = temporaryDatabase()
    const padded = (bytes: number) => {
      const text = CALENDAR.replace('END:VCALENDAR', 'X-FYLD:')
      return `${text}${'a'.repeat(bytes - text.length - '\r\nEND:VCALENDAR'.length)}\r\nEND:VCALENDAR`
    }
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(padded(MAX_FEED_BYTES))
    expect(await refresh(db, NOW)).toMatchObject({ ok: true, intervals: 1 })
    handle = (_, response) => response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(padded(MAX_FEED_BYTES + 1))
    expect(await refresh(db, NOW)).toMatchObject({ ok: false, error: 'kalenderen er større end 10 MB' })
  })

  it('that cannot be reached is told so with the reason, never with the address', async () => {
    const { db } = temporaryDatabase()
    expect(await refresh(db, NOW, feed(`http://127.0.0.1:${await freePort()}/private-hemmelig/basic.ics`))).toMatchObject({ ok: false, error: 'kunne ikke forbinde (ECONNREFUSED)' })
    const mistyped = await refresh(db, NOW, feed('calendar.example/private-hemmelig/basic.ics'))
    expect(mistyped).toMatchObject({ ok: false, error: 'ugyldig adresse – den skal begynde med https://' })
    expect(JSON.stringify([mistyped, db.select().from(busySources).all()])).not.toContain('hemmelig')
  })
})

describe('the CalDAV calendar read for busy times', () => {
  it('that refuses the query is told so with its answer', async () => {
    const { db } = temporaryDatabase()
    handle = (_, response) => response.writeHead(500).end()
    const source: BusySource = { kind: 'caldav', config: { url: `${base}/kalender/` }, key: 'caldav', label: 'CalDAV-kalenderen' }
    const refresh = await refreshAfresh()
    expect(await refresh(db, NOW, source)).toEqual({ label: 'CalDAV-kalenderen', ok: false, error: 'CalDAV REPORT svarede 500' })
    expect(requests[0]).toMatchObject({ method: 'REPORT', url: '/kalender/', headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' } })
    // The events from yesterday to a week past the 28-day booking window, in the UTC form CalDAV asks for.
    expect(requests[0]!.body).toContain('<C:time-range start="20260409T090000Z" end="20260515T090000Z"/>')
  })

  it('asks for the period in the UTC form CalDAV reads (the query as a new server makes it)', async () => {
    const { eventsBetween } = await loadedAfresh<typeof import('~/server/calendar/caldav.server')>('~/server/calendar/caldav.server')
    handle = (_, response) => response.writeHead(207, { 'Content-Type': 'application/xml' }).end('<d:multistatus xmlns:d="DAV:"/>')
    expect(await eventsBetween({ url: `${base}/kalender/` }, Date.parse('2026-04-20T08:00:00.123Z'), Date.parse('2026-04-21T22:00:00Z'))).toEqual([])
    expect(requests[0]!.body).toContain('<C:time-range start="20260420T080000Z" end="20260421T220000Z"/>')
  })

  it('at an address typed without https:// is told so, and the site goes on', async () => {
    const { db } = temporaryDatabase()
    const config = caldavConfig({ CALDAV_URL: 'dav.example/kalender' })!
    const source: BusySource = { kind: 'caldav', config, key: 'caldav', label: 'CalDAV-kalenderen (ugyldig adresse)' }
    expect(await refresh(db, NOW, source)).toEqual({ label: source.label, ok: false, error: 'ugyldig adresse – den skal begynde med https://' })
    expect(requests).toEqual([])
  })
})

describe('a write to the CalDAV calendar', () => {
  const config = () => ({ url: `${base}/kalender/` })
  /** One calendar write in the outbox, due now unless told otherwise. */
  const insertWrite = (db: Db, uid: string, action: 'put' | 'delete', values: Partial<typeof outbox.$inferInsert> = {}) => insertCalendarWrite(db, uid, action, { createdAt: NOW.toISOString(), ...values })
  /** A booking's write, the only one queued: a put of the booking as it stands, or the delete of an erased booking's event. */
  function queued(db: Db, action: 'put' | 'delete', attempts = 0) {
    const outcome = createBooking(db, { availability: testAvailability(), date: MONDAY, time: '10:00', details: details(), ipHash: 'ip', now: NOW })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    db.delete(outbox).where(eq(outbox.kind, 'calendar-write')).run()
    // The booking as it stands decides what a write does: for a delete, the booking is gone (erased).
    if (action === 'delete') db.delete(bookings).where(eq(bookings.id, outcome.booking.id)).run()
    return insertWrite(db, outcome.booking.uid, action, { attempts })
  }
  const deliver = (db: Db) => deliverCalendarWrites({ db, clock: () => NOW, config: config() })
  const write = (db: Db, id: number) => db.select().from(outbox).where(eq(outbox.id, id)).get()!
  /** Answers each method as listed; the event exists (PUT If-None-Match: * gives 412). */
  const calendar = (answers: Record<string, [number, Record<string, string>?]>) => {
    handle = (request, response) => {
      const [status, headers] = answers[request.method!] ?? [500]
      response.writeHead(status, headers).end()
    }
  }

  it('replaces an event that exists with the version it read (If-Match), and says so when that fails', async () => {
    const { db } = temporaryDatabase()
    const { id } = queued(db, 'put')
    calendar({ PUT: [412], GET: [200, { ETag: '"v1"' }] })
    expect(await deliver(db)).toEqual({ tried: 1, delivered: 0, failed: 1 })
    // The event goes as iCalendar in UTF-8 (the visitor's name can hold any letter).
    expect(requests.map((request) => [request.method, request.headers['if-none-match'], request.headers['if-match'], request.headers['content-type']])).toEqual([
      ['PUT', '*', undefined, 'text/calendar; charset=utf-8'],
      ['GET', undefined, undefined, undefined],
      ['PUT', undefined, '"v1"', 'text/calendar; charset=utf-8'],
    ])
    expect(write(db, id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'PUT svarede 412', nextAttemptAt: new Date(NOW.getTime() + retryDelayMs(1)).toISOString() })
  })

  it('is not made without the ETag of what is there', async () => {
    const { db } = temporaryDatabase()
    const put = queued(db, 'put')
    calendar({ PUT: [412], GET: [200] })
    await deliver(db)
    expect(write(db, put.id).lastError).toBe('GET svarede 200')
  })

  it("removes a cancelled booking's event with the version it read; one already gone is done", async () => {
    const { db } = temporaryDatabase()
    const removal = queued(db, 'delete')
    calendar({ GET: [200, { ETag: '"v2"' }], DELETE: [500] })
    await deliver(db)
    expect(write(db, removal.id)).toMatchObject({ status: 'pending', lastError: 'DELETE svarede 500' })
    expect(requests.at(-1)!.headers['if-match']).toBe('"v2"')

    calendar({ GET: [200] })
    setEffects(db, 'calendar-write', { nextAttemptAt: NOW.toISOString() })
    await deliver(db)
    expect(write(db, removal.id).lastError).toBe('GET svarede 200')

    calendar({ GET: [200, { ETag: '"v2"' }], DELETE: [404] })
    setEffects(db, 'calendar-write', { nextAttemptAt: NOW.toISOString() })
    expect(await deliver(db)).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(write(db, removal.id)).toMatchObject({ status: 'sent', lastError: null })

    // Not there when read (cancelled before it was ever written, or removed by her): nothing to delete.
    const never = insertWrite(db, 'aldrig@test', 'delete')
    requests = []
    calendar({ GET: [404] })
    expect(await deliver(db)).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(write(db, never.id)).toMatchObject({ status: 'sent', lastError: null })
    expect(requests.map((request) => request.method)).toEqual(['GET'])
  })

  it('is claimed while it is carried out, and taken up again when a claim ran out unfinished', async () => {
    const { db } = temporaryDatabase()
    const { id } = queued(db, 'delete')
    let during: ReturnType<typeof write> | undefined
    handle = (_, response) => {
      during ??= write(db, id)
      response.writeHead(404).end()
    }
    expect(await deliver(db)).toEqual({ tried: 1, delivered: 1, failed: 0 })
    // Claimed for the lease: another run leaves it alone until then, and takes it up if this one dies.
    expect(during).toMatchObject({ status: 'sending', attempts: 0, nextAttemptAt: new Date(NOW.getTime() + LEASE_MS).toISOString() })

    // A run that died while sending left its claim: once the lease is over the write is carried out, not before.
    const left = { status: 'sending' as const, claimToken: 'doed' }
    const expired = insertWrite(db, 'efterladt@test', 'delete', { ...left, nextAttemptAt: new Date(NOW.getTime() - 1).toISOString() })
    const held = insertWrite(db, 'holdt@test', 'delete', { ...left, nextAttemptAt: new Date(NOW.getTime() + 60_000).toISOString() })
    expect(await deliver(db)).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect([write(db, expired.id).status, write(db, held.id).status]).toEqual(['sent', 'sending'])
  })

  it('is carried out once when two runs overlap: a run skips what the other has claimed', async () => {
    // The background job and a command of the coach's can deliver at the same time.
    const { db } = temporaryDatabase()
    const first = queued(db, 'delete')
    const second = insertWrite(db, 'andet@test', 'delete')
    handle = (_, response) => setTimeout(() => response.writeHead(404).end(), 50)
    expect(await Promise.all([deliver(db), deliver(db)])).toEqual([
      { tried: 1, delivered: 1, failed: 0 },
      { tried: 1, delivered: 1, failed: 0 },
    ])
    const asked = requests.map((request) => request.url)
    expect([asked.length, new Set(asked).size, asked.includes('/kalender/andet%40test.ics')]).toEqual([2, 2, true])
    expect([write(db, first.id).status, write(db, second.id).status]).toEqual(['sent', 'sent'])
  })

  it('that gets no answer is recorded as »intet svar i tide« and tried again later', async () => {
    const { db } = temporaryDatabase()
    const { id } = queued(db, 'delete')
    const waiting: ServerResponse[] = []
    handle = (_, response) => void waiting.push(response)
    // The module's own 10-second timeout, made a tenth of a second: the same AbortSignal.timeout, fired sooner.
    const timeout = AbortSignal.timeout.bind(AbortSignal)
    const shortened = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(100))
    try {
      expect(await deliver(db)).toEqual({ tried: 1, delivered: 0, failed: 1 })
    } finally {
      shortened.mockRestore()
      for (const response of waiting) response.destroy()
    }
    expect(write(db, id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'intet svar i tide' })
  })

  it('to an address copied with its sign-in sends the sign-in as Basic auth, and never stores or repeats it', async () => {
    const { db } = temporaryDatabase()
    const { id } = queued(db, 'put')
    calendar({ PUT: [201] })
    const signedIn = caldavConfig({ CALDAV_URL: `${base.replace('http://', 'http://coach:hemmelig%21@')}/kalender/` })
    expect(signedIn).toEqual({ url: `${base}/kalender/`, authorization: `Basic ${Buffer.from('coach:hemmelig!').toString('base64')}` })
    expect(await deliverCalendarWrites({ db, clock: () => NOW, config: signedIn })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    // The PUT's answer carried no ETag: the site asks for it (HEAD), to replace only its own version next time.
    expect(requests.map((request) => [request.method, request.url.startsWith('/kalender/'), request.headers.authorization])).toEqual([
      ['PUT', true, signedIn!.authorization],
      ['HEAD', true, signedIn!.authorization],
    ])
    expect(write(db, id)).toMatchObject({ status: 'sent', lastError: null })
    // A password typed with a bare % means what it says; CALDAV_USER or CALDAV_PASSWORD, when set, are the sign-in.
    const basic = (signIn: string) => `Basic ${Buffer.from(signIn).toString('base64')}`
    expect(caldavConfig({ CALDAV_URL: 'https://coach:50%rabat@caldav.eksempel.dk/k/' })).toEqual({ url: 'https://caldav.eksempel.dk/k/', authorization: basic('coach:50%rabat') })
    expect(caldavConfig({ CALDAV_URL: 'https://a:b@caldav.eksempel.dk/k/', CALDAV_USER: 'coach', CALDAV_PASSWORD: 'kode' })?.authorization).toBe(basic('coach:kode'))

    // A calendar that cannot be reached is told so by the reason alone.
    const other = temporaryDatabase().db
    const closed = queued(other, 'put')
    const unreachable = caldavConfig({ CALDAV_URL: `http://coach:hemmelig@127.0.0.1:${await freePort()}/kalender/` })
    expect(await deliverCalendarWrites({ db: other, clock: () => NOW, config: unreachable })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    expect(write(other, closed.id)).toMatchObject({ status: 'pending', lastError: 'kunne ikke forbinde (ECONNREFUSED)' })

    // An address typed without https:// is told so, and the write waits for the address to be put right.
    const third = temporaryDatabase().db
    const mistyped = queued(third, 'put')
    expect(await deliverCalendarWrites({ db: third, clock: () => NOW, config: caldavConfig({ CALDAV_URL: 'dav.example/kalender' }) })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    expect(write(third, mistyped.id)).toMatchObject({ status: 'pending', lastError: 'ugyldig adresse – den skal begynde med https://' })
  })

  it('is skipped while no CalDAV calendar is set', async () => {
    const { db } = temporaryDatabase()
    const { id } = queued(db, 'delete')
    vi.stubEnv('CALDAV_URL', '')
    try {
      expect(await deliverCalendarWrites({ db, clock: () => NOW })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    } finally {
      vi.unstubAllEnvs()
    }
    expect(write(db, id)).toMatchObject({ status: 'skipped', attempts: 0, lastError: null, nextAttemptAt: null })
    expect(requests).toEqual([])
  })

  it(`is given up after ${MAX_ATTEMPTS} attempts`, async () => {
    const { db } = temporaryDatabase()
    const last = queued(db, 'delete', MAX_ATTEMPTS - 1)
    calendar({})
    await deliver(db)
    expect(write(db, last.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null, lastError: 'GET svarede 500' })
  })
})
