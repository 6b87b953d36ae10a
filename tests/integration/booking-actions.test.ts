import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeDb } from '#db/connection'
import { openDatabase } from '#db/database'
import { busySources } from '#db/schema'
import { bookTime, changeBooking, fetchBookingWeek, fetchChosenSlot, fetchManagedBooking } from '~/lib/booking/booking-actions'
import { formData, insertPost, temporaryDatabase } from '../helpers'
import { configuredBusySources } from '~/server/calendar/busy-sources.server'
import { inStartRequest } from '../start-request'
import { MONDAY, NOW, TEST_FILE } from './booking-helpers'
// The server functions import these lazily; loaded here, before the tests, their load-time code is
// not counted as covered by the first test that calls them (Stryker would try it against that test only).
import '~/server/booking/booking-endpoint.server'
import '~/server/booking/booking-pages.server'

// The booking pages' server functions as Start calls them within a request, with the server's own
// defaults: the database of DATABASE_URL (a temporary file with one article of the test's own, so
// nothing is seeded), the file of BOOKING_FILE, the outbox as mail, the clock faked at NOW.
// Without Start's compiler (Vitest has none) a call runs the handler in place and gives back only
// a Response it returns, so the two form posts are followed to their pages; the three loaders are
// shown to reach the server code by failing with it.

let dir: string
let outbox: string
beforeEach(() => {
  const temporary = temporaryDatabase()
  dir = temporary.dir
  insertPost(temporary.db, 'en-artikel', 'stress', '2024-05-01')
  temporary.db.$client.close()
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  outbox = join(dir, 'udbakke')
  mkdirSync(outbox)
  vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  vi.stubEnv('MAIL_OUTBOX_DIR', outbox)
  vi.stubEnv('RESEND_API_KEY', undefined)
  vi.stubEnv('BOOKING_RATE_LIMIT', undefined)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  closeDb()
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

const call = <T>(run: () => Promise<T>) => inStartRequest(new Request('http://localhost/_serverFn/booking', { method: 'POST' }), '192.0.2.40', run).then(({ result }) => result)
/** The e-mails in the outbox, by kind and recipient (one .json each, beside its invitation). */
const mails = () => readdirSync(outbox).flatMap((name) => /^booking-\w+-(.+)\.json$/.exec(name)?.[1] ?? []).sort()
const where = (response: unknown) => [(response as Response).status, (response as Response).headers.get('location')]
/** The manage link's token, as the visitor finds it: in her e-mail in the outbox. */
function tokenFromVisitorMail(address: string) {
  const mail = readdirSync(outbox)
    .filter((name) => name.endsWith('-gaest.json'))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; text: string })
    .find((email) => email.to === address)
  return /http:\/\/localhost:3000\/booking\/([\w-]{32})/.exec(mail?.text ?? '')?.[1]
}

describe('the booking forms’ server functions', () => {
  it('book a time with the server’s database and outbox, and cancel it by the link in the visitor’s e-mail', async () => {
    const form = formData({ tidspunkt: `${MONDAY}T10:00`, navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: '', website: '' })
    const booked = await call(() => bookTime({ data: form }))
    expect(where(booked)).toEqual([303, '/book-samtale?status=tjek-email#status'])
    // Without RESEND_API_KEY both e-mails (to the visitor and to the coach) land in the outbox.
    expect(mails()).toEqual(['bekraeftelse-0-coach', 'bekraeftelse-0-gaest'])
    const token = tokenFromVisitorMail('mette@eksempel.dk')
    expect(token).toMatch(/^[\w-]{32}$/)

    const cancelled = await call(() => changeBooking({ data: formData({ link: token!, handling: 'aflys' }) }))
    expect(where(cancelled)).toEqual([303, `/booking/${token}?status=aflyst`])
    expect(mails()).toEqual(['aflyst-1-coach', 'aflyst-1-gaest', 'bekraeftelse-0-coach', 'bekraeftelse-0-gaest'])
  })

  it('book a time while her busy calendar is read and fresh: the rules and the calendar come from the server’s database', async () => {
    // The form's post names no database: the one of DATABASE_URL holds her calendar's state (read at NOW).
    vi.stubEnv('BUSY_CALENDAR_URLS', 'https://kalender.example/optaget.ics')
    vi.stubEnv('CALDAV_URL', '')
    const [source] = configuredBusySources()
    const db = openDatabase(join(dir, 'site.db'))
    db.insert(busySources).values({ sourceKey: source!.key, label: source!.label, goodAt: NOW.toISOString(), checkedAt: NOW.toISOString(), intervals: [], lastError: null }).run()
    db.$client.close()
    const form = formData({ tidspunkt: `${MONDAY}T10:00`, navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: '', website: '' })
    expect(where(await call(() => bookTime({ data: form })))).toEqual([303, '/book-samtale?status=tjek-email#status'])
    expect(mails()).toEqual(['bekraeftelse-0-coach', 'bekraeftelse-0-gaest'])
  })

  it('send a post without a time or link back to the booking page', async () => {
    expect(where(await call(() => bookTime({ data: new FormData() })))).toEqual([303, '/book-samtale?status=ikke-ledig'])
    expect(where(await call(() => changeBooking({ data: new FormData() })))).toEqual([303, '/book-samtale'])
  })
})

describe('the booking pages’ loaders', () => {
  it('read the server’s database: one that cannot be opened fails the loader instead of showing an empty page', async () => {
    // DATABASE_URL below a plain file: the folder cannot be made, so the database cannot be opened.
    writeFileSync(join(dir, 'fil'), 'ikke en mappe')
    vi.stubEnv('DATABASE_URL', join(dir, 'fil', 'site.db'))
    const failure = (load: () => Promise<unknown>) => call(() => load().then(() => 'svarede', (error: Error) => error.message))
    expect(await failure(() => fetchBookingWeek({ data: '2026-W17' }))).toContain(join(dir, 'fil'))
    expect(await failure(() => fetchChosenSlot({ data: `${MONDAY}T10:00` }))).toContain(join(dir, 'fil'))
    expect(await failure(() => fetchManagedBooking({ data: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345' }))).toContain(join(dir, 'fil'))
  })
})
