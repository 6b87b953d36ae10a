import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { bookings, busySources } from '#db/schema'
import { cancelBooking, createBooking } from '~/server/booking/bookings.server'
import { bookingsFeedResponse, feedBookings, feedSecret, isFeedFile } from '~/server/calendar/bookings-feed.server'
import { type BusySource, busyBetween, busySourceStates, storedSourceStates } from '~/server/calendar/busy-sources.server'
import { loadedAfresh, temporaryDatabase } from '../helpers'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'

// The coach's calendar without a calendar server: the private feed's secret and what it lists, the
// event a booking becomes, and the busy times as the commands read them (run without the site's
// environment). coach-calendar.test.ts and busy-calendar.test.ts run the real servers.

const SECRET = 'et-langt-hemmeligt-ord-til-kalenderen'
beforeEach(() => {
  vi.stubEnv('COACH_CALENDAR_SECRET', SECRET)
  vi.stubEnv('BUSY_CALENDAR_URLS', '')
  vi.stubEnv('CALDAV_URL', '')
})
afterEach(() => vi.unstubAllEnvs())

function book(db: Db, time: string, { email = 'mette@eksempel.dk', form = 'telefon' as 'telefon' | 'video' | 'fremmoede', note = '', date = MONDAY, now = NOW } = {}) {
  const outcome = createBooking(db, { availability: testAvailability(), date, time, details: { ...details(email), form, besked: note }, ipHash: `ip-${email}`, now })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  return outcome.booking
}
/**
 * A module as a new server loads it: the feed's headers and its digest, and the helpers that make an
 * event, are made when the module loads. Loaded afresh, a test sees them as they are now (and Stryker,
 * which switches a change on after the modules have loaded, can try its changes to them here).
 */
const coachCalendar = () => loadedAfresh<typeof import('~/server/calendar/coach-calendar.server')>('~/server/calendar/coach-calendar.server')
const eventOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
const property = (text: string, name: string) => String(eventOf(text).getFirstPropertyValue(name))

describe('the secret of the private feed', () => {
  it('is COACH_CALENDAR_SECRET, trimmed, of at least 20 characters', () => {
    expect(feedSecret({ COACH_CALENDAR_SECRET: ` ${'a'.repeat(20)} ` })).toBe('a'.repeat(20))
    expect(feedSecret({ COACH_CALENDAR_SECRET: ` ${'a'.repeat(19)} ` })).toBeUndefined()
    expect(feedSecret({})).toBeUndefined()
  })

  it('opens the feed by its own file name only; without a secret, nothing opens it', () => {
    expect(isFeedFile(`${SECRET}.ics`, SECRET)).toBe(true)
    expect(isFeedFile(SECRET, SECRET)).toBe(false)
    vi.stubEnv('COACH_CALENDAR_SECRET', '')
    expect(isFeedFile('undefined.ics')).toBe(false)
    expect(isFeedFile('.ics')).toBe(false)
  })

  it('answers any other file name as an unknown address, never stored or indexed', async () => {
    const { bookingsFeedResponse } = await loadedAfresh<typeof import('~/server/calendar/bookings-feed.server')>('~/server/calendar/bookings-feed.server')
    const { db } = temporaryDatabase()
    const answer = bookingsFeedResponse('gaet.ics', { db, now: NOW })
    expect(answer.status).toBe(404)
    expect(await answer.text()).toBe('Siden findes ikke.')
    expect(Object.fromEntries(answer.headers)).toEqual({ 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow', 'content-type': 'text/plain; charset=utf-8' })
    // The feed itself: the secret is its only key, so no cache may keep it and no search engine list it.
    const feed = bookingsFeedResponse(`${SECRET}.ics`, { db, now: NOW })
    expect([feed.status, Object.fromEntries(feed.headers)]).toEqual([200, { 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow', 'content-type': 'text/calendar; charset=utf-8' }])
  })
})

describe('the bookings the feed lists', () => {
  it('are those of the last 30 days and ahead, and cancelled ones for 14 days after the cancellation', () => {
    const { db } = temporaryDatabase()
    const held = book(db, '10:00', { email: 'a@eksempel.dk' })
    const cancelled = book(db, '11:00', { email: 'b@eksempel.dk' })
    cancelBooking(db, { id: cancelled.id, by: 'gaest', availability: testAvailability(), now: NOW })
    const listed = (now: Date) => feedBookings(db, now).map((booking) => booking.publicId)
    const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000)
    expect(listed(NOW)).toEqual([held.publicId, cancelled.publicId])
    expect(listed(days(14))).toEqual([held.publicId, cancelled.publicId])
    expect(listed(new Date(days(14).getTime() + 1))).toEqual([held.publicId])
    // Monday 20 April, 10.00: 30 days later it leaves the feed.
    expect(listed(new Date(Date.parse(held.startsAt) + 30 * 86_400_000 - 1))).toEqual([held.publicId])
    expect(listed(new Date(Date.parse(held.startsAt) + 30 * 86_400_000 + 1))).toEqual([])
  })

  it('leave out a booking without a UID (made before bookings had one): no calendar could update it', () => {
    const { db } = temporaryDatabase()
    const old = book(db, '10:00', { email: 'a@eksempel.dk' })
    const current = book(db, '11:00', { email: 'b@eksempel.dk' })
    db.update(bookings).set({ uid: '' }).where(eq(bookings.id, old.id)).run()
    expect(feedBookings(db, NOW).map((booking) => booking.publicId)).toEqual([current.publicId])
  })
})

describe('a booking as an event in her calendar', () => {
  it('says where: her address for a meeting, a call or video, never the phone number', async () => {
    const { calendarObject } = await coachCalendar()
    const { db } = temporaryDatabase()
    expect(property(calendarObject(book(db, '09:00', { email: 'a@eksempel.dk', form: 'fremmoede' })), 'location')).toBe('Brøndstedvej 14, 7000 Fredericia')
    expect(property(calendarObject(book(db, '10:00', { email: 'b@eksempel.dk', form: 'telefon' })), 'location')).toBe('Telefon')
    expect(property(calendarObject(book(db, '11:00', { email: 'c@eksempel.dk', form: 'video' })), 'location')).toBe('Video')
  })

  it("carries the first name, the form and the code with a desk link, never the phone, e-mail or note; and who cancelled", async () => {
    const { calendarObject } = await coachCalendar()
    const { db } = temporaryDatabase()
    const booking = book(db, '10:00', { note: 'Jeg vil gerne tale om min diagnose.' })
    const event = calendarObject(booking)
    expect(property(event, 'summary')).toBe('Første samtale: Mette')
    expect(property(event, 'description')).toBe(
      `Form: Telefon – du ringer op (nummeret står på dit skrivebord)\nBookingnummer: ${booking.publicId}\nNavn, telefon, e-mail og besked: ${process.env.SITE_URL ?? 'http://localhost:3000'}/coach/booking/${booking.publicId}`,
    )
    for (const personal of ['Sørensen', '20 30 40 50', '20304050', 'mette@eksempel.dk', 'diagnose']) expect(event).not.toContain(personal)
    cancelBooking(db, { id: booking.id, by: 'coach', availability: testAvailability(), now: NOW })
    const cancelled = db.select().from(bookings).get()!
    expect(property(calendarObject(cancelled), 'summary')).toBe('AFLYST: Første samtale: Mette')
    expect(property(calendarObject(cancelled), 'description').endsWith('\nAflyst af dig.')).toBe(true)
    const byVisitor = book(db, '11:00', { email: 'b@eksempel.dk' })
    cancelBooking(db, { id: byVisitor.id, by: 'gaest', availability: testAvailability(), now: NOW })
    expect(property(calendarObject(db.select().from(bookings).all().at(-1)!), 'description').endsWith('\nAflyst af gæsten.')).toBe(true)
  })
})

describe('the calendar around the events', () => {
  const head = (text: string) => Object.fromEntries(new ICAL.Component(ICAL.parse(text)).getAllProperties().map((line) => [line.name, String(line.getFirstValue())]))

  it('names the site as its maker, and the feed its name and how often to read it again', async () => {
    // PRODID is the maker a calendar app sees (the host the bookings' UIDs carry); the feed's name is
    // the calendar's name in her app, and it is read again every 15 minutes, so a booking shows soon.
    vi.stubEnv('SITE_URL', 'https://www.holmcoaching.dk')
    const { bookingsFeed, calendarObject } = await coachCalendar()
    const { db } = temporaryDatabase()
    const booking = book(db, '10:00')
    const feed = { version: '2.0', method: 'PUBLISH', name: 'Bookinger – Birgitte Holm', 'x-wr-calname': 'Bookinger – Birgitte Holm', 'refresh-interval': 'PT15M', 'x-published-ttl': 'PT15M' }
    expect(head(bookingsFeed([booking]))).toEqual({ ...feed, prodid: '-//www.holmcoaching.dk//bookinger//DA' })
    expect(head(bookingsFeed([]))).toEqual({ ...feed, prodid: '-//coach-site//bookinger//DA' })
    // One event for CalDAV: no METHOD (it is stored, not sent), no name of its own.
    expect(head(calendarObject(booking))).toEqual({ version: '2.0', prodid: '-//www.holmcoaching.dk//bookinger//DA' })
  })
})

describe('busy times as the commands read them, without the calendar settings', () => {
  const hours = (iso: string, length = 1) => [Date.parse(iso), Date.parse(iso) + length * 3_600_000] as const
  function stored(db: Db, key: string, checkedAt: string, intervals: Array<[number, number, string]>, goodAt: string | null = checkedAt) {
    db.insert(busySources).values({ sourceKey: key, label: `kalender ${key}`, checkedAt, goodAt, intervals, lastError: goodAt ? null : 'svarede 500' }).run()
  }

  it('come from every source the running site checked within a day, and not from older ones', () => {
    const { db } = temporaryDatabase()
    const now = Date.now()
    const iso = (ms: number) => new Date(ms).toISOString()
    const [from, to] = hours('2026-04-20T08:00:00Z')
    stored(db, 'ny', iso(now - 86_400_000 + 60_000), [[from, to, 'a']])
    stored(db, 'gammel', iso(now - 86_400_000 - 60_000), [[from + 3_600_000, to + 3_600_000, 'b']])
    expect(busyBetween(db, MONDAY, MONDAY, 'stored')).toEqual([{ start: from, end: to }])
    expect(busyBetween(db, MONDAY, MONDAY, [])).toEqual([])
  })

  it('count a source checked exactly a day ago', () => {
    const { db } = temporaryDatabase()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2026-04-18T12:00:00.000Z'))
      const [from, to] = hours('2026-04-20T08:00:00Z')
      stored(db, 'netop', '2026-04-17T12:00:00.000Z', [[from, to, 'a']])
      expect(busyBetween(db, MONDAY, MONDAY, 'stored')).toEqual([{ start: from, end: to }])
    } finally {
      vi.useRealTimers()
    }
  })

  it('are those that touch the days asked for or the day either side, and her own events without a UID too', () => {
    // booking:tider adds »med dine aftaler fra din kalender« only when one of them falls in the two weeks it shows.
    const { db } = temporaryDatabase()
    // Monday 20 April is asked for: the busy times from Sunday 19 April 00:00 UTC to Wednesday 22 April 00:00 UTC.
    const start = Date.parse('2026-04-19T00:00:00Z')
    const end = Date.parse('2026-04-22T00:00:00Z')
    const hour = 3_600_000
    const [from, to] = hours('2026-04-20T08:00:00Z')
    stored(db, 'a', new Date().toISOString(), [
      [start - 10 * 24 * hour, start - 9 * 24 * hour, 'laenge-foer'],
      [start - hour, start, 'slutter-foer'],
      [start - hour, start + 1, 'slutter-i'],
      [from, to, ''],
      [end - 1, end + hour, 'begynder-i'],
      [end, end + hour, 'begynder-efter'],
      [end + 9 * 24 * hour, end + 10 * 24 * hour, 'laenge-efter'],
    ])
    // An event without a UID in her calendar is hers, even beside a booking made before bookings had a UID.
    const old = book(db, '11:00')
    db.update(bookings).set({ uid: '' }).where(eq(bookings.id, old.id)).run()
    expect(busyBetween(db, MONDAY, MONDAY, 'stored')).toEqual([
      { start: start - hour, end: start + 1 },
      { start: from, end: to },
      { start: end - 1, end: end + hour },
    ])
  })

  it('tell which calendar failed and whether its copy is too old, for those checked within a day', () => {
    const { db } = temporaryDatabase()
    const now = new Date('2026-04-20T12:00:00Z')
    stored(db, 'frisk', '2026-04-20T11:00:00.000Z', [], '2026-04-20T10:00:00.000Z')
    stored(db, 'for-gammel', '2026-04-20T11:00:00.000Z', [], '2026-04-20T08:59:00.000Z')
    stored(db, 'aldrig', '2026-04-20T11:00:00.000Z', [], null)
    stored(db, 'glemt', '2026-04-19T11:59:00.000Z', [])
    stored(db, 'netop-en-dag', '2026-04-19T12:00:00.000Z', [])
    expect(storedSourceStates(db, 180, now)).toEqual([
      { label: 'kalender frisk', goodAt: '2026-04-20T10:00:00.000Z', lastError: null, stale: false },
      { label: 'kalender for-gammel', goodAt: '2026-04-20T08:59:00.000Z', lastError: null, stale: true },
      { label: 'kalender aldrig', goodAt: null, lastError: 'svarede 500', stale: true },
      { label: 'kalender netop-en-dag', goodAt: '2026-04-19T12:00:00.000Z', lastError: null, stale: true },
    ])
    expect(storedSourceStates(db, 181, now)[1]!.stale).toBe(false)
  })

  it('tell for each configured calendar when it last answered, what failed since, and whether booking must wait', () => {
    // Booking offers no times while a calendar's copy is older than kalender_max_alder (exactly that old is still good).
    const { db } = temporaryDatabase()
    const now = new Date('2026-04-20T12:00:00Z')
    const source = (key: string): BusySource => ({ kind: 'ics', url: `https://kalender.example/${key}.ics`, key, label: `kalender ${key}` })
    db.insert(busySources)
      .values([
        { sourceKey: 'graensen', label: 'kalender graensen', checkedAt: '2026-04-20T11:55:00.000Z', goodAt: '2026-04-20T09:00:00.000Z', intervals: [] },
        { sourceKey: 'fejler', label: 'kalender fejler', checkedAt: '2026-04-20T11:55:00.000Z', goodAt: '2026-04-20T11:00:00.000Z', intervals: [], lastError: 'svarede 500' },
      ])
      .run()
    expect(busySourceStates(db, 180, now, [source('graensen'), source('fejler'), source('ny')])).toEqual([
      { label: 'kalender graensen', goodAt: '2026-04-20T09:00:00.000Z', lastError: null, stale: false, read: true },
      { label: 'kalender fejler', goodAt: '2026-04-20T11:00:00.000Z', lastError: 'svarede 500', stale: false, read: true },
      { label: 'kalender ny', goodAt: null, lastError: 'endnu ikke læst', stale: true, read: false },
    ])
    expect(busySourceStates(db, 179, now, [source('graensen')])[0]!.stale).toBe(true)
  })
})
