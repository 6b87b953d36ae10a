import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { bookings, contactMessages, deskEvents, deskLinks, outbox, senderAttempts } from '#db/schema'
import { cancelBooking, createBooking, moveBooking } from '~/server/booking/bookings.server'
import { LINK_LIFETIME_MS, SESSION_LIFETIME_MS, linkIsUsable, purgeDeskAuth, redeemSignInLink, requestSignInLink, sessionCookie, sessionOf } from '~/server/desk/desk-auth.server'
import { deliverDeskLinks } from '~/server/desk/desk-link-mail.server'
import { type DeskDeps, handleDeskAction, handleLinkRequest, handleSignIn } from '~/server/desk/desk-actions.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { DESK_LINKS_PER_SENDER, purgeSenderAttempts } from '~/server/limits/sender-limits.server'
import { formData, temporaryDatabase } from '../helpers'
import { bookingEmailRows, payloadIs, setEffects } from '../outbox-rows'
import { MONDAY, NOW, TEST_FILE, details, memoryTransport, readInvitation, testAvailability } from './booking-helpers'
import { site } from '~/server/content/content.server'
import { formatDanishDate } from '~/lib/dates'

// The coach's desk: who gets in (a link to her address only, once, for 15 minutes), how long she
// stays (30 days, sliding, until "Log ud på alle enheder"), and what her actions send and log.

const COACH = 'coach@eksempel.dk'
let db: Db
let transport: ReturnType<typeof memoryTransport>

beforeEach(() => {
  afterAnswer = []
  db = temporaryDatabase().db
  transport = memoryTransport()
  const dir = mkdtempSync(join(tmpdir(), 'desk-file-'))
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  vi.stubEnv('COACH_EMAIL', COACH)
  vi.stubEnv('CONTACT_TO', COACH)
})
afterEach(() => {
  vi.unstubAllEnvs()
})

/** The work each answer left for afterwards (the sign-in e-mail): done when the test says so, never by a sleep. */
let afterAnswer: Array<() => Promise<unknown>> = []
const sendAfterAnswer = async () => {
  for (const work of afterAnswer.splice(0)) await work()
}
const at = (iso: string, clientAddress = '203.0.113.7', cookieHeader: string | null = null) =>
  ({ db, transport, clock: () => new Date(iso), clientAddress, cookieHeader, afterAnswer: (work) => void afterAnswer.push(work) }) satisfies DeskDeps
const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0]!
const tokenIn = (text: string) => /\/coach\/link\/([A-Za-z0-9_-]{43})/.exec(text)![1]!

/** Signs the coach in as a browser would: a link to her address, its button (from a browser of hers when `cookie` is given). */
async function signIn(now = NOW.toISOString(), cookie: string | null = null) {
  const before = transport.sent.length
  await handleLinkRequest(formData({ email: COACH, til: '/coach' }), at(now, '203.0.113.7', cookie))
  await sendAfterAnswer()
  expect(transport.sent).toHaveLength(before + 1)
  return cookieOf(handleSignIn(formData({ link: tokenIn(transport.sent.at(-1)!.text) }), at(now)))
}

/** How many rows each table holds: what a request wrote. */
const rowCounts = () =>
  Object.fromEntries(['sender_attempts', 'outbox', 'desk_links', 'desk_sessions'].map((table) => [table, (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n]))
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString()

describe('the sign-in link', () => {
  it("answers a stranger's address exactly as the coach's, with the same writes, and e-mails only the coach, after the answer", async () => {
    const before = rowCounts()
    const stranger = await handleLinkRequest(formData({ email: 'fremmed@eksempel.dk', til: '/coach' }), at(NOW.toISOString(), '203.0.113.8'))
    const afterStranger = rowCounts()
    const coach = await handleLinkRequest(formData({ email: 'Coach@Eksempel.dk', til: '/coach' }), at(NOW.toISOString(), '203.0.113.9'))
    const afterCoach = rowCounts()
    expect([...stranger.headers]).toEqual([...coach.headers])
    expect(stranger.status).toBe(303)
    expect(stranger.headers.get('Location')).toBe('/coach?status=tjek-email')
    // The same writes for both: one attempt and one queued row, no link yet.
    const wrote = (from: Record<string, number>, to: Record<string, number>) => Object.fromEntries(Object.keys(to).map((table) => [table, to[table]! - from[table]!]))
    expect(wrote(before, afterStranger)).toEqual({ sender_attempts: 1, outbox: 1, desk_links: 0, desk_sessions: 0 })
    expect(wrote(afterStranger, afterCoach)).toEqual(wrote(before, afterStranger))
    // Nothing is rendered or sent before the answer: the e-mail is the worker's, afterwards.
    expect(transport.sent).toEqual([])
    await sendAfterAnswer()
    expect(transport.sent.map((email) => email.to)).toEqual([COACH])
    // Only the hash is stored: the token in the e-mail is nowhere in the database, the outbox's row included.
    const token = tokenIn(transport.sent[0]!.text)
    expect(JSON.stringify([db.select().from(deskLinks).all(), db.select().from(outbox).all()])).not.toContain(token)
  })

  it('goes to COACH_EMAIL as written, not to the contact inbox', async () => {
    vi.stubEnv('COACH_EMAIL', 'Birgitte@Eksempel.dk')
    vi.stubEnv('CONTACT_TO', 'kontakt@eksempel.dk')
    await handleLinkRequest(formData({ email: 'birgitte@eksempel.dk' }), at(NOW.toISOString()))
    await sendAfterAnswer()
    expect(transport.sent.map((email) => email.to)).toEqual(['Birgitte@Eksempel.dk'])
  })

  it('refuses a link that is expired, used or altered, and opening its page uses nothing up', async () => {
    await handleLinkRequest(formData({ email: COACH }), at(NOW.toISOString()))
    await sendAfterAnswer()
    const token = tokenIn(transport.sent[0]!.text)
    const after = (ms: number) => new Date(NOW.getTime() + ms)
    expect(deskPage({ page: 'link', key: token }, { db, cookieHeader: null, clock: () => after(1000) })).toEqual({ signedIn: false, linkUsable: true })
    expect(redeemSignInLink(db, token, after(LINK_LIFETIME_MS + 1))).toBeUndefined()
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(redeemSignInLink(db, altered, after(1000))).toBeUndefined()
    expect(redeemSignInLink(db, token, after(LINK_LIFETIME_MS - 1))).toMatchObject({ destination: '/coach' })
    expect(redeemSignInLink(db, token, after(LINK_LIFETIME_MS - 1))).toBeUndefined()
    const refused = handleSignIn(formData({ link: token }), at(after(2000).toISOString()))
    expect(refused.headers.get('Location')).toBe('/coach?status=link-ugyldig')
    expect(refused.headers.get('Set-Cookie')).toBeNull()
  })

  it('sends nothing for a request whose sending was held up past the link’s 15 minutes (the server was down): she asks again', async () => {
    expect(requestSignInLink(db, { address: COACH, ipHash: 'ip-1', destination: '/coach', now: NOW }).status).toBe('sendt')
    await deliverDeskLinks({ db, transport, clock: () => new Date(NOW.getTime() + 15 * 60_000 + 1) })
    expect(transport.sent).toEqual([])
    expect(db.select().from(deskLinks).all()).toEqual([])
    expect(db.select({ status: outbox.status }).from(outbox).all()).toEqual([{ status: 'skipped' }])
    // At 15 minutes exactly it still goes.
    expect(requestSignInLink(db, { address: COACH, ipHash: 'ip-2', destination: '/coach', now: NOW }).status).toBe('sendt')
    await deliverDeskLinks({ db, transport, clock: () => new Date(NOW.getTime() + 15 * 60_000) })
    expect(transport.sent.map((email) => email.to)).toEqual([COACH])
  })

  it('limits requests per sender, whatever the address, and leads only to desk addresses', async () => {
    for (let n = 0; n < DESK_LINKS_PER_SENDER; n++) {
      expect(requestSignInLink(db, { address: `fremmed${n}@eksempel.dk`, ipHash: 'ip-1', destination: '/coach', now: NOW }).status).toBe('sendt')
    }
    expect(requestSignInLink(db, { address: COACH, ipHash: 'ip-1', destination: '/coach', now: NOW }).status).toBe('for-mange')
    const hourLater = new Date(NOW.getTime() + 61 * 60_000)
    expect(requestSignInLink(db, { address: COACH, ipHash: 'ip-1', destination: 'https://andet.example/', now: hourLater }).status).toBe('sendt')
    await deliverDeskLinks({ db, transport, clock: () => hourLater })
    expect(redeemSignInLink(db, tokenIn(transport.sent.at(-1)!.text), hourLater)?.destination).toBe('/coach')
  })
})

describe('a stranger cannot lock the coach out', () => {
  it('20 requests for her address from strangers never keep her own request, from a new phone, from a working link', async () => {
    for (let n = 0; n < 20; n++) {
      const answer = await handleLinkRequest(formData({ email: COACH }), at(minutesLater(n / 4), `198.51.100.${n}`))
      expect(answer.headers.get('Location')).toBe('/coach?status=tjek-email')
    }
    await sendAfterAnswer()
    expect(transport.sent).toHaveLength(1)
    // Her own request from a new phone (no session, a new network) is answered as always ...
    const hers = await handleLinkRequest(formData({ email: COACH }), at(minutesLater(8), '192.0.2.44'))
    expect(hers.headers.get('Location')).toBe('/coach?status=tjek-email')
    await sendAfterAnswer()
    // ... and the newest link in her inbox works 15 minutes from her request.
    const token = tokenIn(transport.sent.at(-1)!.text)
    expect(linkIsUsable(db, token, new Date(minutesLater(8 + 14)))).toBe(true)
    expect(handleSignIn(formData({ link: token }), at(minutesLater(8 + 14))).headers.get('Location')).toBe('/coach')
  })

  it('strangers cause her at most one e-mail per 10 minutes; a link never lives more than 25 minutes', async () => {
    const sentAt: number[] = []
    for (let minute = 0; minute < 60; minute += 0.5) {
      await handleLinkRequest(formData({ email: COACH }), at(minutesLater(minute), `198.51.100.${Math.floor(minute)}`))
      const before = transport.sent.length
      await sendAfterAnswer()
      if (transport.sent.length > before) sentAt.push(minute)
    }
    // One every 10 minutes (the first request after the window is over), never more often.
    expect(sentAt).toEqual([0, 10.5, 21, 31.5, 42, 52.5])
    for (const link of db.select().from(deskLinks).all()) expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBeLessThanOrEqual(25 * 60_000)
  })

  it('a request from a browser signed in to the desk is hers: it always gets its own link', async () => {
    const cookie = await signIn()
    await handleLinkRequest(formData({ email: COACH }), at(minutesLater(1), '198.51.100.1'))
    await sendAfterAnswer()
    const sent = transport.sent.length
    await signIn(minutesLater(2), cookie)
    expect(transport.sent).toHaveLength(sent + 1)
  })

  it('a link she has used is no reason to hold back the next', async () => {
    await signIn(minutesLater(0))
    await signIn(minutesLater(1))
    expect(transport.sent).toHaveLength(2)
  })
})

describe('the purge', () => {
  it("keeps a sender's requests counted for their hour, then deletes them", async () => {
    for (let n = 0; n < DESK_LINKS_PER_SENDER; n++) requestSignInLink(db, { address: 'fremmed@eksempel.dk', ipHash: 'ip-1', destination: '/coach', now: NOW })
    purgeSenderAttempts(db, new Date(minutesLater(59)))
    expect(requestSignInLink(db, { address: COACH, ipHash: 'ip-1', destination: '/coach', now: new Date(minutesLater(59)) }).status).toBe('for-mange')
    expect(purgeSenderAttempts(db, new Date(minutesLater(61)))).toBe(DESK_LINKS_PER_SENDER)
    expect(db.select().from(senderAttempts).all()).toEqual([])
  })

  it("keeps her 10 minutes' link counted for 10 minutes", async () => {
    await handleLinkRequest(formData({ email: COACH }), at(minutesLater(0), '198.51.100.1'))
    await sendAfterAnswer()
    purgeSenderAttempts(db, new Date(minutesLater(9)))
    await handleLinkRequest(formData({ email: COACH }), at(minutesLater(9), '198.51.100.2'))
    await sendAfterAnswer()
    expect(transport.sent).toHaveLength(1)
    expect(purgeSenderAttempts(db, new Date(minutesLater(11)))).toBe(1)
  })

  it('deletes used and expired links, expired sessions and old requests; keeps what still works', async () => {
    const cookie = await signIn()
    await handleLinkRequest(formData({ email: COACH }), at(minutesLater(11), '198.51.100.1'))
    await sendAfterAnswer()
    const unused = tokenIn(transport.sent.at(-1)!.text)
    expect(purgeDeskAuth(db, new Date(minutesLater(12)))).toEqual({ links: 1, sessions: 0, requests: 0 })
    expect(linkIsUsable(db, unused, new Date(minutesLater(12)))).toBe(true)
    expect(sessionOf(db, cookie.split('=')[1], new Date(minutesLater(12)))).toBeDefined()
    expect(purgeDeskAuth(db, new Date(minutesLater(60 * 24 * 31)))).toEqual({ links: 1, sessions: 1, requests: 2 })
    expect(rowCounts()).toMatchObject({ desk_links: 0, desk_sessions: 0, outbox: 0 })
  })
})

describe('the session', () => {
  it('is a strict, HttpOnly, secure cookie of 30 days, stored only as a hash', async () => {
    vi.stubEnv('SITE_URL', 'https://www.coach-eksempel.dk')
    expect(sessionCookie('abc')).toBe(`__Host-skrivebord=abc; Path=/; Max-Age=${SESSION_LIFETIME_MS / 1000}; HttpOnly; SameSite=Strict; Secure`)
  })

  it('slides 30 days from the last use, and ends for every browser with "Log ud på alle enheder"', async () => {
    const cookie = await signIn()
    const token = cookie.split('=')[1]!
    const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000)
    expect(sessionOf(db, token, later(29))?.slid).toBe(true)
    expect(sessionOf(db, token, later(58))).toBeDefined()
    expect(sessionOf(db, token, later(89))).toBeUndefined()
    const first = await signIn()
    const second = await signIn()
    // A link nobody has used yet (a stranger asked, or she did on a phone now lost).
    await handleLinkRequest(formData({ email: COACH }), at(NOW.toISOString(), '198.51.100.1'))
    await sendAfterAnswer()
    const unused = tokenIn(transport.sent.at(-1)!.text)
    const page = deskPage({ page: 'oversigt', key: '' }, { db, cookieHeader: first, clock: () => NOW })
    expect(page.signedIn).toBe(true)
    const out = await handleDeskAction(formData({ handling: 'log-ud-overalt', formular: page.signedIn ? page.formToken : '', tilbage: '/coach' }), { ...at(NOW.toISOString()), cookieHeader: first })
    expect(out.headers.get('Location')).toBe('/coach?status=logget-ud-overalt')
    expect(out.headers.get('Set-Cookie')).toMatch(/Max-Age=0/)
    for (const old of [first, second]) expect(deskPage({ page: 'booking', key: 'abcdefgh' }, { db, cookieHeader: old, clock: () => NOW })).toEqual({ signedIn: false })
    expect(linkIsUsable(db, unused, NOW)).toBe(false)
    // With no link left in her inbox, her next request gets a new one at once.
    await signIn(minutesLater(1))
  })

  it("refuses a post without the session's form token, and changes nothing", async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    const refused = await handleDeskAction(formData({ handling: 'aflys', kode: booking.publicId, begrundelse: 'Syg', formular: 'forkert', tilbage: `/coach/booking/${booking.publicId}` }), { ...at(NOW.toISOString()), cookieHeader: cookie })
    expect(refused.headers.get('Location')).toBe(`/coach/booking/${booking.publicId}?status=udloebet`)
    expect(db.select().from(bookings).where(eq(bookings.id, booking.id)).get()?.status).toBe('bekraeftet')
  })
})

function book(time: string, email = 'mette@eksempel.dk') {
  const outcome = createBooking(db, { availability: testAvailability(), date: MONDAY, time, details: { ...details(email), navn: 'Mette Sørensen' }, ipHash: `ip-${email}`, now: NOW })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  return outcome
}

describe("the coach's actions", () => {
  /** The desk's event log, oldest first, without sign-ins: what she did, to what. */
  const eventLog = () =>
    db
      .select({ action: deskEvents.action, bookingCode: deskEvents.bookingCode, messageId: deskEvents.messageId })
      .from(deskEvents)
      .orderBy(deskEvents.id)
      .all()
      .filter((event) => !event.action.startsWith('log'))

  async function act(cookie: string, fields: Record<string, string>, now = NOW.toISOString()) {
    const page = deskPage({ page: 'oversigt', key: '' }, { db, cookieHeader: cookie, clock: () => new Date(now) })
    if (!page.signedIn) throw new Error('not signed in')
    return handleDeskAction(formData({ formular: page.formToken, tilbage: '/coach', ...fields }), { ...at(now), cookieHeader: cookie })
  }

  it("cancels with a reason the visitor reads; the event log names the booking's code only", async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    transport.sent.length = 0
    const answer = await act(cookie, { handling: 'aflys', kode: booking.publicId, begrundelse: 'Jeg er desværre blevet syg.' })
    expect(answer.headers.get('Location')).toBe(`/coach/booking/${booking.publicId}?status=aflyst`)
    const visitor = transport.sent.filter((email) => email.to === 'mette@eksempel.dk').at(-1)!
    expect(visitor.text).toContain('Besked fra')
    expect(visitor.text).toContain('Jeg er desværre blevet syg.')
    expect(readInvitation(visitor.attachments![0]!.content)).toMatchObject({ method: 'CANCEL', sequence: 1 })
    const events = JSON.stringify(db.select().from(deskEvents).all())
    expect(events).toContain(booking.publicId)
    for (const personal of ['Mette', 'mette@eksempel.dk', 'syg', '20 30 40 50']) expect(events).not.toContain(personal)
    // Stored as hers: the booking says who cancelled.
    expect(db.select().from(bookings).where(eq(bookings.id, booking.id)).get()).toMatchObject({ status: 'aflyst', cancelledBy: 'coach' })
  })

  it('cancels inside the notice, which a visitor may not', async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    const anHourBefore = '2026-04-20T07:00:00.000Z'
    expect(cancelBooking(db, { id: booking.id, by: 'gaest', availability: testAvailability(), now: new Date(anHourBefore) }).status).toBe('for-sent')
    expect((await act(cookie, { handling: 'aflys', kode: booking.publicId, begrundelse: '' }, anHourBefore)).headers.get('Location')).toBe(`/coach/booking/${booking.publicId}?status=aflyst`)
  })

  it('moves inside the notice, which a visitor may not, with the same UID, SEQUENCE 1 and her note', async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    const { booking: other } = book('09:00', 'bo@eksempel.dk')
    const sundayNoon = '2026-04-19T12:00:00.000Z'
    expect(moveBooking(db, { id: other.id, availability: testAvailability(), date: MONDAY, time: '11:00', now: new Date(sundayNoon) }).status).toBe('ikke-ledig')
    transport.sent.length = 0
    const answer = await act(cookie, { handling: 'flyt', kode: booking.publicId, tidspunkt: `${MONDAY}T11:00`, besked: 'Jeg har fået et møde kl. 10.' }, sundayNoon)
    expect(answer.headers.get('Location')).toBe(`/coach/booking/${booking.publicId}?status=flyttet`)
    const visitor = transport.sent.filter((email) => email.to === 'mette@eksempel.dk').at(-1)!
    expect(visitor.text).toContain('Jeg har fået et møde kl. 10.')
    expect(readInvitation(visitor.attachments![0]!.content)).toMatchObject({ method: 'REQUEST', sequence: 1, uid: booking.uid })
    // The overlap rules still hold for her: 11:00 is the moved booking's now.
    const refused = await act(cookie, { handling: 'flyt', kode: other.publicId, tidspunkt: `${MONDAY}T11:00`, besked: '' }, sundayNoon)
    expect(refused.headers.get('Location')).toBe(`/coach/booking/${other.publicId}?status=taget`)
    // Her log has the move she made, not the one refused.
    expect(db.select({ action: deskEvents.action, code: deskEvents.bookingCode }).from(deskEvents).all().filter((event) => event.code)).toEqual([{ action: 'flyttet', code: booking.publicId }])
  })

  it('refuses a note with invisible characters and changes nothing', async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    const answer = await act(cookie, { handling: 'aflys', kode: booking.publicId, begrundelse: 'Syg\u202E' })
    expect(answer.headers.get('Location')).toBe(`/coach/booking/${booking.publicId}?status=ugyldig-tekst`)
    expect(db.select().from(bookings).where(eq(bookings.id, booking.id)).get()?.status).toBe('bekraeftet')
  })

  it('marks a no-show only once the conversation began, and undoes it', async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    expect((await act(cookie, { handling: 'udeblevet', kode: booking.publicId })).headers.get('Location')).toContain('status=ikke-begyndt')
    const during = '2026-04-20T08:10:00.000Z'
    expect((await act(cookie, { handling: 'udeblevet', kode: booking.publicId }, during)).headers.get('Location')).toContain('status=udeblevet')
    expect(db.select().from(bookings).where(eq(bookings.id, booking.id)).get()?.outcome).toBe('udeblevet')
    expect((await act(cookie, { handling: 'udeblevet-fortrudt', kode: booking.publicId }, during)).headers.get('Location')).toContain('status=udeblevet-fortrudt')
    expect(db.select().from(bookings).where(eq(bookings.id, booking.id)).get()?.outcome).toBeNull()
    expect(eventLog()).toEqual([
      { action: 'udeblevet', bookingCode: booking.publicId, messageId: null },
      { action: 'udeblevet-fortrudt', bookingCode: booking.publicId, messageId: null },
    ])
  })

  it('marks a message read when opened and handled when she says so; erases a person only when confirmed', async () => {
    const cookie = await signIn()
    const message = db
      .insert(contactMessages)
      // A number of two digits: the desk's buttons take any number up to nine digits.
      .values({ id: 12, createdAt: NOW.toISOString(), firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', serviceType: '', address: '', message: 'Hej', ipHash: 'x', publicId: 'p1' })
      .returning()
      .get()
    const opened = deskPage({ page: 'besked', key: String(message.id) }, { db, cookieHeader: cookie, clock: () => NOW })
    expect(opened.signedIn && opened.page === 'besked' && opened.message).toMatchObject({ name: 'Anne Jensen', unread: false, handled: false })
    expect((await act(cookie, { handling: 'haandteret', besked: String(message.id) })).headers.get('Location')).toBe('/coach?status=haandteret')
    expect(db.select().from(contactMessages).get()?.handledAt).toBe(NOW.toISOString())
    // An enquiry is deleted after the shorter period until she notes that the sender became a client.
    const deletedOn = (days: number) => formatDanishDate(new Date(NOW.getTime() + days * 86_400_000).toISOString())
    expect(opened.signedIn && opened.page === 'besked' && opened.message).toMatchObject({ becameClient: false, deletedOn: deletedOn(site.enquiryRetentionDays) })
    expect((await act(cookie, { handling: 'blev-klient', besked: String(message.id) })).headers.get('Location')).toContain('status=blev-klient')
    expect(db.select().from(contactMessages).get()?.becameClientAt).toBe(NOW.toISOString())
    const reopened = deskPage({ page: 'besked', key: String(message.id) }, { db, cookieHeader: cookie, clock: () => NOW })
    expect(reopened.signedIn && reopened.page === 'besked' && reopened.message).toMatchObject({ becameClient: true, deletedOn: deletedOn(site.contactRetentionDays) })
    await act(cookie, { handling: 'slet', email: 'anne@eksempel.dk' })
    expect(db.select().from(contactMessages).all()).toHaveLength(1)
    expect((await act(cookie, { handling: 'slet', email: 'ANNE@eksempel.dk', bekraeft: 'ja' })).headers.get('Location')).toBe('/coach?status=slettet')
    expect(db.select().from(contactMessages).all()).toHaveLength(0)
    // Her event log: each action with the message's number, never the person.
    expect(eventLog()).toEqual([
      { action: 'besked-laest', bookingCode: null, messageId: 12 },
      { action: 'besked-haandteret', bookingCode: null, messageId: 12 },
      { action: 'besked-blev-klient', bookingCode: null, messageId: 12 },
      { action: 'person-slettet', bookingCode: null, messageId: null },
    ])
  })

  it('shows what gave up on the overview and revives it with one post; the running site sends it, not the desk', async () => {
    const cookie = await signIn()
    const { booking } = book('10:00')
    setEffects(db, 'booking-email', { status: 'failed', attempts: 10, lastError: 'udbyderen svarer ikke', nextAttemptAt: null }, payloadIs('kind', 'bekraeftelse'))
    // Two others of hers are still being tried: one waits for its next attempt, one is being sent right now.
    const other = book('11:00', 'bo@eksempel.dk').booking
    setEffects(db, 'booking-email', { status: 'pending', attempts: 2 }, and(eq(outbox.bookingId, other.id), payloadIs('kind', 'bekraeftelse'), payloadIs('role', 'gaest')))
    setEffects(db, 'booking-email', { status: 'sending', attempts: 1 }, and(eq(outbox.bookingId, other.id), payloadIs('kind', 'bekraeftelse'), payloadIs('role', 'coach')))
    const overview = deskPage({ page: 'oversigt', key: '' }, { db, cookieHeader: cookie, clock: () => NOW })
    expect(overview.signedIn && overview.page === 'oversigt' && overview.overview.undelivered).toEqual({
      failed: [expect.objectContaining({ what: 'e-mail om en booking', error: 'udbyderen svarer ikke' }), expect.objectContaining({ what: 'e-mail om en booking' })],
      retrying: 2,
    })
    transport.sent.length = 0
    expect((await act(cookie, { handling: 'send-igen' })).headers.get('Location')).toBe('/coach?status=sendes-igen')
    expect(bookingEmailRows(db, eq(outbox.bookingId, booking.id)).filter((row) => row.kind === 'bekraeftelse').map(({ status, attempts }) => ({ status, attempts }))).toEqual([
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 0 },
    ])
    expect(transport.sent).toEqual([])
    expect(db.select().from(deskEvents).all().map((event) => event.action)).toContain('send-igen')
  })
})
