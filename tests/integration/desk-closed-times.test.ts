import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Db } from '#db/database'
import { busySources } from '#db/schema'
import { checkCoachAlerts } from '~/server/alerts/coach-alerts.server'
import { createBooking } from '~/server/booking/bookings.server'
import { configuredBusySources } from '~/server/calendar/busy-sources.server'
import { newSignInLink, redeemSignInLink, sessionCookieName } from '~/server/desk/desk-auth.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { deskClosedTimes, deskOverview } from '~/server/desk/desk-views.server'
import { temporaryDatabase } from '../helpers'
import { TEST_FILE, details, testAvailability } from './booking-helpers'

// »Hvorfor er tiden lukket?« on the coach's desk: the next two weeks, each time of her week, and
// why a visitor cannot book it, by the rule the booking itself keeps.

/** Sunday 12 April 2026, 9.30 dansk tid: Monday 13 April 9.00 is inside the 24 hours' notice, 10.00 is not. */
const NOW = new Date('2026-04-12T07:30:00Z')
const FILE = `${TEST_FILE}max_pr_dag: 2\nekstra: {2026-04-15: ["09:00"]}\nlukket: [2026-04-15]\n`
const FEED = 'https://kalender.eksempel.dk/privat-hemmelig.ics'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-closed-'))
  writeFileSync(join(dir, 'booking.yaml'), FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  vi.stubEnv('BUSY_CALENDAR_URLS', FEED)
  vi.stubEnv('CALDAV_URL', '')
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
})
afterEach(() => vi.unstubAllEnvs())

/** Her calendar as the server stored it, read `goodAt`: busy Monday 13 April 9.40–9.50 and 11.00–11.30. */
function storeCalendar(db: Db, goodAt: Date, lastError: string | null = null) {
  const [source] = configuredBusySources()
  const intervals: Array<[number, number, string]> = [
    [Date.parse('2026-04-13T07:40:00Z'), Date.parse('2026-04-13T07:50:00Z'), 'kort@icloud.com'],
    [Date.parse('2026-04-13T09:00:00Z'), Date.parse('2026-04-13T09:30:00Z'), 'moede@icloud.com'],
  ]
  db.insert(busySources).values({ sourceKey: source!.key, label: source!.label, goodAt: goodAt.toISOString(), checkedAt: NOW.toISOString(), intervals, lastError }).run()
  return source!.label
}

function book(db: Db, date: string, time: string, email: string) {
  const outcome = createBooking(db, { availability: testAvailability(FILE), date, time, details: details(email), ipHash: `ip-${email}`, now: NOW })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
}

describe('why a time is closed', () => {
  it('names for each time of the next two weeks: too close, a pause, busy in which calendar, booked, the day’s maximum, closed', () => {
    const { db } = temporaryDatabase()
    const label = storeCalendar(db, NOW)
    book(db, '2026-04-20', '10:00', 'a@eksempel.dk')
    book(db, '2026-04-20', '11:00', 'b@eksempel.dk')
    const closed = deskClosedTimes(db, NOW)
    expect(closed.closedNow).toBeUndefined()
    expect(closed.days).toHaveLength(14)
    expect(closed.days[0]).toEqual({ date: '2026-04-12', label: 'søndag 12. april', hours: 'ingen tider i din uge', slots: [] })
    const day = (date: string) => closed.days.find((shown) => shown.date === date)
    expect(day('2026-04-13')).toEqual({
      date: '2026-04-13',
      label: 'mandag 13. april',
      hours: 'kl. 9.00–11.30',
      slots: [
        { time: 'kl. 9.00', reason: 'for tæt på – varsel (tidligst)' },
        { time: 'kl. 10.00', reason: `mellemrum/pause ved en aftale i ${label}` },
        { time: 'kl. 10.15', reason: undefined },
        { time: 'kl. 11.00', reason: `optaget i ${label}` },
      ],
    })
    expect(day('2026-04-15')).toEqual({ date: '2026-04-15', label: 'onsdag 15. april', hours: 'lukket hele dagen', slots: [{ time: 'kl. 9.00', reason: 'lukket (lukket i booking.yaml)' }] })
    expect(day('2026-04-20')?.slots).toEqual([
      { time: 'kl. 9.00', reason: 'dagens maksimum (max_pr_dag) er nået' },
      { time: 'kl. 10.00', reason: 'booket' },
      { time: 'kl. 10.15', reason: 'booket' },
      { time: 'kl. 11.00', reason: 'booket' },
    ])
    // The calendar is named by its position and host, never by its secret address.
    expect(JSON.stringify(closed)).not.toContain('privat-hemmelig')
  })

  it('says first when no time is offered at all because a calendar is too old, and the desk links to the view', () => {
    const { db } = temporaryDatabase()
    const label = storeCalendar(db, new Date(NOW.getTime() - 4 * 3_600_000), 'svarede 500')
    expect(deskClosedTimes(db, NOW).closedNow).toBe(`Lige nu tilbydes ingen tider, fordi ${label} ikke er læst inden for kalender_max_alder. Tiderne herunder er, som de ville være.`)
    // The overview carries the alert's line while the problem is open.
    expect(deskOverview(db, NOW, '').problems).toEqual([])
    checkCoachAlerts(db, NOW)
    expect(deskOverview(db, NOW, '').problems).toEqual([{ title: 'Bookingen er lukket, fordi en af dine kalendere ikke kan læses.', since: '12. april kl. 09.30' }])
  })

  it('names a pause after another conversation and a day beyond »senest«; and says when booking is switched off', () => {
    const { db } = temporaryDatabase()
    const file = (extra = '') => `varighed: 30\nmellemrum: 15\ntidligst: 24 timer\nsenest: 9 dage\nafbud_senest: 12 timer\n${extra}uge:\n  mandag: ["09:00", "09:35"]\n  onsdag: ["09:00"]\n`
    writeFileSync(join(dir, 'booking.yaml'), file())
    const outcome = createBooking(db, { availability: testAvailability(file()), date: '2026-04-20', time: '09:00', details: details('a@eksempel.dk'), ipHash: 'ip-a', now: NOW })
    expect(outcome.status).toBe('booket')
    const closed = deskClosedTimes(db, NOW)
    const day = (date: string) => closed.days.find((shown) => shown.date === date)
    expect(day('2026-04-20')?.slots).toEqual([
      { time: 'kl. 9.00', reason: 'booket' },
      { time: 'kl. 9.35', reason: 'mellemrum/pause ved en anden samtale' },
    ])
    expect(day('2026-04-22')?.slots).toEqual([{ time: 'kl. 9.00', reason: 'for langt ude (senest)' }])

    writeFileSync(join(dir, 'booking.yaml'), file('aaben: nej\n'))
    const off = deskClosedTimes(temporaryDatabase().db, NOW)
    expect(off.closedNow).toBe('Bookingen er slået fra (aaben: nej i content/booking.yaml).')
    expect(off.days.find((shown) => shown.date === '2026-04-20')?.slots).toEqual([
      { time: 'kl. 9.00', reason: 'lukket (aaben: nej i booking.yaml)' },
      { time: 'kl. 9.35', reason: 'lukket (aaben: nej i booking.yaml)' },
    ])

  })

  it('says so when content/booking.yaml has a mistake and has never been valid, and lists no times', () => {
    const broken = join(dir, 'ny-booking.yaml')
    writeFileSync(broken, 'varighed: 30\nuge:\n  mandag: ["9"\n')
    vi.stubEnv('BOOKING_FILE', broken)
    expect(deskClosedTimes(temporaryDatabase().db, NOW)).toEqual({
      closedNow: 'content/booking.yaml har en fejl og har aldrig været gyldig, så der er ingen tider (se vejledningen, »Dine bookingtider«).',
      days: [],
    })
  })

  it('names a holiday when she keeps holidays closed', () => {
    const { db } = temporaryDatabase()
    writeFileSync(join(dir, 'booking.yaml'), 'varighed: 30\nmellemrum: 15\ntidligst: 24 timer\nsenest: 30 dage\nafbud_senest: 12 timer\nhelligdage: lukket\nuge:\n  torsdag: ["09:00"]\n')
    // Sunday 10 May 2026: Kristi himmelfartsdag is Thursday 14 May, the Thursday after is an ordinary one.
    const closed = deskClosedTimes(db, new Date('2026-05-10T07:00:00Z'))
    const day = (date: string) => closed.days.find((shown) => shown.date === date)
    expect(day('2026-05-14')?.slots).toEqual([{ time: 'kl. 9.00', reason: 'lukket – helligdag' }])
    expect(day('2026-05-21')?.slots).toEqual([{ time: 'kl. 9.00', reason: undefined }])
  })

  it('is a desk page of its own, for the signed-in coach only', () => {
    const { db } = temporaryDatabase()
    expect(deskPage({ page: 'lukket', key: '' }, { db, cookieHeader: null, clock: () => NOW })).toEqual({ signedIn: false })
    const cookieHeader = `${sessionCookieName()}=${redeemSignInLink(db, newSignInLink(db, '/coach', NOW), NOW)!.sessionToken}`
    const page = deskPage({ page: 'lukket', key: '' }, { db, cookieHeader, clock: () => NOW })
    expect(page).toMatchObject({ signedIn: true, page: 'lukket', closed: { days: expect.any(Array) } })
    expect(page.signedIn && page.page === 'lukket' && page.closed.days).toHaveLength(14)
  })
})
