import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import { handleBookingPost } from '~/server/booking/booking-endpoint.server'
import { bookingWeek, chosenSlot, managedBooking } from '~/server/booking/booking-pages.server'
import { cancelBooking, createBooking } from '~/server/booking/bookings.server'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { temporaryDatabase } from '../helpers'
import { MONDAY, NOW, TEST_FILE, details, testAvailability } from './booking-helpers'

const availability = testAvailability()
const clock = () => NOW

describe('the booking pages', () => {
  it('are never cached: no cache key, and their addresses are kept as given', () => {
    for (const address of ['/book-samtale', '/book-samtale?uge=2026-W17&status=taget', '/book-samtale?status=tjek-email', '/book-samtale/2026-04-20T10:00', '/booking/AbCdEfGhIjKlMnOpQrStUvWxYz012345?status=flyttet']) {
      const url = new URL(address, 'http://localhost')
      expect(canonicalPageAddress(url), address).toEqual({ path: url.pathname, cacheKey: undefined })
    }
    // Other pages keep their cache key.
    expect(canonicalPageAddress(new URL('http://localhost/kontakt'))).toEqual({ path: '/kontakt', cacheKey: '/kontakt' })
  })

  it('list a week of free times by day, with the next week and the first free time', () => {
    const { db } = temporaryDatabase()
    const week = bookingWeek(undefined, { db, availability, clock })
    // From Friday 10 April the first free time is Monday 13 April 09:00.
    expect(week).toMatchObject({ open: true, week: '2026-W16', label: 'mandag 13. april – søndag 19. april', previousWeek: '2026-W15', nextWeek: '2026-W17' })
    if (!week.open) throw new Error('closed')
    expect(week.firstFree).toEqual({ key: '2026-04-13T09:00', label: 'mandag 13. april kl. 9.00' })
    expect(week.days).toEqual([
      {
        date: '2026-04-13',
        label: 'mandag 13. april',
        slots: [['09:00', '9.00'], ['10:00', '10.00'], ['10:15', '10.15'], ['11:00', '11.00']].map(([key, time]) => ({ key: `2026-04-13T${key}`, time, label: `mandag 13. april kl. ${time}` })),
      },
    ])
    // A booked time (and the one its buffer covers) is gone from the list at once.
    createBooking(db, { availability, date: '2026-04-13', time: '10:00', details: details(), ipHash: 'ip', now: NOW })
    const after = bookingWeek('2026-W16', { db, availability, clock })
    expect(after.open && after.days[0]!.slots.map((slot) => slot.key)).toEqual(['2026-04-13T09:00', '2026-04-13T11:00'])
    expect(chosenSlot('2026-04-13T10:00', { db, availability, clock })).toEqual({ state: 'ikke-ledig', week: '2026-W16' })
    expect(chosenSlot(`${MONDAY}T10:00`, { db, availability, clock })).toMatchObject({ state: 'ledig', label: 'mandag 20. april kl. 10.00', ends: '10.30' })
    // Beyond the window the asked week falls back to the first free one.
    expect(bookingWeek('2026-W30', { db, availability, clock })).toMatchObject({ week: '2026-W16' })
    // So does a week before the window, also one of a year before 1000, and a time that is no time is not free.
    expect(bookingWeek('0999-W10', { db, availability, clock })).toMatchObject({ week: '2026-W16' })
    expect(chosenSlot('2026-13-45T10:00', { db, availability, clock })).toEqual({ state: 'ikke-ledig', week: undefined })
    expect(bookingWeek(undefined, { db, availability: undefined, clock })).toEqual({ open: false })
  })
})

describe('the booking window’s edges', () => {
  it('show the week of the window’s last date when that date is a Monday, and link to it from the week before', () => {
    const { db } = temporaryDatabase()
    // From Monday 13 April 11.00 the 28 days' window ends Monday 11 May 11.00: that Monday's times can be booked.
    const monday = () => new Date('2026-04-13T09:00:00Z')
    expect(bookingWeek('2026-W20', { db, availability, clock: monday })).toEqual({
      open: true,
      week: '2026-W20',
      label: 'mandag 11. maj – søndag 17. maj',
      days: [
        {
          date: '2026-05-11',
          label: 'mandag 11. maj',
          slots: [['09:00', '9.00'], ['10:00', '10.00'], ['10:15', '10.15'], ['11:00', '11.00']].map(([key, time]) => ({ key: `2026-05-11T${key}`, time, label: `mandag 11. maj kl. ${time}` })),
        },
      ],
      previousWeek: '2026-W19',
      nextWeek: undefined,
      firstFree: { key: '2026-04-20T09:00', label: 'mandag 20. april kl. 9.00' },
    })
    expect(bookingWeek('2026-W19', { db, availability, clock: monday })).toMatchObject({ week: '2026-W19', previousWeek: '2026-W18', nextWeek: '2026-W20' })
  })

  it('show the current week without times when no time in the window is free', () => {
    const { db } = temporaryDatabase()
    // The coach is away for the whole window (from Friday 10 April to Friday 8 May).
    const away = testAvailability(`${TEST_FILE}lukket: [2026-04-10 til 2026-05-10]\n`)
    const current = { open: true, week: '2026-W15', label: 'mandag 6. april – søndag 12. april', days: [], previousWeek: undefined, nextWeek: '2026-W16', firstFree: undefined }
    expect(bookingWeek(undefined, { db, availability: away, clock })).toEqual(current)
    expect(bookingWeek('uge 17', { db, availability: away, clock })).toEqual(current)
    expect(bookingWeek('2026-W30', { db, availability: away, clock })).toEqual(current)
  })
})

describe('the manage page', () => {
  it('offers neither a move nor a cancellation of a cancelled booking whose time has not come', () => {
    const { db } = temporaryDatabase()
    const outcome = createBooking(db, { availability, date: MONDAY, time: '10:00', details: details(), ipHash: 'ip', now: NOW })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    expect(cancelBooking(db, { id: outcome.booking.id, by: 'gaest', availability, now: NOW }).status).toBe('aflyst')
    expect(managedBooking(outcome.token, { db, availability, clock })).toEqual({
      code: outcome.booking.publicId,
      name: 'Mette Sørensen',
      status: 'aflyst',
      period: 'mandag 20. april kl. 10.00–10.30',
      mode: 'Telefon – jeg ringer til dig',
      changeable: false,
      cutoff: '12 timer',
      moveTo: [],
    })
  })
})

describe('the times a visitor may move to', () => {
  it('do not count the booking itself against the pause or the day’s maximum, and leave out its own time', () => {
    const { db } = temporaryDatabase()
    const capped = testAvailability(`${TEST_FILE}max_pr_dag: 1\n`)
    const outcome = createBooking(db, { availability: capped, date: MONDAY, time: '10:00', details: details(), ipHash: 'ip', now: NOW })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const monday = managedBooking(outcome.token, { db, availability: capped, clock })?.moveTo.find((day) => day.date === MONDAY)
    // 10.15 lies within the pause after 10.00 and the day has its one booking: both are the visitor's own.
    expect(monday?.slots.map((slot) => slot.key)).toEqual([`${MONDAY}T09:00`, `${MONDAY}T10:15`, `${MONDAY}T11:00`])
    // Another visitor's booking still closes the times around it.
    createBooking(db, { availability, date: '2026-04-27', time: '10:00', details: details('anden@eksempel.dk'), ipHash: 'ip2', now: NOW })
    const later = managedBooking(outcome.token, { db, availability, clock })?.moveTo.find((day) => day.date === '2026-04-27')
    expect(later?.slots.map((slot) => slot.key)).toEqual(['2026-04-27T09:00', '2026-04-27T11:00'])
  })
})

describe('the manage page of a confirmed booking', () => {
  it('offers to put the conversation into Google’s or Outlook’s calendar, with its title, times and kind, and no manage link', () => {
    const { db } = temporaryDatabase()
    const outcome = createBooking(db, { availability, date: MONDAY, time: '10:00', details: { ...details(), form: 'video' }, ipHash: 'ip', now: NOW })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const links = managedBooking(outcome.token, { db, availability, clock })?.addToCalendar
    if (!links) throw new Error('no links')
    const title = `Uforpligtende samtale med ${site.name}`
    const description = 'Video – jeg sender dig et link inden samtalen. Flyt eller aflys via linket i din bekræftelse på e-mail.'
    const [google, outlook] = [new URL(links.google), new URL(links.outlook)]
    expect(`${google.origin}${google.pathname}`).toBe('https://calendar.google.com/calendar/render')
    // Monday 20 April 10.00–10.30 dansk tid, in UTC as Google writes it.
    expect([...google.searchParams]).toEqual([
      ['action', 'TEMPLATE'],
      ['text', title],
      ['dates', '20260420T080000Z/20260420T083000Z'],
      ['details', description],
    ])
    expect(`${outlook.origin}${outlook.pathname}`).toBe('https://outlook.live.com/calendar/0/deeplink/compose')
    // Work and school accounts (Microsoft 365) have their own address: the personal one does not open them.
    const work = new URL(links.outlookWork)
    expect(`${work.origin}${work.pathname}`).toBe('https://outlook.office.com/calendar/0/deeplink/compose')
    expect([...work.searchParams]).toEqual([...outlook.searchParams])
    expect([...outlook.searchParams]).toEqual([
      ['path', '/calendar/action/compose'],
      ['rru', 'addevent'],
      ['subject', title],
      ['startdt', '2026-04-20T08:00:00.000Z'],
      ['enddt', '2026-04-20T08:30:00.000Z'],
      ['body', description],
    ])
  })
})

describe('the booking post', () => {
  it('lets a filled honeypot and a malformed time through to nothing, without a word to the robot', async () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData()
      for (const [name, value] of Object.entries(fields)) data.set(name, value)
      return data
    }
    const honeypot = await handleBookingPost(form({ tidspunkt: '2026-04-20T10:00', navn: 'Robot', website: 'https://spam.example' }))
    expect([honeypot.status, honeypot.headers.get('location')]).toEqual([303, '/book-samtale'])
    const malformed = await handleBookingPost(form({ tidspunkt: '20. april' }))
    expect([malformed.status, malformed.headers.get('location')]).toEqual([303, '/book-samtale?status=ikke-ledig'])
  })
})
