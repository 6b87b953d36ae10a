import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { bookings, contactMessages, deskEvents, outbox } from '#db/schema'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { manageToken } from '~/server/links/links.server'
import { outboxTransport } from '~/server/mail/mail-transport.server'
import { cancelBooking, createBooking, markNoShow } from '~/server/booking/bookings.server'
import { type DeskDeps, handleDeskAction, handleLinkRequest, handleSignIn } from '~/server/desk/desk-actions.server'
import { currentSession } from '~/server/desk/desk-actions.server'
import { deliverDeskLinks } from '~/server/desk/desk-link-mail.server'
import { linkIsUsable, newSignInLink, redeemSignInLink, sessionCookieName, sessionOf } from '~/server/desk/desk-auth.server'
import { recentDeskEvents } from '~/server/desk/desk-events.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { deskBookingPage, deskMessage, deskOverview, deskPerson } from '~/server/desk/desk-views.server'
import { formData, temporaryDatabase } from '../helpers'
import { inStartRequest } from '../start-request'
import { MONDAY, NOW, TEST_FILE, details, memoryTransport, testAvailability } from './booking-helpers'
import { site } from '~/server/content/content.server'
import { formatDanishDate } from '~/lib/dates'

// What the coach's desk shows (the overview, a booking, a message, a person) and what its smaller
// actions answer. desk.test.ts covers signing in and the actions that write to a visitor.

const COACH = 'coach@eksempel.dk'
let db: Db
let transport: ReturnType<typeof memoryTransport>

beforeEach(() => {
  afterAnswer = []
  db = temporaryDatabase().db
  transport = memoryTransport()
  const dir = mkdtempSync(join(tmpdir(), 'desk-pages-'))
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  vi.stubEnv('COACH_EMAIL', COACH)
  vi.stubEnv('CONTACT_TO', COACH)
  vi.stubEnv('BUSY_CALENDAR_URLS', '')
  vi.stubEnv('CALDAV_URL', '')
})
afterEach(() => {
  vi.unstubAllEnvs()
})

function book(time: string, email = 'mette@eksempel.dk', name = 'Mette Sørensen', date = MONDAY) {
  const outcome = createBooking(db, { availability: testAvailability(), date, time, details: { ...details(email), navn: name }, ipHash: `ip-${email}-${time}`, now: NOW })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  return outcome.booking
}

/** A visitor books once at a time; her earlier and later bookings are made as if by another address, then made hers. */
function asVisitor(booking: { id: number }, email: string) {
  db.update(bookings).set({ email, emailKey: email.toLowerCase() }).where(eq(bookings.id, booking.id)).run()
}

let messageCount = 0
function message(firstName: string, email: string, createdAt: string, extra: Partial<typeof contactMessages.$inferInsert> = {}) {
  messageCount++
  return db
    .insert(contactMessages)
    .values({ createdAt, firstName, lastName: 'Jensen', email, phone: '20 30 40 50', serviceType: '', address: '', message: 'Hej', ipHash: 'x', publicId: `p${messageCount}`, ...extra })
    .returning()
    .get()
}

/** A signed-in browser's Cookie header, made without the e-mail. */
function signedIn(now = NOW) {
  const token = newSignInLink(db, '/coach', now)
  return `${sessionCookieName()}=${redeemSignInLink(db, token, now)!.sessionToken}`
}

/** The work each answer left for afterwards (the sign-in e-mail), done when the test says so. */
let afterAnswer: Array<() => Promise<unknown>> = []
const sendAfterAnswer = async () => {
  for (const work of afterAnswer.splice(0)) await work()
}
const deps = (cookieHeader: string | null, now = NOW): DeskDeps => ({ db, transport, clock: () => now, cookieHeader, clientAddress: '203.0.113.7', afterAnswer: (work) => void afterAnswer.push(work) })
async function act(cookieHeader: string, fields: Record<string, string>, now = NOW) {
  const page = deskPage({ page: 'oversigt', key: '' }, deps(cookieHeader, now))
  if (!page.signedIn) throw new Error('not signed in')
  return handleDeskAction(formData({ formular: page.formToken, tilbage: '/coach', ...fields }), deps(cookieHeader, now))
}

describe('the overview', () => {
  it('lists the bookings by day from a week back, the next free times and the newest messages', () => {
    const early = book('09:00')
    const late = book('11:00', 'bo@eksempel.dk', 'Bo Holm')
    book('10:15', 'eva@eksempel.dk', 'Eva Lund', '2026-04-27')
    cancelBooking(db, { id: late.id, by: 'gaest', availability: testAvailability(), now: NOW })
    message('Anne', 'anne@eksempel.dk', '2026-04-09T08:00:00.000Z')
    message('Karen', 'karen@eksempel.dk', '2026-04-09T09:00:00.000Z', { readAt: NOW.toISOString(), handledAt: NOW.toISOString() })

    const during = new Date('2026-04-20T07:10:00Z')
    const overview = deskOverview(db, during, '')
    expect(overview.days.map((day) => [day.date, day.label, day.bookings.map((booking) => booking.code)])).toEqual([
      [MONDAY, 'mandag 20. april', [early.publicId, late.publicId]],
      ['2026-04-27', 'mandag 27. april', [expect.any(String)]],
    ])
    expect(overview.days[0]!.bookings[0]).toEqual({
      code: early.publicId,
      time: 'kl. 9.00–9.30',
      name: 'Mette Sørensen',
      mode: 'Telefon – du ringer op',
      phone: '20 30 40 50',
      email: 'mette@eksempel.dk',
      note: '',
      cancelled: false,
      noShow: false,
      begun: true,
    })
    expect(overview.days[0]!.bookings[1]).toMatchObject({ cancelled: true, begun: false })
    // Mondays only, notice of 24 hours: the first free times are the next Monday's, and the one after.
    expect(overview.freeTimes).toEqual(['mandag 27. april kl. 9.00', 'mandag 27. april kl. 11.00', 'mandag 4. maj kl. 9.00', 'mandag 4. maj kl. 10.00', 'mandag 4. maj kl. 10.15', 'mandag 4. maj kl. 11.00'])
    expect(overview.messages.map(({ name, unread, handled }) => [name, unread, handled])).toEqual([
      ['Karen Jensen', false, true],
      ['Anne Jensen', true, false],
    ])
    expect(overview.messages[1]!.received).toBe('9. april kl. 10.00')
    expect(overview.search).toBeUndefined()

    // A week after the day, it is gone from the list; a no-show must be marked within that week.
    expect(deskOverview(db, new Date('2026-04-27T09:00:00Z'), '').days.map((day) => day.date)).toEqual([MONDAY, '2026-04-27'])
    expect(deskOverview(db, new Date('2026-04-27T09:31:00Z'), '').days.map((day) => day.date)).toEqual(['2026-04-27'])
  })

  it('shows no free times while booking is closed', () => {
    vi.stubEnv('BOOKING_FILE', join(tmpdir(), 'ingen-booking-fil.yaml'))
    expect(deskOverview(db, NOW, '').freeTimes).toBeUndefined()
  })

  it('finds people by a part of their name or address, in bookings and messages alike, counted', () => {
    book('09:00', 'mette@eksempel.dk', 'Mette Sørensen')
    asVisitor(book('11:00', 'm2@eksempel.dk', 'Mette Sørensen'), 'Mette@Eksempel.dk')
    book('10:15', 'bo@eksempel.dk', 'Bo 100% Holm')
    message('Mette', 'mette@eksempel.dk', NOW.toISOString())
    message('Anne', 'anne_j@eksempel.dk', NOW.toISOString())
    message('Annemette', 'annemette@eksempel.dk', NOW.toISOString())

    const search = (query: string) => deskOverview(db, NOW, query).search
    expect(search('  mette  ')).toEqual({
      query: 'mette',
      persons: [
        { email: 'mette@eksempel.dk', name: 'Mette Sørensen', bookings: 2, messages: 1 },
        { email: 'annemette@eksempel.dk', name: 'Annemette Jensen', bookings: 0, messages: 1 },
      ],
    })
    expect(search('anne jensen')?.persons.map((person) => person.email)).toEqual(['anne_j@eksempel.dk'])
    // % and _ are letters here, not SQL's wildcards.
    expect(search('%')?.persons.map((person) => person.email)).toEqual(['bo@eksempel.dk'])
    expect(search('e_j')?.persons.map((person) => person.email)).toEqual(['anne_j@eksempel.dk'])
    expect(search('\\')?.persons).toEqual([])
    expect(search('x'.repeat(101))?.query).toHaveLength(100)
  })

  it('shows at most 30 messages and 20 people', () => {
    for (let n = 0; n < 32; n++) message(`Person${n}`, `person${n}@eksempel.dk`, new Date(NOW.getTime() + n * 60_000).toISOString())
    const overview = deskOverview(db, NOW, 'person')
    expect(overview.messages).toHaveLength(30)
    expect(overview.messages[0]!.name).toBe('Person31 Jensen')
    expect(overview.search?.persons).toHaveLength(20)
  })
})

describe('a booking', () => {
  it('can be moved to the free times of the window, its own and the taken ones left out', () => {
    const own = book('10:00')
    book('11:00', 'bo@eksempel.dk')
    const page = deskBookingPage(db, own.publicId, NOW)!
    expect(page).toMatchObject({ code: own.publicId, period: 'mandag 20. april kl. 10.00–10.30', changeable: true })
    const keys = page.moveTo.flatMap((day) => day.slots.map((slot) => slot.key))
    expect(keys.filter((key) => key.startsWith(MONDAY))).toEqual([`${MONDAY}T09:00`, `${MONDAY}T10:15`])
    expect(page.moveTo[0]).toEqual({ label: 'mandag 13. april', slots: expect.any(Array) })
    expect(page.moveTo.find((day) => day.label === 'mandag 20. april')?.slots[0]).toEqual({ key: `${MONDAY}T09:00`, label: 'mandag 20. april kl. 9.00' })
  })

  it('cannot be changed once cancelled or over, nor moved while booking is closed', () => {
    const cancelled = book('10:00')
    cancelBooking(db, { id: cancelled.id, by: 'gaest', availability: testAvailability(), now: NOW })
    expect(deskBookingPage(db, cancelled.publicId, NOW)).toMatchObject({ cancelled: true, changeable: false, moveTo: [] })
    const held = book('09:00')
    expect(deskBookingPage(db, held.publicId, new Date('2026-04-20T07:29:00Z'))).toMatchObject({ changeable: true, begun: true })
    expect(deskBookingPage(db, held.publicId, new Date('2026-04-20T07:30:00Z'))).toMatchObject({ changeable: false, moveTo: [] })
    vi.stubEnv('BOOKING_FILE', join(tmpdir(), 'ingen-booking-fil.yaml'))
    expect(deskBookingPage(db, held.publicId, NOW)).toMatchObject({ changeable: true, moveTo: [] })
  })

  it('is only looked up by a code of eight small letters and digits', () => {
    const own = book('10:00')
    expect(deskBookingPage(db, own.publicId.toUpperCase(), NOW)).toBeUndefined()
    expect(deskBookingPage(db, `${own.publicId}x`, NOW)).toBeUndefined()
    expect(deskBookingPage(db, `x${own.publicId}`, NOW)).toBeUndefined()
    expect(deskBookingPage(db, 'abcd1234', NOW)).toBeUndefined()
  })
})

describe('a message', () => {
  it('is marked read the first time it is opened, and the desk log says so once', () => {
    const stored = message('Anne', 'anne@eksempel.dk', NOW.toISOString(), { serviceType: 'stress-coaching', address: 'Vestergade 1, Aarhus' })
    const later = new Date(NOW.getTime() + 60_000)
    expect(deskMessage(db, String(stored.id), later)).toEqual({
      id: stored.id,
      name: 'Anne Jensen',
      received: '10. april kl. 11.00',
      unread: false,
      handled: false,
      email: 'anne@eksempel.dk',
      phone: '20 30 40 50',
      service: 'Stresscoaching',
      address: 'Vestergade 1, Aarhus',
      text: 'Hej',
      becameClient: false,
      deletedOn: formatDanishDate(new Date(NOW.getTime() + site.enquiryRetentionDays * 86_400_000).toISOString()),
      clientRetentionDays: site.contactRetentionDays,
    })
    deskMessage(db, String(stored.id), new Date(NOW.getTime() + 120_000))
    expect(db.select().from(contactMessages).get()?.readAt).toBe(later.toISOString())
    expect(recentDeskEvents(db).map(({ action, messageId, at }) => [action, messageId, at])).toEqual([['besked-laest', stored.id, later.toISOString()]])
  })

  it('says what the visitor left out, and an unknown service as it was given', () => {
    const plain = message('Anne', 'anne@eksempel.dk', NOW.toISOString())
    expect(deskMessage(db, String(plain.id), NOW)).toMatchObject({ service: 'Ikke angivet', address: 'Ikke angivet' })
    const odd = message('Bo', 'bo@eksempel.dk', NOW.toISOString(), { serviceType: 'yoga' })
    expect(deskMessage(db, String(odd.id), NOW)?.service).toBe('yoga')
  })

  it('is only looked up by a number', () => {
    const stored = message('Anne', 'anne@eksempel.dk', NOW.toISOString())
    for (const id of [`${stored.id}x`, `x${stored.id}`, '', '1234567890', '999']) expect(deskMessage(db, id, NOW)).toBeUndefined()
    expect(db.select().from(contactMessages).get()?.readAt).toBeNull()
  })
})

describe('a person', () => {
  it('shows every booking with its state, the messages, and how many upcoming ones an erasure cancels', () => {
    const held = book('09:00')
    const noShow = book('10:15', 'm2@eksempel.dk', 'Mette S.', MONDAY)
    const cancelled = book('11:00', 'm3@eksempel.dk')
    const upcoming = book('10:00', 'm4@eksempel.dk', 'Mette Sørensen', '2026-04-27')
    for (const booking of [noShow, cancelled, upcoming]) asVisitor(booking, 'Mette@eksempel.dk')
    cancelBooking(db, { id: cancelled.id, by: 'gaest', availability: testAvailability(), now: NOW })
    const after = new Date('2026-04-20T09:00:00Z')
    markNoShow(db, { id: noShow.id, now: after })
    message('Mette', 'METTE@eksempel.dk', '2026-04-01T08:00:00.000Z')
    message('Mette', 'mette@eksempel.dk', '2026-04-02T08:00:00.000Z')
    message('Mette', 'mette.s@eksempel.dk', '2026-04-03T08:00:00.000Z')

    const person = deskPerson(db, ' Mette@Eksempel.dk ', after)!
    expect(person.email).toBe('mette@eksempel.dk')
    expect(person.name).toBe('Mette Sørensen')
    expect(person.bookings).toEqual([
      { code: held.publicId, period: 'mandag 20. april kl. 9.00–9.30', status: 'afholdt' },
      { code: noShow.publicId, period: 'mandag 20. april kl. 10.15–10.45', status: 'udeblev' },
      { code: cancelled.publicId, period: 'mandag 20. april kl. 11.00–11.30', status: 'aflyst' },
      { code: upcoming.publicId, period: 'mandag 27. april kl. 10.00–10.30', status: 'kommende' },
    ])
    expect(person.messages.map((line) => line.received)).toEqual(['2. april kl. 10.00', '1. april kl. 10.00'])
    expect(person.upcoming).toBe(1)
    expect(deskPerson(db, 'mette@eksempel.dk', NOW)?.upcoming).toBe(3)
  })

  it('is named from a message when there is no booking, and is nobody for an unknown or impossible address', () => {
    message('Anne', 'anne@eksempel.dk', NOW.toISOString())
    expect(deskPerson(db, 'anne@eksempel.dk', NOW)).toMatchObject({ name: 'Anne Jensen', bookings: [], upcoming: 0, keptDocuments: 0 })
    expect(deskPerson(db, 'ukendt@eksempel.dk', NOW)).toBeUndefined()
    expect(deskPerson(db, '   ', NOW)).toBeUndefined()
    expect(deskPerson(db, `${'a'.repeat(243)}@eksempel.dk`, NOW)).toBeUndefined()
  })
})

describe('the desk pages for a signed-in coach', () => {
  it('answers each page, and an unknown address below /coach as unknown', () => {
    const cookie = signedIn()
    const own = book('10:00')
    const stored = message('Anne', 'anne@eksempel.dk', NOW.toISOString())
    const page = (request: Parameters<typeof deskPage>[0]) => deskPage(request, deps(cookie))
    expect(page({ page: 'booking', key: own.publicId })).toMatchObject({ signedIn: true, page: 'booking', booking: { code: own.publicId } })
    expect(page({ page: 'besked', key: String(stored.id) })).toMatchObject({ page: 'besked', message: { id: stored.id } })
    expect(page({ page: 'person', key: 'anne@eksempel.dk' })).toMatchObject({ page: 'person', person: { name: 'Anne Jensen' } })
    expect(page({ page: 'ukendt', key: '' })).toEqual({ signedIn: true, formToken: expect.any(String), page: 'ukendt' })
    expect(page({ page: 'oversigt', key: 'anne' })).toMatchObject({ page: 'oversigt', overview: { search: { query: 'anne' } } })
    expect(deskPage({ page: 'booking', key: own.publicId }, deps(null))).toEqual({ signedIn: false })
  })
})

describe("the desk's smaller actions", () => {
  it('signs this browser out only, and clears its cookie', async () => {
    const first = signedIn()
    const second = signedIn()
    const answer = await act(first, { handling: 'log-ud' })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('Location')).toBe('/coach?status=logget-ud')
    expect(answer.headers.get('Cache-Control')).toBe('no-store, private')
    expect(answer.headers.get('Set-Cookie')).toMatch(/^skrivebord=; Path=\/; Max-Age=0;/)
    expect(deskPage({ page: 'oversigt', key: '' }, deps(first)).signedIn).toBe(false)
    expect(deskPage({ page: 'oversigt', key: '' }, deps(second)).signedIn).toBe(true)
    expect(recentDeskEvents(db).map((event) => event.action)).toEqual(['logget-ud'])
  })

  it('hands over everything stored about a person as a JSON file, without her live links, IP hash or claims', async () => {
    const cookie = signedIn()
    const mailFolder = mkdtempSync(join(tmpdir(), 'desk-export-outbox-'))
    vi.stubEnv('MAIL_OUTBOX_DIR', mailFolder)
    const booked = book('10:00')
    // Her confirmation as the outbox's folder keeps it (e-mail, calendar file), mid-claim.
    await deliverBookingEmails({ db, transport: outboxTransport(mailFolder), bookingId: booked.id, clock: () => NOW })
    db.update(outbox).set({ claimToken: 'en-claim' }).run()
    message('Mette', 'mette@eksempel.dk', NOW.toISOString())
    const token = manageToken(booked.publicId)
    expect(readdirSync(mailFolder).map((file) => readFileSync(join(mailFolder, file), 'utf8')).join('')).toContain(token)
    const answer = await act(cookie, { handling: 'eksporter', email: 'mette@eksempel.dk' })
    expect(answer.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="oplysninger.json"')
    expect(answer.headers.get('Cache-Control')).toBe('no-store, private')
    const file = JSON.parse(await answer.text())
    expect(file.messages).toHaveLength(1)
    expect(file.bookings).toHaveLength(1)
    expect(file.bookingEmails.length).toBeGreaterThan(0)
    const text = JSON.stringify(file)
    expect(text).toContain('/booking/[link fjernet]')
    for (const secret of [token, 'ipHash', 'claimToken', 'en-claim', 'manageTokenHash']) expect(text).not.toContain(secret)
    expect(recentDeskEvents(db)[0]?.action).toBe('person-eksporteret')
  })

  it('answers a wrong number, an unknown code, an unknown action and an erasure without an address without changing anything', async () => {
    const cookie = signedIn()
    const own = book('10:00')
    message('Anne', 'anne@eksempel.dk', NOW.toISOString())
    // A message number is digits only, whole: nothing before or after them, at most nine.
    for (const besked of ['1x', 'x1', '1234567890']) {
      expect((await act(cookie, { handling: 'haandteret', besked })).headers.get('Location')).toBe('/coach?status=fejl')
      expect((await act(cookie, { handling: 'blev-klient', besked })).headers.get('Location')).toBe('/coach?status=fejl')
    }
    expect((await act(cookie, { handling: 'aflys', kode: 'zzzz9999', begrundelse: '' })).headers.get('Location')).toBe('/coach')
    expect((await act(cookie, { handling: 'fjern', kode: own.publicId })).headers.get('Location')).toBe(`/coach/booking/${own.publicId}?status=fejl`)
    expect((await act(cookie, { handling: 'flyt', kode: own.publicId, tidspunkt: `${MONDAY}T25:00`, besked: '' })).headers.get('Location')).toBe(`/coach/booking/${own.publicId}?status=ikke-ledig`)
    expect((await act(cookie, { handling: 'slet', email: '  ', bekraeft: 'ja' })).headers.get('Location')).toBe('/coach?status=fejl')
    expect(db.select().from(bookings).where(eq(bookings.id, own.id)).get()?.startsAt).toBe(own.startsAt)
    expect(db.select().from(contactMessages).all()).toHaveLength(1)
    expect(db.select().from(deskEvents).all()).toEqual([])
  })

  it('says a booking is already cancelled, and that it cannot be moved while booking is closed', async () => {
    const cookie = signedIn()
    const own = book('10:00')
    expect((await act(cookie, { handling: 'aflys', kode: own.publicId, begrundelse: '' })).headers.get('Location')).toContain('status=aflyst')
    expect((await act(cookie, { handling: 'aflys', kode: own.publicId, begrundelse: '' })).headers.get('Location')).toContain('status=allerede-aflyst')
    const other = book('11:00')
    // Closed while her calendar has not been read (the file itself is open): a move could land on a busy time.
    vi.stubEnv('BUSY_CALENDAR_URLS', 'https://kalender.eksempel.dk/aldrig-laest.ics')
    expect((await act(cookie, { handling: 'flyt', kode: other.publicId, tidspunkt: `${MONDAY}T09:00`, besked: '' })).headers.get('Location')).toContain('status=lukket')
    vi.stubEnv('BOOKING_FILE', join(tmpdir(), 'ingen-booking-fil.yaml'))
    expect((await act(cookie, { handling: 'flyt', kode: other.publicId, tidspunkt: `${MONDAY}T09:00`, besked: '' })).headers.get('Location')).toContain('status=lukket')
    expect(db.select().from(bookings).where(eq(bookings.id, other.id)).get()?.startsAt).toBe(other.startsAt)
  })

  it('sends back to the page without a session, and says so when the action failed', async () => {
    const anonymous = await handleDeskAction(formData({ handling: 'log-ud-overalt', tilbage: '/coach/besked/3' }), deps(null))
    expect(anonymous.headers.get('Location')).toBe('/coach/besked/3')
    const cookie = signedIn()
    db.$client.exec('DROP TABLE desk_events')
    const failed = await act(cookie, { handling: 'log-ud' })
    expect(failed.headers.get('Location')).toBe('/coach?status=fejl')
  })
})

describe('the sign-in link', () => {
  it('is e-mailed to the coach with how long it works, and a sender asking too often is told so', async () => {
    await handleLinkRequest(formData({ email: COACH, til: '/coach/booking/abcd1234' }), deps(null))
    await sendAfterAnswer()
    const email = transport.sent[0]!
    expect(email.to).toBe(COACH)
    expect(email.subject).toMatch(/^Log ind på skrivebordet – /)
    expect(email.text).toContain('Linket virker i 15 minutter og kun én gang.')
    const token = /\/coach\/link\/([A-Za-z0-9_-]{43})/.exec(email.text)![1]!
    expect(redeemSignInLink(db, token, NOW)?.destination).toBe('/coach/booking/abcd1234')
    for (let n = 0; n < 9; n++) await handleLinkRequest(formData({ email: `fremmed${n}@eksempel.dk` }), deps(null))
    const refused = await handleLinkRequest(formData({ email: 'endnu-en@eksempel.dk' }), deps(null))
    expect(refused.headers.get('Location')).toBe('/coach?status=for-mange')
    expect(sessionOf(db, undefined, NOW)).toBeUndefined()
  })
})

describe("the coach's words to a visitor", () => {
  const visitorText = () => transport.sent.filter((email) => email.to === 'mette@eksempel.dk').at(-1)!.text

  it('are sent as she wrote them, line breaks of any system as one, blank ones left out', async () => {
    const cookie = signedIn()
    const own = book('10:00')
    expect((await act(cookie, { handling: 'aflys', kode: own.publicId, begrundelse: '  Jeg er syg.\rHilsen\r\nBirgitte  ' })).headers.get('Location')).toContain('status=aflyst')
    expect(visitorText()).toContain('Jeg er syg.\nHilsen\nBirgitte')
    const other = book('11:00', 'mette@eksempel.dk')
    await act(cookie, { handling: 'aflys', kode: other.publicId, begrundelse: '   ' })
    expect(visitorText()).not.toContain('Besked fra')
  })

  it('may be 500 characters long, not more', async () => {
    const cookie = signedIn()
    const own = book('10:00')
    expect((await act(cookie, { handling: 'aflys', kode: own.publicId, begrundelse: 'x'.repeat(501) })).headers.get('Location')).toContain('status=ugyldig-tekst')
    expect((await act(cookie, { handling: 'aflys', kode: own.publicId, begrundelse: 'x'.repeat(500) })).headers.get('Location')).toContain('status=aflyst')
  })
})

describe("the desk's log and its last steps", () => {
  it('logs the sign-in and the sign-out on every device', async () => {
    newSignInLink(db, '/coach', NOW)
    const token = newSignInLink(db, '/coach/besked/3', NOW)
    const answer = handleSignIn(formData({ link: token }), deps(null))
    expect(answer.headers.get('Location')).toBe('/coach/besked/3')
    const cookie = (answer.headers.get('Set-Cookie') ?? '').split(';')[0]!
    await act(cookie, { handling: 'log-ud-overalt' })
    expect(recentDeskEvents(db).map((event) => event.action)).toEqual(['logget-ud-overalt', 'logget-ind'])
  })

  it('shows what an erasure would remove before it does, and cancels an upcoming booking with an e-mail first', async () => {
    const cookie = signedIn()
    book('10:00')
    const first = await act(cookie, { handling: 'slet', email: 'mette@eksempel.dk' })
    expect(first.headers.get('Location')).toBe('/coach')
    expect(db.select().from(bookings).all()).toHaveLength(1)
    const noAddress = formData({ handling: 'slet', bekraeft: 'ja', tilbage: '/coach' })
    const page = deskPage({ page: 'oversigt', key: '' }, deps(cookie))
    noAddress.set('formular', page.signedIn ? page.formToken : '')
    expect((await handleDeskAction(noAddress, deps(cookie))).headers.get('Location')).toBe('/coach?status=fejl')
    transport.sent.length = 0
    expect((await act(cookie, { handling: 'slet', email: 'mette@eksempel.dk', bekraeft: 'ja' })).headers.get('Location')).toBe('/coach?status=slettet')
    expect(transport.sent.filter((email) => email.to === 'mette@eksempel.dk').map((email) => email.subject)).toContain('Din samtale mandag 20. april kl. 10.00 er aflyst')
  })

  it('says a cancelled booking cannot be moved', async () => {
    const cookie = signedIn()
    const own = book('10:00')
    await act(cookie, { handling: 'aflys', kode: own.publicId, begrundelse: '' })
    expect((await act(cookie, { handling: 'flyt', kode: own.publicId, tidspunkt: `${MONDAY}T11:00`, besked: '' })).headers.get('Location')).toBe(`/coach/booking/${own.publicId}?status=allerede-aflyst`)
  })
})

describe('the sign-in e-mail and link', () => {
  it('tell the coach what the link is, how long it works, and what to do if she did not ask', async () => {
    await handleLinkRequest(formData({ email: COACH }), deps(null))
    await handleLinkRequest(formData({ email: COACH }), deps(null, new Date(NOW.getTime() + 11 * 60_000)))
    await sendAfterAnswer()
    expect(transport.sent).toHaveLength(2)
    const [email, second] = transport.sent
    for (const text of ['Log ind på dit skrivebord', 'Linket virker i 15 minutter og kun én gang. Åbn det, og tryk på »Log ind«.', 'Har du ikke selv bedt om det, kan du se bort fra denne e-mail: uden linket kommer ingen ind.', 'Sendt fra din hjemmeside']) {
      expect(email!.text).toContain(text)
    }
    expect(email!.text).not.toContain('<')
    expect(email!.html).toContain('Dit link til skrivebordet')
    expect(email!.text).toMatch(/Log ind: http:\/\/\S+\/coach\/link\/[A-Za-z0-9_-]{43}/)
    // Each sign-in its own outbox file: a shared key would make the second link a duplicate, never sent.
    expect(email!.idempotencyKey).toMatch(/^desk-link-[0-9a-f-]{36}$/)
    expect(second!.idempotencyKey).not.toBe(email!.idempotencyKey)
  })

  it('is answered alike when the e-mail cannot be sent, and the worker tries again', async () => {
    transport.failing = true
    const answer = await handleLinkRequest(formData({ email: COACH }), deps(null))
    expect(answer.headers.get('Location')).toBe('/coach?status=tjek-email')
    await sendAfterAnswer()
    expect(transport.sent).toHaveLength(0)
    transport.failing = false
    // A retry is not held back by the 10 minutes' link the failed attempt took.
    await deliverDeskLinks({ db, transport, clock: () => new Date(NOW.getTime() + 2 * 60_000) })
    expect(transport.sent.map((email) => email.to)).toEqual([COACH])
  })

  it('is not usable when it is not shaped like a link token, and its page runs on the real clock', () => {
    const token = newSignInLink(db, '/coach', new Date())
    expect(linkIsUsable(db, token.slice(1), new Date())).toBe(false)
    expect(deskPage({ page: 'link', key: token }, { db, cookieHeader: null })).toEqual({ signedIn: false, linkUsable: true })
  })

  it("is found in the request's own cookie when the server function reads it", async () => {
    const cookie = signedIn()
    const request = new Request('https://www.eksempel.dk/coach', { headers: { cookie } })
    const { result } = await inStartRequest(request, '203.0.113.7', async () => currentSession({ db, clock: () => NOW }))
    expect(result).toMatchObject({ slid: false })
  })

  it('is sent again with a new 30 days when a desk page is opened an hour or more after the last slide', async () => {
    const cookie = signedIn()
    const request = new Request('https://www.eksempel.dk/coach', { headers: { cookie } })
    const opened = (at: Date) => inStartRequest(request, '203.0.113.7', async () => deskPage({ page: 'oversigt', key: '' }, { db, clock: () => at }))
    const soon = await opened(new Date(NOW.getTime() + 59 * 60_000))
    expect(soon.result.signedIn).toBe(true)
    expect(soon.headers.get('Set-Cookie')).toBeNull()
    const later = await opened(new Date(NOW.getTime() + 60 * 60_000))
    expect(later.headers.get('Set-Cookie')).toBe(`${cookie}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Strict`)
  })
})
