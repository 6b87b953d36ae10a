import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { deleteBookings, completeErasures } from '~/server/booking/booking-admin.server'
import { composeBookingEmail, deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { cancelBooking, createBooking, moveBooking } from '~/server/booking/bookings.server'
import { chosenSlot } from '~/server/booking/booking-pages.server'
import { bookingsFeedResponse } from '~/server/calendar/bookings-feed.server'
import { deskBookingPage, deskOverview } from '~/server/desk/desk-views.server'
import { refreshBusySources } from '~/server/calendar/busy-sources.server'
import { caldavConfig, eventPath, eventsBetween } from '~/server/calendar/caldav.server'
import { deliverCalendarWrites } from '~/server/calendar/calendar-writes.server'
import { type Radicale, startRadicale } from '../calendar-servers'
import { temporaryDatabase } from '../helpers'
import { bookingEmailRows, calendarWriteRows } from '../outbox-rows'
import { MONDAY, NOW, TEST_FILE, details, memoryTransport, readInvitation, testAvailability } from './booking-helpers'
import { bookings } from '#db/schema'
import { eq } from 'drizzle-orm'

// Every booking in the coach's calendar: written into a real CalDAV server (Radicale) and read
// back with a REPORT, and in the private subscription feed, parsed as a calendar app parses it.

let radicale: Radicale
beforeAll(async () => {
  radicale = await startRadicale()
}, 30_000)
afterAll(() => radicale?.stop())

const SECRET = 'et-langt-hemmeligt-ord-til-kalenderen'
beforeEach(async (context) => {
  vi.stubEnv('CALDAV_URL', await radicale.newCalendar())
  vi.stubEnv('CALDAV_USER', radicale.user)
  vi.stubEnv('CALDAV_PASSWORD', radicale.password)
  vi.stubEnv('BUSY_CALENDAR_URLS', '')
  vi.stubEnv('COACH_CALENDAR_SECRET', SECRET)
  vi.stubEnv('SITE_URL', 'https://www.holmcoaching.dk')
  context.onTestFinished(() => {
    vi.unstubAllEnvs()
  })
})

const availability = testAvailability()
const WEEK = { from: Date.parse('2026-04-19T00:00:00Z'), to: Date.parse('2026-04-27T00:00:00Z') }

/** What the calendar holds this week: [uid, start, summary], read back with a calendar-query REPORT. */
async function calendarHolds() {
  const texts = await eventsBetween(caldavConfig()!, WEEK.from, WEEK.to)
  return texts
    .map((text) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!)
    .map((event) => [String(event.getFirstPropertyValue('uid')), (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(), String(event.getFirstPropertyValue('summary'))])
}

function book(db: Db, time: string, email = 'mette@eksempel.dk') {
  const outcome = createBooking(db, { availability, date: MONDAY, time, details: details(email), ipHash: `ip-${email}`, now: NOW })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  return outcome.booking
}

describe('the coach’s CalDAV calendar', () => {
  it('gets each booking, its move and its cancellation, under the booking’s own UID', async () => {
    const { db } = temporaryDatabase()
    const booking = book(db, '10:00')
    expect(booking.uid).toBe(`${booking.publicId}@www.holmcoaching.dk`)
    expect(await deliverCalendarWrites({ db })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(await calendarHolds()).toEqual([[booking.uid, '2026-04-20T08:00:00.000Z', 'Første samtale: Mette']])

    expect(moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '11:00', now: NOW }).status).toBe('flyttet')
    // The event is there already: replaced with the version read (If-Match), and the write is done, not retried.
    expect(await deliverCalendarWrites({ db })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(await calendarHolds()).toEqual([[booking.uid, '2026-04-20T09:00:00.000Z', 'Første samtale: Mette']])

    expect(cancelBooking(db, { id: booking.id, by: 'coach', availability, now: NOW }).status).toBe('aflyst')
    await deliverCalendarWrites({ db })
    expect(await calendarHolds()).toEqual([])
  })

  it('keeps a write while the calendar is away and carries it out when it is back', async () => {
    const { db } = temporaryDatabase()
    vi.stubEnv('CALDAV_PASSWORD', 'forkert')
    const booking = book(db, '09:00')
    expect(await deliverCalendarWrites({ db })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    const [waiting] = calendarWriteRows(db)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'PUT svarede 401' })
    vi.stubEnv('CALDAV_PASSWORD', radicale.password)
    const later = () => new Date(Date.parse(waiting!.nextAttemptAt!) + 1000)
    expect(await deliverCalendarWrites({ db, clock: later })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect((await calendarHolds()).map(([uid]) => uid)).toEqual([booking.uid])
  })

  it('reads her own events there as busy, but not the bookings the site wrote', async () => {
    const { db, dir } = temporaryDatabase()
    writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
    vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
    const own = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Apple Inc.//iPhone//EN', 'BEGIN:VEVENT', 'UID:tandlaege@icloud.com', 'DTSTAMP:20260401T100000Z', 'DTSTART;TZID=Europe/Copenhagen:20260420T090000', 'DTEND;TZID=Europe/Copenhagen:20260420T093000', 'SUMMARY:Tandlæge', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')
    const put = await fetch(new URL('tandlaege.ics', process.env.CALDAV_URL), { method: 'PUT', body: own, headers: { Authorization: `Basic ${Buffer.from(`${radicale.user}:${radicale.password}`).toString('base64')}`, 'Content-Type': 'text/calendar' } })
    expect(put.status).toBe(201)
    const booking = book(db, '10:00')
    await deliverCalendarWrites({ db })
    expect((await refreshBusySources({ db, now: NOW, windowMinutes: 28 * 1440 }))[0]).toMatchObject({ ok: true, intervals: 2 })
    // 9.00 is the dentist, 11.00 is free (10.30 + 15 min).
    expect(['09:00', '11:00'].map((time) => chosenSlot(`${MONDAY}T${time}`, { db, clock: () => NOW }).state)).toEqual(['ikke-ledig', 'ledig'])
    // The booking's own event (10.00 in the calendar) does not block its move to 10.15: it is a booking, not busy time.
    expect(moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '10:15', now: NOW }).status).toBe('flyttet')
  })
})

describe('her own edit of a booking’s event', () => {
  /** Her calendar app moves the event: the same UID and address, new times, no If-Match (as Apple and Google write). */
  async function sheMoves(uid: string, start: string, end: string) {
    const authorization = `Basic ${Buffer.from(`${radicale.user}:${radicale.password}`).toString('base64')}`
    const address = new URL(eventPath(uid), process.env.CALDAV_URL)
    const current = await (await fetch(address, { headers: { Authorization: authorization } })).text()
    const moved = current.replace(/^DTSTART.*$/m, `DTSTART:${start}`).replace(/^DTEND.*$/m, `DTEND:${end}`).replace(/^SEQUENCE:(\d+)/m, (_, n: string) => `SEQUENCE:${Number(n) + 1}`)
    const put = await fetch(address, { method: 'PUT', body: moved, headers: { Authorization: authorization, 'Content-Type': 'text/calendar' } })
    expect(put.ok).toBe(true)
  }

  // Her calendar is read a little after the site wrote into it.
  const AFTER = new Date(NOW.getTime() + 60_000)

  it('closes the time she moved it to, shows the difference on the desk, and is never overwritten by the site', async () => {
    const { db, dir } = temporaryDatabase()
    writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
    vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
    const booking = book(db, '10:00')
    await deliverCalendarWrites({ db, clock: () => NOW })
    // The site remembers the version it wrote.
    expect(db.select().from(bookings).where(eq(bookings.id, booking.id)).get()!.calendarEtag).toMatch(/\S/)
    await refreshBusySources({ db, now: AFTER, windowMinutes: 28 * 1440 })
    expect(chosenSlot(`${MONDAY}T11:00`, { db, clock: () => NOW }).state).toBe('ledig')
    expect(deskBookingPage(db, booking.publicId, NOW)?.movedInCalendar).toBeUndefined()

    // She moves it to 11.00–11.30 in her calendar.
    await sheMoves(booking.uid, '20260420T090000Z', '20260420T093000Z')
    await refreshBusySources({ db, now: AFTER, windowMinutes: 28 * 1440 })
    expect(chosenSlot(`${MONDAY}T11:00`, { db, clock: () => NOW }).state).toBe('ikke-ledig')
    const told = 'Du har flyttet samtalen med Mette Sørensen (mandag 20. april kl. 10.00–10.30) til mandag 20. april kl. 11.00–11.30 i din kalender – flyt eller aflys for den besøgende?'
    expect(deskBookingPage(db, booking.publicId, NOW)?.movedInCalendar).toBe(told)
    expect(deskOverview(db, NOW, '').days.flatMap((day) => day.bookings).find((shown) => shown.code === booking.publicId)?.movedInCalendar).toBe(told)

    // The visitor moves it to 9.00: the site's write finds her newer version and leaves it alone.
    expect(moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '09:00', now: NOW }).status).toBe('flyttet')
    expect(await deliverCalendarWrites({ db, clock: () => NOW })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(calendarWriteRows(db).at(-1)).toMatchObject({ status: 'skipped' })
    expect(await calendarHolds()).toEqual([[booking.uid, '2026-04-20T09:00:00.000Z', 'Første samtale: Mette']])
    expect(deskBookingPage(db, booking.publicId, NOW)?.calendarConflict).toBe(true)

    // Her own choice on the desk is written over whatever is there, and the conflict is over.
    expect(moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '10:15', now: NOW, by: 'coach' }).status).toBe('flyttet')
    expect(await deliverCalendarWrites({ db, clock: () => NOW })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(await calendarHolds()).toEqual([[booking.uid, '2026-04-20T08:15:00.000Z', 'Første samtale: Mette']])
    expect(deskBookingPage(db, booking.publicId, NOW)?.calendarConflict).toBe(false)
  })
})

describe('the private bookings feed', () => {
  const feedOf = async (db: Db, file = `${SECRET}.ics`, now = NOW) => {
    const response = bookingsFeedResponse(file, { db, now })
    return { response, events: response.ok ? new ICAL.Component(ICAL.parse(await response.text())).getAllSubcomponents('vevent') : [] }
  }

  it('publishes every booking with what the coach needs, marks a cancelled one and drops it later', async () => {
    const { db } = temporaryDatabase()
    const booking = book(db, '10:00')
    const { response, events } = await feedOf(db)
    expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control'), response.headers.get('x-robots-tag')]).toEqual([200, 'text/calendar; charset=utf-8', 'no-store, private', 'noindex, nofollow'])
    expect(events.map((event) => [event.getFirstPropertyValue('uid'), event.getFirstPropertyValue('status'), event.getFirstPropertyValue('sequence')])).toEqual([[booking.uid, 'CONFIRMED', 0]])
    expect(String(events[0]!.getFirstPropertyValue('description'))).toBe(
      `Form: Telefon – du ringer op (nummeret står på dit skrivebord)\nBookingnummer: ${booking.publicId}\nNavn, telefon, e-mail og besked: https://www.holmcoaching.dk/coach/booking/${booking.publicId}`,
    )
    // The feed is fetched and kept by her calendar provider: it holds no phone, e-mail or surname.
    for (const personal of ['Sørensen', '20 30 40 50', 'mette@eksempel.dk']) expect(events.map((event) => event.toString()).join('\n')).not.toContain(personal)

    moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '11:00', now: NOW })
    cancelBooking(db, { id: booking.id, by: 'gaest', availability, now: NOW })
    const cancelled = (await feedOf(db)).events
    expect(cancelled.map((event) => [event.getFirstPropertyValue('uid'), event.getFirstPropertyValue('status'), event.getFirstPropertyValue('sequence')])).toEqual([[booking.uid, 'CANCELLED', 2]])
    const twoWeeksLater = new Date(NOW.getTime() + 15 * 86_400_000)
    expect((await feedOf(db, `${SECRET}.ics`, twoWeeksLater)).events).toEqual([])
  })

  it('is a 404 for any other secret, for none, and while the secret is unset or too short', async () => {
    const { db } = temporaryDatabase()
    book(db, '10:00')
    for (const file of [`${SECRET.slice(0, -1)}.ics`, `${SECRET}x.ics`, SECRET, '.ics', '']) expect((await feedOf(db, file)).response.status, file).toBe(404)
    vi.stubEnv('COACH_CALENDAR_SECRET', 'kort')
    expect((await feedOf(db, 'kort.ics')).response.status).toBe(404)
  })
})

describe('one identity per booking', () => {
  it('cancels with the UID the invitation had, whatever SITE_URL the cancelling process has', async () => {
    const { db } = temporaryDatabase()
    const booking = book(db, '10:00')
    const [confirmation] = bookingEmailRows(db).filter((email) => email.role === 'gaest' && email.kind === 'bekraeftelse')
    const invited = readInvitation((await composeBookingEmail(booking, confirmation!)).attachments![0]!.content)
    vi.stubEnv('SITE_URL', 'http://localhost:3000')
    const cancelled = cancelBooking(db, { id: booking.id, by: 'coach', availability, now: NOW })
    if (!('booking' in cancelled)) throw new Error(cancelled.status)
    const [cancel] = bookingEmailRows(db).filter((email) => email.role === 'gaest' && email.kind === 'aflyst')
    const cancellation = readInvitation((await composeBookingEmail(cancelled.booking, cancel!)).attachments![0]!.content)
    expect([cancellation.method, cancellation.uid, cancellation.sequence]).toEqual(['CANCEL', invited.uid, 1])
    expect(invited.uid).toBe(`${booking.publicId}@www.holmcoaching.dk`)
  })
})

describe('erasure', () => {
  it('cancels an upcoming booking first, and deletes it once the cancellation has gone out', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'udbakke')
    const booking = book(db, '10:00')
    const transport = memoryTransport()
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    await deliverCalendarWrites({ db })
    const erased = await deleteBookings('Mette@eksempel.dk', { db, outbox, now: NOW })
    expect(erased.cancelled.map((cancelled) => [cancelled.id, cancelled.status])).toEqual([[booking.id, 'aflyst']])
    expect(await completeErasures({ db, outbox })).toBe(0)

    await deliverBookingEmails({ db, transport, clock: () => NOW })
    expect(transport.sent.filter((email) => email.to === 'mette@eksempel.dk').map((email) => readInvitation(email.attachments![0]!.content).method)).toEqual(['REQUEST', 'CANCEL'])
    await deliverCalendarWrites({ db })
    expect(await calendarHolds()).toEqual([])
    expect(await completeErasures({ db, outbox })).toBe(1)
    expect(db.$client.prepare('SELECT count(*) AS n FROM bookings').get()).toEqual({ n: 0 })
  })
})
