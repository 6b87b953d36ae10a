import { writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { bookings, busySources } from '#db/schema'
import { readState } from '~/server/app-state.server'
import { createBooking } from '~/server/booking/bookings.server'
import { type FeedServer, startFeedServer } from '../calendar-servers'
import { setEffects } from '../outbox-rows'
import { MONDAY, NOW, TEST_FILE, details, testAvailability } from './booking-helpers'
import { backgroundJobsHarness } from './jobs-harness'

// What the background jobs do with the coach's calendars: every minute they write her bookings into
// her CalDAV calendar and keep the rows in order; every few minutes one process reads the calendars
// that say when she is busy. Real HTTP servers stand in for her calendar services.

const jobsTest = backgroundJobsHarness(NOW)
const { useEnvironment, withDatabase, until, logged } = jobsTest
const DAY = 24 * 60 * 60 * 1000
const at = (ms: number) => new Date(NOW.getTime() + ms)

/** A feed with one busy hour 10, 20 and 30 days from now. */
function feedOfBusyDays(days: number[]) {
  const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  const events = days.flatMap((day) => ['BEGIN:VEVENT', `UID:optaget-${day}@eksempel.dk`, `DTSTAMP:${stamp(NOW)}`, `DTSTART:${stamp(at(day * DAY))}`, `DTEND:${stamp(at(day * DAY + 3_600_000))}`, 'SUMMARY:Optaget', 'END:VEVENT'])
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//DA', ...events, 'END:VCALENDAR', ''].join('\r\n')
}
const storedBusyDays = () =>
  jobsTest.withDatabase((db) => db.select().from(busySources).all()).flatMap((row) => row.intervals.map(([from]) => Math.round((from - NOW.getTime()) / DAY)))

let feed: FeedServer | undefined
afterEach(async () => {
  await feed?.stop()
  feed = undefined
})

describe("the background jobs and the coach's busy calendars", () => {
  it('read them at start and on their own timer, one process per interval, over the booking window', async () => {
    feed = await startFeedServer(feedOfBusyDays([10, 20, 30]))
    // The window: the file's seven days of booking, and a week beyond.
    writeFileSync(join(jobsTest.dir, 'booking.yaml'), TEST_FILE.replace('senest: 28 dage', 'senest: 7 dage'))
    useEnvironment({ BUSY_CALENDAR_URLS: feed.url })
    jobsTest.jobs.startBackgroundJobs()
    expect(vi.getTimerCount()).toBe(3)
    await vi.waitFor(() => expect(storedBusyDays()).toEqual([10]))
    expect(feed.requests).toHaveLength(1)

    // Another process (or a second start) within the interval reads nothing.
    await jobsTest.jobs.refreshCalendars()
    vi.setSystemTime(at(jobsTest.jobs.BUSY_REFRESH_MS - 6_000))
    await jobsTest.jobs.refreshCalendars()
    expect(feed.requests).toHaveLength(1)
    // The lease runs out a few seconds before the next interval, so the timer's run finds it free.
    vi.setSystemTime(at(jobsTest.jobs.BUSY_REFRESH_MS))
    await jobsTest.jobs.refreshCalendars()
    expect(feed.requests).toHaveLength(2)
  })

  it('read four weeks and one beyond while booking.yaml cannot be read', async () => {
    feed = await startFeedServer(feedOfBusyDays([10, 30, 40]))
    useEnvironment({ BUSY_CALENDAR_URLS: feed.url, BOOKING_FILE: join(jobsTest.dir, 'findes-ikke.yaml') })
    await jobsTest.jobs.refreshCalendars()
    expect(storedBusyDays()).toEqual([10, 30])
    expect(logged('busy calendar run failed')).toEqual([])
  })

  it('log a calendar that starts failing by its label, never its address, and once when it is read again', async () => {
    feed = await startFeedServer(feedOfBusyDays([3]))
    useEnvironment({ BUSY_CALENDAR_URLS: feed.url })
    const label = `kalender 1 i BUSY_CALENDAR_URLS (${new URL(feed.url).host})`
    const run = async (minutes: number) => {
      vi.setSystemTime(at(minutes * 60_000))
      await jobsTest.jobs.refreshCalendars()
    }
    await run(0)
    feed.mode = 'fail'
    await run(10)
    await run(20)
    feed.mode = 'ok'
    await run(30)
    await run(40)
    const calendarLines = jobsTest.lines.filter((line) => line.msg.startsWith('busy calendar'))
    expect(calendarLines.map(({ level, msg, source, error }) => ({ level, msg, source, error }))).toEqual([
      { level: 'error', msg: 'busy calendar failing: its last good copy is used', source: label, error: 'svarede 500' },
      { level: 'error', msg: 'busy calendar failing: its last good copy is used', source: label, error: 'svarede 500' },
      { level: 'info', msg: 'busy calendar read again', source: label, error: undefined },
    ])
    expect(JSON.stringify(jobsTest.lines)).not.toContain(feed.secret)
    expect(storedBusyDays()).toEqual([3])
  })

  it('are not read, and no lease is taken, when no calendar is set up', async () => {
    useEnvironment()
    jobsTest.jobs.startBackgroundJobs()
    expect(vi.getTimerCount()).toBe(2)
    await jobsTest.jobs.refreshCalendars()
    expect(withDatabase((db) => readState(db, 'lease:busy-refresh'))).toBeUndefined()
  })
})

/** A CalDAV server that takes every event it is given, and remembers how each came. */
async function startCaldavStandIn() {
  const received: Array<{ method: string; path: string; contentType?: string }> = []
  const server: Server = createServer((request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', contentType: request.headers['content-type'] })
    request.resume()
    response.writeHead(request.method === 'PUT' ? 201 : 404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/coach/kalender/`, received }
}

describe("the background jobs and the coach's bookings", () => {
  it('every minute: beat, give old bookings their UID, write new ones into her calendar and delete erased ones', async () => {
    const caldav = await startCaldavStandIn()
    useEnvironment({ CALDAV_URL: caldav.url, SITE_URL: 'https://coach.example' })
    const { erased, kept } = withDatabase((db) => {
      const availability = testAvailability()
      // Erased by the coach; its cancellation and its calendar's deletion went out.
      const gone = createBooking(db, { availability, date: MONDAY, time: '09:00', details: details('slet@eksempel.dk'), ipHash: 'a', now: NOW })
      if (gone.status !== 'booket') throw new Error(gone.status)
      db.update(bookings).set({ eraseRequestedAt: NOW.toISOString() }).where(eq(bookings.id, gone.booking.id)).run()
      setEffects(db, 'booking-email', { status: 'sent' })
      setEffects(db, 'calendar-write', { status: 'sent' })
      // Made before bookings stored their UID, and waiting for its calendar write.
      const old = createBooking(db, { availability, date: MONDAY, time: '10:00', details: details(), ipHash: 'b', now: NOW })
      if (old.status !== 'booket') throw new Error(old.status)
      db.update(bookings).set({ uid: '' }).where(eq(bookings.id, old.booking.id)).run()
      return { erased: gone.booking, kept: old.booking }
    })
    jobsTest.jobs.startBackgroundJobs()

    expect(await until('calendar write sent')).toMatchObject([{ level: 'info', by: 'caldav', attempts: 1 }])
    expect(logged('calendar write failed')).toEqual([])
    expect((await until('erased bookings deleted after their cancellation went out'))[0]).toMatchObject({ level: 'info', bookings: 1 })
    expect(caldav.received.filter((request) => request.method === 'PUT')).toHaveLength(1)
    withDatabase((db) => {
      expect(db.select({ id: bookings.id, uid: bookings.uid }).from(bookings).all()).toEqual([{ id: kept.id, uid: `${kept.publicId}@coach.example` }])
      expect(db.select().from(bookings).where(eq(bookings.id, erased.id)).get()).toBeUndefined()
      expect(readState(db, 'jobs:heartbeat')?.value).toBe(NOW.toISOString())
    })
  })
})
