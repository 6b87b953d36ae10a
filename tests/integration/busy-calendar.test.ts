import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bookingWeek, chosenSlot } from '~/server/booking/booking-pages.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { createBooking } from '~/server/booking/bookings.server'
import { busySourceStates, refreshBusySources } from '~/server/calendar/busy-sources.server'
import { googleLikeFeed } from '../../scripts/lib/busy-feed-fixture'
import { type FeedServer, startFeedServer } from '../calendar-servers'
import { temporaryDatabase } from '../helpers'
import { details } from './booking-helpers'

// The coach's own calendar closes the slots it should, read from a real HTTP feed served as Google
// serves a secret address: a table of every case in the fixture, then what a failing feed does.

const RULES = `varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
kalender_max_alder: 3 timer
uge:
  mandag: ["09:00", "10:00", "11:00"]
  tirsdag: ["13:00", "14:00"]
  onsdag: ["10:00"]
  torsdag: ["15:00", "16:00", "17:30"]
  fredag: ["10:00", "11:00"]
`
/** Friday 17 April 2026, 8.00 Danish time: the week of 20 April is inside notice and window. */
const NOW = new Date('2026-04-17T06:00:00Z')
const WINDOW = 28 * 1440

let feed: FeedServer
beforeEach(async () => {
  feed = await startFeedServer(googleLikeFeed())
  vi.stubEnv('BUSY_CALENDAR_URLS', feed.url)
  vi.stubEnv('CALDAV_URL', '')
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await feed.stop()
})

function setup() {
  const { db, dir } = temporaryDatabase()
  writeFileSync(join(dir, 'booking.yaml'), RULES)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  return db
}

const free = (db: ReturnType<typeof setup>, key: string, now = NOW) => chosenSlot(key, { db, clock: () => now }).state

describe('busy times from a calendar feed', () => {
  it('close exactly the slots they overlap, widened by the pause', async () => {
    const db = setup()
    expect((await refreshBusySources({ db, now: NOW, windowMinutes: WINDOW }))[0]).toMatchObject({ ok: true })
    const table: Array<[string, 'ledig' | 'ikke-ledig', string]> = [
      ['2026-04-20T09:00', 'ikke-ledig', 'weekly series 9.00–9.45'],
      ['2026-04-20T10:00', 'ledig', 'the series ends 9.45, the pause 10.00: no overlap'],
      ['2026-04-20T11:00', 'ledig', 'a cancelled event leaves the time open'],
      ['2026-04-27T09:00', 'ledig', 'EXDATE removes the series on 27 April'],
      ['2026-05-04T09:00', 'ledig', 'the instance of 4 May was moved away'],
      ['2026-05-05T13:00', 'ikke-ledig', '…to Tuesday 5 May 13.00'],
      ['2026-04-21T13:00', 'ledig', 'before the daily walk, pause included (13.30 + 15 min < 14.00)'],
      ['2026-04-21T14:00', 'ledig', 'the walk of 21 April is a cancelled instance'],
      ['2026-04-28T14:00', 'ikke-ledig', 'the daily walk of 28 April'],
      ['2026-04-22T10:00', 'ikke-ledig', 'an all-day day off'],
      ['2026-04-23T15:00', 'ledig', '15.30 + 15 min is before the New York meeting'],
      ['2026-04-23T16:00', 'ikke-ledig', '10.00 in New York is 16.00 in Denmark'],
      ['2026-04-23T17:30', 'ledig', 'after New York and its pause; the TRANSPARENT event 17–18 is free'],
      ['2026-04-24T10:00', 'ikke-ledig', 'a floating 10.00 is Danish 10.00'],
      ['2026-04-24T11:00', 'ledig', 'the floating event ends 10.30, + 15 min'],
    ]
    expect(table.map(([key, , why]) => [key, free(db, key), why])).toEqual(table.map(([key, state, why]) => [key, state, why]))
  })

  it('closes a slot inside the booking transaction too, not only on the page', async () => {
    const db = setup()
    await refreshBusySources({ db, now: NOW, windowMinutes: WINDOW })
    const availability = bookableAvailability(db, NOW)!
    expect(createBooking(db, { availability, date: '2026-04-24', time: '10:00', details: details(), ipHash: 'ip', now: NOW }).status).toBe('taget')
    expect(createBooking(db, { availability, date: '2026-04-24', time: '11:00', details: details(), ipHash: 'ip', now: NOW }).status).toBe('booket')
  })

  it('asks again with If-None-Match and keeps the copy on 304', async () => {
    const db = setup()
    await refreshBusySources({ db, now: NOW, windowMinutes: WINDOW })
    const later = new Date(NOW.getTime() + 5 * 60_000)
    expect((await refreshBusySources({ db, now: later, windowMinutes: WINDOW }))[0]).toMatchObject({ ok: true })
    expect(feed.requests.map((request) => request.ifNoneMatch === undefined)).toEqual([true, false])
    expect(free(db, '2026-04-20T09:00', later)).toBe('ikke-ledig')
  })

  it('keeps the last good copy while the feed fails, then offers no times once it is older than the file allows', async () => {
    const db = setup()
    await refreshBusySources({ db, now: NOW, windowMinutes: WINDOW })
    feed.mode = 'fail'
    const hourLater = new Date(NOW.getTime() + 60 * 60_000)
    expect(await refreshBusySources({ db, now: hourLater, windowMinutes: WINDOW })).toEqual([{ label: expect.stringContaining('kalender 1'), ok: false, error: 'svarede 500' }])
    expect(free(db, '2026-04-20T09:00', hourLater)).toBe('ikke-ledig')
    expect(free(db, '2026-04-20T10:00', hourLater)).toBe('ledig')

    // Stopped altogether: the copy from NOW is 3 hours and a minute old.
    await feed.stop()
    const tooOld = new Date(NOW.getTime() + 181 * 60_000)
    expect((await refreshBusySources({ db, now: tooOld, windowMinutes: WINDOW }))[0]).toMatchObject({ ok: false, error: expect.stringMatching(/^kunne ikke forbinde/) })
    expect(busySourceStates(db, 180, tooOld)).toEqual([expect.objectContaining({ stale: true, goodAt: NOW.toISOString() })])
    expect(bookingWeek(undefined, { db, clock: () => tooOld })).toEqual({ open: false })
    expect(free(db, '2026-04-20T10:00', tooOld)).toBe('lukket')
    feed = await startFeedServer(googleLikeFeed())
  })

  it('offers nothing before the first good copy, and gives up on a feed that hangs', async () => {
    const db = setup()
    expect(bookingWeek(undefined, { db, clock: () => NOW })).toEqual({ open: false })
    feed.mode = 'hang'
    const started = Date.now()
    expect((await refreshBusySources({ db, now: NOW, windowMinutes: WINDOW, timeoutMs: 300 }))[0]).toMatchObject({ ok: false, error: 'intet svar i tide' })
    expect(Date.now() - started).toBeLessThan(3000)
    expect(bookingWeek(undefined, { db, clock: () => NOW })).toEqual({ open: false })
  })

  it('never stores or reports the secret address', async () => {
    const db = setup()
    feed.mode = 'fail'
    const [result] = await refreshBusySources({ db, now: NOW, windowMinutes: WINDOW })
    const stored = JSON.stringify(db.$client.prepare('SELECT * FROM busy_sources').all())
    for (const text of [JSON.stringify(result), stored]) expect(text).not.toContain(feed.secret)
    expect(result!.label).toBe(`kalender 1 i BUSY_CALENDAR_URLS (${new URL(feed.url).host})`)
  })
})
