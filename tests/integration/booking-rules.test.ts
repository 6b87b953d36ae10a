import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import type { BookingMode } from '~/lib/booking/availability-schema'
import { bookings } from '#db/schema'
import { bookingsAbout, bookingsForList, exportBookings, purgeOldBookings, undeliveredBookingEmails } from '~/server/booking/booking-admin.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { bookingWeek, chosenSlot, managedBooking } from '~/server/booking/booking-pages.server'
import { cancelBooking, createBooking, findByCode, markNoShow, moveBooking } from '~/server/booking/bookings.server'
import { deliverCalendarWrites } from '~/server/calendar/calendar-writes.server'
import { bookingRateLimit } from '~/server/limits/sender-limits.server'
import { isTokenShaped, managePath, manageToken, manageUrl, siteOrigin, storedLinkSecret, tokenWithSecret } from '~/server/links/links.server'
import { loadedAfresh, temporaryDatabase } from '../helpers'
import { bookingEmailRows, calendarWriteRows, payloadIs, setEffects } from '../outbox-rows'
import { MONDAY, NOW, TEST_FILE, details, memoryTransport, testAvailability } from './booking-helpers'

// The rules a visitor and the coach depend on, beyond the booking flow itself: who may change what
// and when, the coach's list and tools, the e-mails' wording per form, the manage link's secret.

const availability = testAvailability()
afterEach(() => {
  vi.unstubAllEnvs()
})

function bookAt(db: Db, time: string, email: string, { date = MONDAY, mode = 'telefon' as BookingMode, note = '', file = availability, now = NOW } = {}) {
  const outcome = createBooking(db, { availability: file, date, time, details: { ...details(email), form: mode, besked: note }, ipHash: `ip-${email}`, now })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  return outcome
}

describe('who may change a booking, and when', () => {
  it('lets the coach cancel until the conversation ends, the visitor only until the cut-off', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    // 10:00–10:30 is 08:00Z–08:30Z.
    expect(cancelBooking(db, { id: booking.id, by: 'gaest', availability, now: new Date('2026-04-19T20:00:00Z') }).status).toBe('aflyst')
    const { booking: second } = bookAt(db, '11:00', 'bo@eksempel.dk')
    expect(cancelBooking(db, { id: second.id, by: 'gaest', availability, now: new Date('2026-04-19T21:00:00.001Z') }).status).toBe('for-sent')
    expect(cancelBooking(db, { id: second.id, by: 'coach', availability, now: new Date('2026-04-20T09:30:00Z') }).status).toBe('aflyst')
    const { booking: third } = bookAt(db, '09:00', 'cy@eksempel.dk')
    expect(cancelBooking(db, { id: third.id, by: 'coach', availability, now: new Date('2026-04-20T07:30:00.001Z') }).status).toBe('for-sent')
    // Without a file (booking closed) the visitor may still cancel until the start.
    expect(cancelBooking(db, { id: third.id, by: 'gaest', availability: undefined, now: new Date('2026-04-20T06:59:00Z') })).toMatchObject({ status: 'aflyst', booking: { cancelledBy: 'gaest' } })
    expect(cancelBooking(db, { id: 999, by: 'coach', availability, now: NOW })).toEqual({ status: 'aflyst' })
  })

  it('moves only a confirmed booking, only to a time that is offered and free', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    bookAt(db, '09:00', 'bo@eksempel.dk', { date: '2026-04-27' })
    const move = (date: string, time: string, id = booking.id) => moveBooking(db, { id, availability, date, time, now: NOW })
    expect(move('2026-04-27', '10:30')).toEqual({ status: 'ikke-ledig' })
    expect(move('2026-04-27', '09:00')).toEqual({ status: 'taget' })
    // Too soon: a Monday inside the 24 hours' notice.
    expect(moveBooking(db, { id: booking.id, availability, date: '2026-04-13', time: '09:00', now: new Date('2026-04-12T08:00:00Z') })).toEqual({ status: 'ikke-ledig' })
    // Its own time is free for it: moving 10:00 to 10:15 is no clash with itself.
    expect(move(MONDAY, '10:15')).toMatchObject({ status: 'flyttet', booking: { startsAt: '2026-04-20T08:15:00.000Z', moveCount: 1 } })
    cancelBooking(db, { id: booking.id, by: 'coach', availability, now: NOW })
    expect(move('2026-04-27', '11:00')).toEqual({ status: 'aflyst' })
    expect(move('2026-04-27', '11:00', 999)).toEqual({ status: 'aflyst' })
  })

  it('counts a full day as taken, and frees it when one is cancelled', () => {
    const { db } = temporaryDatabase()
    const onePerDay = testAvailability(`${TEST_FILE}max_pr_dag: 1\n`)
    const { booking } = bookAt(db, '09:00', 'mette@eksempel.dk', { file: onePerDay })
    expect(createBooking(db, { availability: onePerDay, date: MONDAY, time: '11:00', details: details('bo@eksempel.dk'), ipHash: 'ip-bo', now: NOW }).status).toBe('taget')
    cancelBooking(db, { id: booking.id, by: 'coach', availability: onePerDay, now: NOW })
    expect(createBooking(db, { availability: onePerDay, date: MONDAY, time: '11:00', details: details('bo@eksempel.dk'), ipHash: 'ip-bo', now: NOW }).status).toBe('booket')
  })

  it('notes a no-show only on a confirmed booking, and finds a booking by its code however it is typed', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const later = new Date('2026-04-20T09:00:00Z')
    expect(markNoShow(db, { id: booking.id, now: later })).toMatchObject({ id: booking.id, outcome: 'udeblevet', updatedAt: later.toISOString() })
    expect(findByCode(db, ` ${booking.publicId.toUpperCase()} `)?.id).toBe(booking.id)
    expect(findByCode(db, 'abcdefgh')).toBeUndefined()
    const { booking: cancelled } = bookAt(db, '11:00', 'bo@eksempel.dk')
    cancelBooking(db, { id: cancelled.id, by: 'coach', availability, now: NOW })
    expect(markNoShow(db, { id: cancelled.id, now: later })).toBeUndefined()
    expect(db.select().from(bookings).where(eq(bookings.id, cancelled.id)).get()?.outcome).toBeNull()
  })

  it('makes booking codes of eight letters and digits without look-alikes', () => {
    const { db } = temporaryDatabase()
    for (const [index, time] of ['09:00', '10:00', '11:00'].entries()) expect(bookAt(db, time, `p${index}@eksempel.dk`).booking.publicId).toMatch(/^[a-hjkmnp-z2-9]{8}$/)
  })

  it('reads BOOKING_RATE_LIMIT as a positive whole number, else six', () => {
    for (const [value, limit] of [[undefined, 6], ['1', 1], ['10', 10], ['0', 6], ['-2', 6], ['2.5', 6], ['mange', 6]] as const) {
      vi.stubEnv('BOOKING_RATE_LIMIT', value)
      expect(bookingRateLimit(), String(value)).toBe(limit)
    }
  })
})

describe('the coach’s own changes', () => {
  it('move a booking as often as she needs, without using up the visitor’s moves', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const move = (time: string, by: 'gaest' | 'coach') => moveBooking(db, { id: booking.id, availability, date: MONDAY, time, now: NOW, by })
    for (const time of ['09:00', '11:00', '10:00', '09:00']) expect(move(time, 'coach'), time).toMatchObject({ status: 'flyttet', booking: { moveCount: 0 } })
    for (const time of ['10:00', '11:00', '10:00']) expect(move(time, 'gaest'), time).toMatchObject({ status: 'flyttet' })
    expect(move('11:00', 'gaest')).toEqual({ status: 'for-mange-flytninger' })
    // The visitor's three moves are used up; the coach can still move it.
    expect(move('11:00', 'coach')).toMatchObject({ status: 'flyttet', booking: { startsAt: '2026-04-20T09:00:00.000Z', moveCount: 3 } })
  })

  it('carry her note to the visitor’s e-mail only', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '11:00', now: NOW, by: 'coach', note: 'Jeg er syg om formiddagen.' })
    const moved = bookingEmailRows(db, payloadIs('kind', 'flyttet'))
    expect(moved.map((email) => [email.role, email.coachNote])).toEqual([
      ['gaest', 'Jeg er syg om formiddagen.'],
      ['coach', null],
    ])
  })
})

describe('the coach’s CalDAV calendar', () => {
  const writes = (db: Db) => calendarWriteRows(db).map(({ action, uid }) => ({ action, uid }))

  it('gets each booking, move and cancellation when she has one', () => {
    vi.stubEnv('CALDAV_URL', 'https://caldav.eksempel.dk/kalender/')
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '11:00', now: NOW })
    cancelBooking(db, { id: booking.id, by: 'gaest', availability, now: NOW })
    expect(writes(db)).toEqual([
      { action: 'put', uid: booking.uid },
      { action: 'put', uid: booking.uid },
      { action: 'delete', uid: booking.uid },
    ])
  })

  it('is not written to without one: the writes are queued, and the worker skips them', async () => {
    vi.stubEnv('CALDAV_URL', '')
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    cancelBooking(db, { id: booking.id, by: 'gaest', availability, now: NOW })
    expect(await deliverCalendarWrites({ db, clock: () => NOW })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(calendarWriteRows(db).map(({ action, uid, status, deliveredBy }) => ({ action, uid, status, deliveredBy }))).toEqual([
      { action: 'put', uid: booking.uid, status: 'skipped', deliveredBy: null },
      { action: 'delete', uid: booking.uid, status: 'skipped', deliveredBy: null },
    ])
  })
})

describe('bookings on a freshly started server', () => {
  // The code alphabet, the look-ups and the coach's rules are made when the module loads (see loadedAfresh).
  const bookingsModule = () => loadedAfresh<typeof import('~/server/booking/bookings.server')>('~/server/booking/bookings.server')

  it('get a readable code, and are found by their manage link and by their code however it is typed', async () => {
    const { createBooking, findByCode, findByToken } = await bookingsModule()
    const { db } = temporaryDatabase()
    const outcome = createBooking(db, { availability, date: MONDAY, time: '10:00', details: details(), ipHash: 'ip', now: NOW })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    expect(outcome.booking.publicId).toMatch(/^[a-hjkmnp-z2-9]{8}$/)
    expect(findByToken(db, outcome.token)?.id).toBe(outcome.booking.id)
    expect(findByCode(db, ` ${outcome.booking.publicId.toUpperCase()} `)?.id).toBe(outcome.booking.id)
  })

  it('answer “taken” when only the database’s index knows the start is held', async () => {
    const { createBooking } = await bookingsModule()
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    db.update(bookings).set({ localDate: '2026-01-05' }).where(eq(bookings.id, booking.id)).run()
    expect(createBooking(db, { availability, date: MONDAY, time: '10:00', details: details('bo@eksempel.dk'), ipHash: 'ip-bo', now: NOW })).toEqual({ status: 'taget' })
  })

  it('are moved by the coach within the notice a visitor must give', async () => {
    const { moveBooking } = await bookingsModule()
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    // Sunday 19 April 20.00 dansk tid: Monday 09.00 is 13 hours ahead, inside the 24 hours' notice.
    const sunday = new Date('2026-04-19T18:00:00Z')
    expect(moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '09:00', now: sunday, by: 'coach' })).toMatchObject({ status: 'flyttet', booking: { startsAt: '2026-04-20T07:00:00.000Z' } })
  })
})

describe('the pages', () => {
  it('tell a time that is closed, unknown or not offered from one that is free', () => {
    const { db } = temporaryDatabase()
    const clock = () => NOW
    expect(chosenSlot(`${MONDAY}T10:00`, { db, availability: undefined, clock })).toEqual({ state: 'lukket' })
    expect(chosenSlot('mandag', { db, availability, clock })).toEqual({ state: 'ikke-ledig', week: undefined })
    expect(chosenSlot(`${MONDAY}T10:30`, { db, availability, clock })).toEqual({ state: 'ikke-ledig', week: '2026-W17' })
    expect(chosenSlot(`${MONDAY}T10:00`, { db, availability, clock })).toEqual({
      state: 'ledig',
      key: `${MONDAY}T10:00`,
      label: 'mandag 20. april kl. 10.00',
      ends: '10.30',
      week: '2026-W17',
      modes: [
        { value: 'telefon', label: 'Telefon – jeg ringer til dig' },
        { value: 'video', label: 'Video – jeg sender dig et link inden samtalen' },
        { value: 'fremmoede', label: 'Fremmøde i Fredericia' },
      ],
    })
  })

  it('page through the weeks of the booking window only, and fall back to the first free week', () => {
    const { db } = temporaryDatabase()
    const week = (asked: string | undefined) => bookingWeek(asked, { db, availability, clock: () => NOW })
    // Friday 10 April: this is week 15, the window ends Friday 8 May (week 19), the first free time is in week 16.
    expect(week('2026-W15')).toMatchObject({ week: '2026-W15', label: 'mandag 6. april – søndag 12. april', previousWeek: undefined, nextWeek: '2026-W16', days: [] })
    expect(week('2026-W19')).toMatchObject({ week: '2026-W19', label: 'mandag 4. maj – søndag 10. maj', previousWeek: '2026-W18', nextWeek: undefined })
    expect(week('2026-W18')).toMatchObject({ week: '2026-W18', nextWeek: '2026-W19' })
    for (const asked of ['2026-W20', '2026-W14', 'uge 17', '', undefined]) expect(week(asked), String(asked)).toMatchObject({ week: '2026-W16', firstFree: { key: '2026-04-13T09:00' } })
  })

  it('show the cut-off in words, and offer times to move to only while the booking can change', () => {
    const { db } = temporaryDatabase()
    const { token } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const show = (file: string | undefined, now = NOW) => managedBooking(token, { db, availability: file === undefined ? undefined : testAvailability(file), clock: () => now })
    expect(show(TEST_FILE)).toMatchObject({ cutoff: '12 timer', changeable: true, mode: 'Telefon – jeg ringer til dig', name: 'Mette Sørensen' })
    expect(show(TEST_FILE)!.moveTo.map((day) => day.date)).toEqual(['2026-04-13', '2026-04-20', '2026-04-27', '2026-05-04'])
    expect(show(TEST_FILE.replace('12 timer', '1 time'))!.cutoff).toBe('1 time')
    expect(show(TEST_FILE.replace('12 timer', '90 minutter'))!.cutoff).toBe('90 minutter')
    // Exactly at the cut-off it can still change; a moment later it cannot, and nothing is offered.
    expect(show(TEST_FILE, new Date('2026-04-19T20:00:00Z'))!.changeable).toBe(true)
    expect(show(TEST_FILE, new Date('2026-04-19T20:00:00.001Z'))).toMatchObject({ changeable: false, moveTo: [] })
    // Closed booking: no cut-off but the start, and nowhere to move to.
    expect(show(undefined)).toMatchObject({ cutoff: '0 timer', changeable: true, moveTo: [] })
  })
})

describe('the coach’s tools', () => {
  it('list the coming bookings and the last week’s in time order, or all of them newest first', () => {
    const { db } = temporaryDatabase()
    bookAt(db, '10:00', 'a@eksempel.dk')
    bookAt(db, '09:00', 'b@eksempel.dk', { date: '2026-04-27' })
    bookAt(db, '11:00', 'c@eksempel.dk', { date: '2026-04-13', now: new Date('2026-04-01T09:00:00Z') })
    // Eight days after 13 April 11:00 that booking has dropped off the list; seven days after, not yet.
    expect(bookingsForList({ db, now: new Date('2026-04-20T09:00:00.001Z') }).map((row) => row.email)).toEqual(['a@eksempel.dk', 'b@eksempel.dk'])
    expect(bookingsForList({ db, now: new Date('2026-04-20T09:00:00Z') }).map((row) => row.email)).toEqual(['c@eksempel.dk', 'a@eksempel.dk', 'b@eksempel.dk'])
    expect(bookingsForList({ db, now: new Date('2026-06-01T00:00:00Z'), all: true }).map((row) => row.email)).toEqual(['b@eksempel.dk', 'a@eksempel.dk', 'c@eksempel.dk'])
  })

  it('count only the e-mails that gave up, and export nothing for an unknown person', async () => {
    const { db, dir } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    expect(undeliveredBookingEmails({ db })).toBe(0)
    setEffects(db, 'booking-email', { status: 'failed' }, payloadIs('role', 'coach'))
    setEffects(db, 'booking-email', { status: 'sending' }, payloadIs('kind', 'paamindelse'))
    expect(undeliveredBookingEmails({ db })).toBe(1)
    expect(await exportBookings('ingen@eksempel.dk', { db, outbox: dir })).toEqual({ bookings: [], bookingEmailLog: [], bookingEmails: [], orders: [], klippekort: [] })
    const exported = await exportBookings(' METTE@eksempel.dk ', { db, outbox: join(dir, 'findes-ikke') })
    expect(exported.bookings).toHaveLength(1)
    expect(exported.bookings[0]).not.toHaveProperty('manageTokenHash')
    expect(exported.bookingEmailLog.map((email) => email.bookingId)).toEqual([booking.id, booking.id, booking.id])
    expect((await bookingsAbout('Mette@Eksempel.dk', { db, outbox: dir })).bookings.map((row) => row.id)).toEqual([booking.id])
  })

  it('delete bookings the file’s number of days after the conversation, 90 while the file cannot be read', async () => {
    const { db, dir } = temporaryDatabase()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    const file = join(dir, 'booking.yaml')
    writeFileSync(file, `${TEST_FILE}slet_efter_dage: 10\n`)
    vi.stubEnv('BOOKING_FILE', file)
    // The conversation ended 20 April 08:30Z.
    expect(await purgeOldBookings({ db, outbox: dir, now: new Date('2026-04-30T08:30:00Z') })).toEqual({ bookings: 0, outboxFiles: 0 })
    writeFileSync(file, 'varighed: [')
    expect(await purgeOldBookings({ db, outbox: dir, now: new Date('2026-07-19T08:30:00.001Z') })).toEqual({ bookings: 1, outboxFiles: 0 })
    bookAt(db, '10:00', 'bo@eksempel.dk')
    writeFileSync(file, `${TEST_FILE}slet_efter_dage: 10\n`)
    expect(await purgeOldBookings({ db, outbox: dir, now: new Date('2026-04-30T08:30:00.001Z') })).toEqual({ bookings: 1, outboxFiles: 0 })
  })
})

describe('the e-mails', () => {
  it('say where the conversation takes place, for each form, and carry the visitor’s note to the coach only', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '09:00', 'video@eksempel.dk', { mode: 'video' })
    bookAt(db, '10:00', 'moede@eksempel.dk', { mode: 'fremmoede', note: 'Jeg kommer på cykel.' })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const to = (address: string) => transport.sent.find((email) => email.to === address)!
    const coachAbout = (address: string) => transport.sent.find((email) => email.replyTo === address)!
    expect(to('video@eksempel.dk').text).toContain('Form: Video – jeg sender dig et link inden samtalen')
    expect(to('video@eksempel.dk').attachments![0]!.content).toContain('LOCATION:Video – jeg sender dig et link inden samtalen')
    expect(to('moede@eksempel.dk').text).toMatch(/Form: Fremmøde hos mig, .+, \d{4} Fredericia/)
    expect(to('moede@eksempel.dk').attachments![0]!.content).toMatch(/LOCATION:.+\\, \d{4} Fredericia/)
    expect(to('moede@eksempel.dk').text).not.toContain('Jeg kommer på cykel.')
    expect(coachAbout('moede@eksempel.dk').text).toContain('Besked: Jeg kommer på cykel.')
    expect(coachAbout('video@eksempel.dk').text).not.toContain('Besked:')
    expect(coachAbout('video@eksempel.dk').text).toContain('Form: Video – du sender et link inden samtalen')
  })

  it('give up after ten attempts, and with --alle try those again but never a reminder before its time', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport({ failing: true })
    // Four weeks ahead: the reminder is not due while the attempts go on, a day apart.
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk', { date: '2026-05-04' })
    let now = NOW
    for (let attempt = 1; attempt <= 10; attempt++) {
      now = new Date(now.getTime() + 86_400_000)
      expect(await deliverBookingEmails({ db, transport, clock: () => now, bookingId: booking.id }), `attempt ${attempt}`).toEqual({ tried: 2, delivered: 0, failed: 2 })
    }
    const rows = () => bookingEmailRows(db)
    expect(rows().filter((email) => email.kind === 'bekraeftelse').map(({ status, attempts, nextAttemptAt, lastError }) => ({ status, attempts, nextAttemptAt, lastError }))).toEqual([
      { status: 'failed', attempts: 10, nextAttemptAt: null, lastError: 'udbyderen svarer ikke' },
      { status: 'failed', attempts: 10, nextAttemptAt: null, lastError: 'udbyderen svarer ikke' },
    ])
    expect(await deliverBookingEmails({ db, transport, clock: () => new Date(now.getTime() + 86_400_000) })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    transport.failing = false
    expect(await deliverBookingEmails({ db, transport, clock: () => now, force: true })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    expect(rows().find((email) => email.kind === 'paamindelse')).toMatchObject({ status: 'pending' })
    expect(transport.sent.map((email) => email.subject).sort()).toEqual(['Din samtale er booket: mandag 4. maj kl. 10.00', 'Ny booking: mandag 4. maj kl. 10.00 – Mette Sørensen'])
  })

  it('tell the visitor and the coach what they need, each in their own words, with the invitation to the visitor only', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    vi.stubEnv('SITE_URL', 'https://www.eksempel.dk')
    const { booking, token } = bookAt(db, '10:00', 'mette@eksempel.dk', { note: 'Helst om formiddagen.' })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    moveBooking(db, { id: booking.id, availability, date: '2026-04-27', time: '09:00', now: NOW })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    // The reminder of the new time, 24 hours before it.
    await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-26T07:00:00Z') })
    cancelBooking(db, { id: booking.id, by: 'gaest', availability, now: NOW })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const link = `https://www.eksempel.dk/booking/${token}`
    const [confirmation, toCoach, moved, movedToCoach, reminder, cancelled, cancelledToCoach] = transport.sent
    expect(transport.sent.map((email) => [email.to, email.subject])).toEqual([
      ['mette@eksempel.dk', 'Din samtale er booket: mandag 20. april kl. 10.00'],
      ['kontakt@holmcoaching.dk', 'Ny booking: mandag 20. april kl. 10.00 – Mette Sørensen'],
      ['mette@eksempel.dk', 'Din samtale er flyttet til mandag 27. april kl. 9.00'],
      ['kontakt@holmcoaching.dk', 'Booking flyttet til mandag 27. april kl. 9.00 – Mette Sørensen'],
      ['mette@eksempel.dk', 'Påmindelse: din samtale mandag 27. april kl. 9.00'],
      ['mette@eksempel.dk', 'Din samtale mandag 27. april kl. 9.00 er aflyst'],
      ['kontakt@holmcoaching.dk', 'Booking aflyst: mandag 27. april kl. 9.00 – Mette Sørensen'],
    ])
    expect(confirmation!.text).toContain('Tak for din booking, Mette\n')
    expect(confirmation!.text).toContain('Form: Telefon – jeg ringer til dig på 20 30 40 50')
    expect(confirmation!.text).toContain(`Bookingnummer: ${booking.publicId}`)
    expect(confirmation!.text).toContain(`Flyt eller aflys: ${link}`)
    expect(confirmation!.text).toContain('Den første samtale er gratis og uforpligtende. En kalenderinvitation er vedhæftet; du kan også bare skrive tiden ind selv.')
    // Declining the invitation in a calendar app cancels nothing: the link does.
    expect(confirmation!.text).toContain('Takker du nej til invitationen i din kalender, aflyses samtalen ikke. Vil du flytte eller aflyse, så brug linket herunder.')
    expect(confirmation!.text).toContain('Du får denne e-mail, fordi din e-mailadresse blev brugt til at booke en samtale på min hjemmeside. Har du ikke selv booket, så aflys via linket.')
    expect(confirmation!.text).not.toContain('Helst om formiddagen.')
    expect(confirmation!.replyTo).toBeUndefined()
    expect(moved!.text).toContain('Din samtale er flyttet, Mette\n')
    for (const line of ['Tid: mandag 20. april kl. 10.00–10.30 (dansk tid)', 'Navn: Mette Sørensen', 'E-mail: mette@eksempel.dk', 'Telefon: 20 30 40 50', 'Besked: Helst om formiddagen.', `Bookingnummer: ${booking.publicId}`, `Se bookingen på dit skrivebord: ${siteOrigin()}/coach/booking/${booking.publicId}`]) {
      expect(toCoach!.text, line).toContain(line)
    }
    expect(toCoach!.text).toContain('Bookingen står i din kalender, når du abonnerer på bookingkalenderen eller har forbundet din CalDAV-kalender (se vejledningen, afsnittet »Din kalender«).')
    expect(toCoach!.text).not.toContain(link)
    expect(movedToCoach!.replyTo).toBe('mette@eksempel.dk')
    // The reminder carries the link but no invitation; the cancellation points to a new booking.
    expect(reminder!.attachments).toBeUndefined()
    expect(reminder!.text).toContain('Jeg glæder mig til at tale med dig.')
    expect(reminder!.text).toContain(link)
    expect(cancelled!.text).toContain('Din samtale er aflyst')
    expect(cancelled!.text).toContain('Samtalen mandag 27. april kl. 9.00 (dansk tid) er aflyst, og tiden er frigivet.')
    expect(cancelled!.text).toContain('Vil du finde en ny tid, kan du booke igen på https://www.eksempel.dk/book-samtale.')
    expect(cancelled!.text).not.toContain(link)
    expect(cancelled!.attachments![0]!.filename).toBe('aflyst.ics')
    expect(confirmation!.attachments![0]!.filename).toBe('invitation.ics')
    expect(moved!.attachments![0]!.filename).toBe('invitation.ics')
    // The coach gets no invitation at all: her calendar has the booking from the feed or CalDAV.
    for (const email of [toCoach, movedToCoach, cancelledToCoach]) expect(email!.attachments, email!.subject).toBeUndefined()
    // The visitor's invitation, with the manage link and the UID stored with the booking.
    expect(confirmation!.attachments![0]!.content).toContain('SUMMARY:Uforpligtende samtale med')
    expect(booking.uid).toBe(`${booking.publicId}@www.eksempel.dk`)
    for (const email of [confirmation, moved, cancelled]) expect(email!.attachments![0]!.content, email!.subject).toContain(`\r\nUID:${booking.uid}\r\n`)
    // Calendar lines are folded at 75 octets; the description is read whole.
    const description = (email: typeof confirmation) => email!.attachments![0]!.content.replace(/\r\n /g, '').split('\r\n').find((line) => line.startsWith('DESCRIPTION:'))
    expect(description(confirmation)).toBe(`DESCRIPTION:mandag 20. april kl. 10.00–10.30 (dansk tid)\\nFlyt eller aflys: ${link}`)
    expect(description(moved)).toBe(`DESCRIPTION:mandag 27. april kl. 9.00–9.30 (dansk tid)\\nFlyt eller aflys: ${link}`)
    expect(description(cancelled)).toBe('DESCRIPTION:mandag 27. april kl. 9.00–9.30 (dansk tid)')
    expect(confirmation!.attachments![0]!.content).toContain('LOCATION:Telefon – jeg ringer til dig')
    expect(confirmation!.attachments![0]!.content).toContain('PRODID:-//www.eksempel.dk//booking//DA')
  })

  it('list the coach’s details of a booking without a note one after the other', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const toCoach = transport.sent.find((email) => email.replyTo === 'mette@eksempel.dk')!
    expect(toCoach.text).toMatch(new RegExp(`Telefon: 20 30 40 50\\s+Bookingnummer: ${booking.publicId}`))
  })

  it('tell an address that already has a booking about that one, under its own heading', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    expect(createBooking(db, { availability, date: MONDAY, time: '11:00', details: details('mette@eksempel.dk'), ipHash: 'ip-igen', now: NOW }).status).toBe('har-booking')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const notice = transport.sent.find((email) => email.subject === 'Du har allerede en samtale booket: mandag 20. april kl. 10.00')!
    expect(notice.text).toMatch(/^Du har allerede en samtale booket$/m)
  })

  it('are not sent with a made-up calendar UID: a booking without its stored UID waits with the reason, the coach’s e-mail goes', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    db.update(bookings).set({ uid: '' }).where(eq(bookings.id, booking.id)).run()
    expect(await deliverBookingEmails({ db, transport, clock: () => NOW })).toEqual({ tried: 2, delivered: 1, failed: 1 })
    expect(transport.sent.map((email) => email.to)).toEqual(['kontakt@holmcoaching.dk'])
    expect(bookingEmailRows(db, payloadIs('role', 'gaest')).filter((email) => email.kind === 'bekraeftelse')).toMatchObject([
      { status: 'pending', lastError: `booking ${booking.publicId} has no stored calendar UID yet` },
    ])
  })

  it('are sent by a freshly started server with the place of each form, the reminders when due, and on its own clock', async () => {
    // The clock, the place and the reminder's rule are made when the module loads (see loadedAfresh).
    const mail = await loadedAfresh<typeof import('~/server/booking/booking-mail.server')>('~/server/booking/booking-mail.server')
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '09:00', 'tlf@eksempel.dk')
    bookAt(db, '10:00', 'video@eksempel.dk', { mode: 'video' })
    const { booking } = bookAt(db, '11:00', 'moede@eksempel.dk', { mode: 'fremmoede' })
    // Sunday 19 April 11.00 dansk tid, a day before the last: the confirmations and the three reminders.
    expect(await mail.deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-19T09:00:00Z') })).toEqual({ tried: 9, delivered: 9, failed: 0 })
    expect(transport.sent.filter((email) => email.subject.startsWith('Påmindelse')).map((email) => email.subject)).toEqual([
      'Påmindelse: din samtale mandag 20. april kl. 9.00',
      'Påmindelse: din samtale mandag 20. april kl. 10.00',
      'Påmindelse: din samtale mandag 20. april kl. 11.00',
    ])
    const location = (address: string) => transport.sent.find((email) => email.to === address)!.attachments![0]!.content.replace(/\r\n /g, '').split('\r\n').find((line) => line.startsWith('LOCATION:'))
    expect(location('tlf@eksempel.dk')).toBe('LOCATION:Telefon – jeg ringer til dig')
    expect(location('video@eksempel.dk')).toBe('LOCATION:Video – jeg sender dig et link inden samtalen')
    expect(location('moede@eksempel.dk')).toMatch(/^LOCATION:.+\\, \d{4} Fredericia$/)
    // Without a clock given, the server's own: the cancellation (made due long ago, so by any clock) goes out now.
    cancelBooking(db, { id: booking.id, by: 'coach', availability, now: NOW })
    setEffects(db, 'booking-email', { nextAttemptAt: '2000-01-01T00:00:00.000Z' }, payloadIs('kind', 'aflyst'))
    const before = Date.now()
    expect(await mail.deliverBookingEmails({ db, transport })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    for (const email of bookingEmailRows(db, payloadIs('kind', 'aflyst'))) {
      expect(Date.parse(email.sentAt!)).toBeGreaterThanOrEqual(before)
      expect(Date.parse(email.sentAt!)).toBeLessThanOrEqual(Date.now())
    }
  })

  it('skip a reminder whose conversation has already begun', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    // The server was down from the day before until the conversation had begun (08:00Z).
    // Skipped, so neither sent nor failed: mail:retry does not report it as sent.
    expect(await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-20T08:00:00Z') })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(transport.sent.map((email) => email.subject)).not.toContain('Påmindelse: din samtale mandag 20. april kl. 10.00')
    expect(bookingEmailRows(db, payloadIs('kind', 'paamindelse'))[0]).toMatchObject({ status: 'skipped', claimToken: null, nextAttemptAt: null })
  })

  it('wait with a retry until its backoff has passed', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport({ failing: true })
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW, bookingId: booking.id })
    expect(bookingEmailRows(db, payloadIs('kind', 'bekraeftelse')).map((email) => email.nextAttemptAt)).toEqual([
      new Date(NOW.getTime() + 60_000).toISOString(),
      new Date(NOW.getTime() + 60_000).toISOString(),
    ])
    transport.failing = false
    expect(await deliverBookingEmails({ db, transport, clock: () => new Date(NOW.getTime() + 59_999) })).toMatchObject({ tried: 0 })
    expect(await deliverBookingEmails({ db, transport, clock: () => new Date(NOW.getTime() + 60_000) })).toMatchObject({ tried: 2, delivered: 2 })
  })
})

describe('the manage link’s secret', () => {
  it('is made once beside the database, readable only by its owner, and the same for every process', () => {
    const { dir } = temporaryDatabase()
    mkdirSync(join(dir, 'data'))
    const databaseFile = join(dir, 'data', 'site.db')
    const made = storedLinkSecret(databaseFile)
    const file = join(dir, 'data', 'booking-link-secret')
    expect(made).toMatch(/^[\w-]{43}$/)
    expect(readFileSync(file, 'utf8')).toBe(made)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // Another process (or a restart) reads the same secret instead of making a new one.
    expect(storedLinkSecret(databaseFile)).toBe(made)
    const token = tokenWithSecret(made, 'abcdefgh')
    expect(token).toMatch(/^[\w-]{32}$/)
    expect(tokenWithSecret(made, 'abcdefgj')).not.toBe(token)
    // Another secret (BOOKING_LINK_SECRET) voids the old links.
    expect(tokenWithSecret('en-anden-hemmelighed', 'abcdefgh')).not.toBe(token)
    // A database folder that does not exist is an error, not a secret made up in memory.
    expect(() => storedLinkSecret(join(dir, 'mangler', 'site.db'))).toThrow(/ENOENT/)
    expect(existsSync(join(dir, 'mangler'))).toBe(false)
  })

  it('makes links on the site’s public origin, without a trailing slash', () => {
    vi.stubEnv('SITE_URL', 'https://www.eksempel.dk//')
    expect(siteOrigin()).toBe('https://www.eksempel.dk')
    expect(manageUrl('abcdefgh')).toBe(`https://www.eksempel.dk/booking/${manageToken('abcdefgh')}`)
    expect(managePath('abcdefgh')).toBe(`/booking/${manageToken('abcdefgh')}`)
    vi.stubEnv('SITE_URL', undefined)
    expect(siteOrigin()).toBe('http://localhost:3000')
    expect(isTokenShaped('AbC-_'.padEnd(32, 'x'))).toBe(true)
    expect(isTokenShaped('x'.repeat(31))).toBe(false)
    expect(isTokenShaped('x'.repeat(33))).toBe(false)
    expect(isTokenShaped(`${'x'.repeat(31)}=`)).toBe(false)
  })
})
