import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { bookings, outbox, senderAttempts } from '#db/schema'
import { handleBookingPost, handleManagePost } from '~/server/booking/booking-endpoint.server'
import { hashToken, manageToken, manageUrl } from '~/server/links/links.server'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { hashIp } from '~/server/limits/sender.server'
import { formData, temporaryDatabase } from '../helpers'
import { bookingEmailRows, payloadIs, setEffects } from '../outbox-rows'
import { inStartRequest } from '../start-request'
import { MONDAY, NOW, TEST_FILE, memoryTransport, snapshot } from './booking-helpers'

// The booking forms' posts as the server answers them: each a 303 to the page that tells the
// outcome, with the visitor's address from the request scope and the availability file on disk.

const clock = () => NOW
const booking = (changes: Record<string, string> = {}) =>
  formData({ tidspunkt: `${MONDAY}T10:00`, navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: '', website: '', ...changes })
const post = (address: string, run: () => Promise<Response>) => inStartRequest(new Request('http://localhost/_serverFn/book', { method: 'POST' }), address, run).then(({ result }) => result)
const where = (response: Response) => [response.status, response.headers.get('location'), response.headers.get('cache-control')]
/** The one answer to a post that books, or that comes from an address with a booking: the link comes by e-mail. */
const CHECK_EMAIL = [303, '/book-samtale?status=tjek-email#status', 'no-store']

let fileDir: string
beforeEach(() => {
  const { dir } = temporaryDatabase()
  fileDir = dir
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  vi.stubEnv('BOOKING_RATE_LIMIT', undefined)
})
afterEach(() => {
  vi.unstubAllEnvs()
})

/** The stored booking of an address (there is at most one upcoming), which must exist. */
function bookingOf(db: Db, email = 'mette@eksempel.dk') {
  const row = db.select().from(bookings).where(eq(bookings.emailKey, email.toLowerCase())).get()
  if (!row) throw new Error(`no booking for ${email}`)
  return row
}

/** Books Monday 10:00 for Mette and returns her manage token (which only her e-mail carries, never the answer). */
async function booked(db: Db, transport = memoryTransport()) {
  const response = await post('192.0.2.30', () => handleBookingPost(booking(), { db, transport, clock }))
  expect(where(response)).toEqual(CHECK_EMAIL)
  return manageToken(bookingOf(db).publicId)
}

describe('the booking post', () => {
  it('books the time, sends both e-mails and tells the visitor to look in her e-mail, where the manage link is', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const response = await post('192.0.2.30', () => handleBookingPost(booking(), { db, transport, clock }))
    // No token in the answer: the address bar, the history and any proxy log never see the link.
    expect(where(response)).toEqual(CHECK_EMAIL)
    const [row] = db.select().from(bookings).all()
    expect(row).toMatchObject({ name: 'Mette Sørensen', email: 'mette@eksempel.dk', mode: 'telefon', localDate: MONDAY, startsAt: '2026-04-20T08:00:00.000Z', status: 'bekraeftet' })
    const token = manageToken(row!.publicId)
    expect(row!.manageTokenHash).toBe(hashToken(token))
    expect(row!.ipHash).toBe(hashIp('192.0.2.30'))
    expect(transport.sent.map((email) => email.to).sort()).toEqual(['kontakt@holmcoaching.dk', 'mette@eksempel.dk'])
    expect(bookingEmailRows(db).filter((email) => email.status === 'sent')).toHaveLength(2)
    // The link is in the visitor's e-mail, and in hers only.
    expect(transport.sent.find((email) => email.to === 'mette@eksempel.dk')!.text).toContain(manageUrl(row!.publicId))
    expect(JSON.stringify(transport.sent.find((email) => email.to === 'kontakt@holmcoaching.dk'))).not.toContain(token)
  })

  it('sends wrong fields back to the form by name only, and a taken or unknown time back to its day', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const invalid = await post('192.0.2.31', () => handleBookingPost(booking({ navn: '', email: 'mette@' }), { db, transport, clock }))
    expect(where(invalid)).toEqual([303, `/book-samtale/${MONDAY}T10:00?status=ugyldig&felter=navn,email#bookingformular`, 'no-store'])

    await booked(db, transport)
    const taken = await post('192.0.2.32', () => handleBookingPost(booking({ email: 'bo@eksempel.dk', tidspunkt: `${MONDAY}T10:15` }), { db, transport, clock }))
    expect(where(taken)).toEqual([303, `/book-samtale?uge=2026-W17&status=taget#dag-${MONDAY}`, 'no-store'])
    const notOffered = await post('192.0.2.32', () => handleBookingPost(booking({ email: 'bo@eksempel.dk', tidspunkt: `${MONDAY}T10:30` }), { db, transport, clock }))
    expect(where(notOffered)).toEqual([303, `/book-samtale?uge=2026-W17&status=ikke-ledig#dag-${MONDAY}`, 'no-store'])
    expect(db.select().from(bookings).all()).toHaveLength(1)
  })

  it('answers an address that has an upcoming booking as a new booking, books nothing, and e-mails it the booking it has', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    const [existing] = db.select().from(bookings).all()
    transport.sent.length = 0
    // Another time, the address typed in another case: the same answer as for an address never seen.
    const again = await post('192.0.2.33', () => handleBookingPost(booking({ tidspunkt: `${MONDAY}T11:00`, email: 'Mette@Eksempel.dk' }), { db, transport, clock }))
    expect(where(again)).toEqual(CHECK_EMAIL)
    expect(db.select().from(bookings).all()).toEqual([existing])
    // One e-mail, to her, about the booking she has: its time and its manage link, no invitation.
    expect(bookingEmailRows(db, payloadIs('kind', 'eksisterende'))).toMatchObject([
      { bookingId: existing!.id, role: 'gaest', status: 'sent', sequence: 0, startsAt: existing!.startsAt, endsAt: existing!.endsAt },
    ])
    expect(transport.sent.map((email) => [email.to, email.subject])).toEqual([['mette@eksempel.dk', 'Du har allerede en samtale booket: mandag 20. april kl. 10.00']])
    expect(transport.sent[0]!.text).toContain(manageUrl(existing!.publicId))
    expect(transport.sent[0]!.text).toContain(token)
    expect(transport.sent[0]!.attachments).toBeUndefined()

    // The time is checked first: a taken time is taken for her as for anyone, and tells her nothing.
    await post('192.0.2.34', () => handleBookingPost(booking({ tidspunkt: `${MONDAY}T09:00`, email: 'bo@eksempel.dk' }), { db, transport, clock }))
    transport.sent.length = 0
    const before = bookingEmailRows(db)
    for (const email of ['mette@eksempel.dk', 'ny@eksempel.dk']) {
      const taken = await post('192.0.2.35', () => handleBookingPost(booking({ tidspunkt: `${MONDAY}T09:00`, email }), { db, transport, clock }))
      expect(where(taken), email).toEqual([303, `/book-samtale?uge=2026-W17&status=taget#dag-${MONDAY}`, 'no-store'])
    }
    expect(bookingEmailRows(db)).toEqual(before)
    expect(transport.sent).toEqual([])
  })

  it('counts every post of the request’s address that reaches the rules against BOOKING_RATE_LIMIT, refused or not', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    vi.stubEnv('BOOKING_RATE_LIMIT', '3')
    const attempts = (address: string) => db.select().from(senderAttempts).where(and(eq(senderAttempts.action, 'booking'), eq(senderAttempts.senderHash, hashIp(address)))).all()
    // A post with a wrong field never reaches the rules: it is no attempt.
    await post('192.0.2.30', () => handleBookingPost(booking({ email: 'mette@' }), { db, transport, clock }))
    expect(attempts('192.0.2.30')).toEqual([])
    // One booking, one refused (taken) time, one post by an address with a booking: three attempts, one booking.
    await booked(db, transport)
    const taken = await post('192.0.2.30', () => handleBookingPost(booking({ email: 'bo@eksempel.dk', tidspunkt: `${MONDAY}T10:15` }), { db, transport, clock }))
    expect(where(taken)).toEqual([303, `/book-samtale?uge=2026-W17&status=taget#dag-${MONDAY}`, 'no-store'])
    expect(where(await post('192.0.2.30', () => handleBookingPost(booking({ tidspunkt: `${MONDAY}T11:00` }), { db, transport, clock })))).toEqual(CHECK_EMAIL)
    expect(attempts('192.0.2.30')).toEqual([
      { id: expect.any(Number), action: 'booking', senderHash: hashIp('192.0.2.30'), createdAt: NOW.toISOString() },
      { id: expect.any(Number), action: 'booking', senderHash: hashIp('192.0.2.30'), createdAt: NOW.toISOString() },
      { id: expect.any(Number), action: 'booking', senderHash: hashIp('192.0.2.30'), createdAt: NOW.toISOString() },
    ])
    // The fourth is refused although the time is free and only one booking was made; it adds no attempt.
    const fourth = await post('192.0.2.30', () => handleBookingPost(booking({ email: 'bo@eksempel.dk', tidspunkt: `${MONDAY}T09:00` }), { db, transport, clock }))
    expect(where(fourth)).toEqual([303, `/book-samtale/${MONDAY}T09:00?status=for-mange#bookingformular`, 'no-store'])
    expect(attempts('192.0.2.30')).toHaveLength(3)
    expect(db.select().from(bookings).all()).toHaveLength(1)
    // Another address is not held back.
    expect(where(await post('192.0.2.34', () => handleBookingPost(booking({ email: 'bo@eksempel.dk', tidspunkt: `${MONDAY}T09:00` }), { db, transport, clock })))).toEqual(CHECK_EMAIL)
    expect(bookingOf(db, 'bo@eksempel.dk')).toMatchObject({ startsAt: '2026-04-20T07:00:00.000Z', ipHash: hashIp('192.0.2.34') })
  })

  it('refuses the address once refused attempts alone reach the limit, although it has booked nothing', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    vi.stubEnv('BOOKING_RATE_LIMIT', '2')
    await post('192.0.2.39', () => handleBookingPost(booking({ tidspunkt: `${MONDAY}T11:00`, email: 'bo@eksempel.dk' }), { db, transport, clock }))
    // Two tries at the taken 11:00 from one address (probing it, say): both refused, both counted.
    for (const email of ['a@eksempel.dk', 'b@eksempel.dk']) {
      expect(where(await post('192.0.2.30', () => handleBookingPost(booking({ tidspunkt: `${MONDAY}T11:00`, email }), { db, transport, clock }))), email).toEqual([303, `/book-samtale?uge=2026-W17&status=taget#dag-${MONDAY}`, 'no-store'])
    }
    const free = await post('192.0.2.30', () => handleBookingPost(booking(), { db, transport, clock }))
    expect(where(free)).toEqual([303, `/book-samtale/${MONDAY}T10:00?status=for-mange#bookingformular`, 'no-store'])
    expect(db.select().from(bookings).all().map((row) => row.email)).toEqual(['bo@eksempel.dk'])
  })

  it('is closed when the file closes booking or is gone, and says so', async () => {
    const { db } = temporaryDatabase()
    writeFileSync(join(fileDir, 'booking.yaml'), `aaben: nej\n${TEST_FILE}`)
    expect(where(await post('192.0.2.35', () => handleBookingPost(booking(), { db, clock })))).toEqual([303, '/book-samtale?status=lukket', 'no-store'])
    rmSync(join(fileDir, 'booking.yaml'))
    expect(where(await post('192.0.2.35', () => handleBookingPost(booking(), { db, clock })))).toEqual([303, '/book-samtale?status=lukket', 'no-store'])
    expect(db.select().from(bookings).all()).toEqual([])
  })

  it('takes each field once and as text: a repeated time or field is not a booking', async () => {
    const { db } = temporaryDatabase()
    const twice = booking()
    twice.append('tidspunkt', `${MONDAY}T11:00`)
    expect(where(await post('192.0.2.36', () => handleBookingPost(twice, { db, clock })))).toEqual([303, '/book-samtale?status=ikke-ledig', 'no-store'])
    const repeatedName = booking()
    repeatedName.append('navn', 'Bo')
    expect((await post('192.0.2.36', () => handleBookingPost(repeatedName, { db, clock }))).headers.get('location')).toBe(`/book-samtale/${MONDAY}T10:00?status=ugyldig&felter=navn#bookingformular`)
    const fileAsName = booking()
    fileAsName.set('navn', new File(['Mette'], 'navn.txt'))
    expect((await post('192.0.2.36', () => handleBookingPost(fileAsName, { db, clock }))).headers.get('location')).toBe(`/book-samtale/${MONDAY}T10:00?status=ugyldig&felter=navn#bookingformular`)
    // A repeated honeypot is filled in too.
    const robot = booking()
    robot.append('website', 'x')
    expect(where(await post('192.0.2.36', () => handleBookingPost(robot, { db, clock })))).toEqual([303, '/book-samtale', 'no-store'])
    expect(db.select().from(bookings).all()).toEqual([])
  })

  it('keeps the booking and gives the usual answer when sending its e-mails breaks down halfway', async () => {
    const { db, dir } = temporaryDatabase()
    // The connection goes away during the first e-mail: its outcome cannot be recorded, and the
    // next e-mail cannot even be claimed; the booking was committed before, and a retry sends them.
    const closing: MailTransport = { name: 'lukker', send: async () => void db.$client.close() }
    const response = await post('192.0.2.38', () => handleBookingPost(booking(), { db, transport: closing, clock }))
    expect(where(response)).toEqual(CHECK_EMAIL)
    const reopened = openDatabase(join(dir, 'site.db'))
    try {
      expect(reopened.select().from(bookings).all()).toHaveLength(1)
      expect(bookingEmailRows(reopened).filter((email) => email.status === 'sending')).toHaveLength(1)
    } finally {
      reopened.$client.close()
    }
  })

  it('books a post of the required fields only: a missing honeypot is no robot, a missing message is an empty one', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    // Another client than the page's form may leave out the fields it has no use for.
    const required = { tidspunkt: `${MONDAY}T10:00`, navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon' }
    const bare = await post('192.0.2.44', () => handleBookingPost(formData(required), { db, transport, clock }))
    expect(where(bare)).toEqual(CHECK_EMAIL)
    const withoutMessage = await post('192.0.2.45', () => handleBookingPost(formData({ ...required, tidspunkt: `${MONDAY}T11:00`, email: 'bo@eksempel.dk', website: '' }), { db, transport, clock }))
    expect(where(withoutMessage)).toEqual(CHECK_EMAIL)
    expect(db.select().from(bookings).all().map(({ localDate, startsAt, email, note, status }) => ({ localDate, startsAt, email, note, status }))).toEqual([
      { localDate: MONDAY, startsAt: '2026-04-20T08:00:00.000Z', email: 'mette@eksempel.dk', note: '', status: 'bekraeftet' },
      { localDate: MONDAY, startsAt: '2026-04-20T09:00:00.000Z', email: 'bo@eksempel.dk', note: '', status: 'bekraeftet' },
    ])
  })

  it('answers the visitor after 8 seconds when the mail service does not answer, with the booking kept', async () => {
    const { db } = temporaryDatabase()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const hanging: MailTransport = { name: 'haenger', send: () => new Promise<void>(() => {}) }
    let answer: Response | undefined
    void post('192.0.2.46', () => handleBookingPost(booking(), { db, transport: hanging, clock })).then((response) => {
      answer = response
    })
    await vi.advanceTimersByTimeAsync(7_999)
    expect(answer).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(where(answer!)).toEqual(CHECK_EMAIL)
    expect(db.select().from(bookings).all()).toMatchObject([{ localDate: MONDAY, status: 'bekraeftet' }])
    // The first e-mail is still with the mail service; the background run takes over when its lease ends.
    expect(bookingEmailRows(db).filter((email) => email.status === 'sending')).toHaveLength(1)
  })

  it('answers a lost database with the error on the form, and books nothing', async () => {
    const { db, dir } = temporaryDatabase()
    rmSync(join(dir, 'site.db'))
    const transport = memoryTransport()
    expect(where(await post('192.0.2.37', () => handleBookingPost(booking(), { db, transport, clock })))).toEqual([303, `/book-samtale/${MONDAY}T10:00?status=fejl#bookingformular`, 'no-store'])
    expect(transport.sent).toEqual([])
  })
})

describe('the manage link’s post', () => {
  it('cancels the booking by the visitor and sends the cancellations', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    transport.sent.length = 0
    const response = await post('192.0.2.40', () => handleManagePost(formData({ link: token, handling: 'aflys' }), { db, transport, clock }))
    expect(where(response)).toEqual([303, `/booking/${token}?status=aflyst`, 'no-store'])
    expect(db.select().from(bookings).all()[0]).toMatchObject({ status: 'aflyst', cancelledBy: 'gaest', cancelledAt: NOW.toISOString() })
    expect(transport.sent.map((email) => email.subject)).toEqual(['Din samtale mandag 20. april kl. 10.00 er aflyst', 'Booking aflyst: mandag 20. april kl. 10.00 – Mette Sørensen'])
    // Cancelling again changes nothing and sends nothing.
    const before = snapshot(db)
    expect(where(await post('192.0.2.40', () => handleManagePost(formData({ link: token, handling: 'aflys' }), { db, transport, clock })))).toEqual([303, `/booking/${token}?status=aflyst`, 'no-store'])
    expect(snapshot(db)).toBe(before)
    expect(transport.sent).toHaveLength(2)
  })

  it('moves the booking to a free time, and refuses a malformed or closed one', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    const move = (tidspunkt: string) => post('192.0.2.41', () => handleManagePost(formData({ link: token, handling: 'flyt', tidspunkt }), { db, transport, clock }))
    expect(where(await move('27. april'))).toEqual([303, `/booking/${token}?status=ikke-ledig`, 'no-store'])
    expect(where(await move('2026-04-27T11:00'))).toEqual([303, `/booking/${token}?status=flyttet`, 'no-store'])
    expect(db.select().from(bookings).all()[0]).toMatchObject({ localDate: '2026-04-27', startsAt: '2026-04-27T09:00:00.000Z', moveCount: 1, sequence: 1 })
    expect(transport.sent.at(-2)!.subject).toBe('Din samtale er flyttet til mandag 27. april kl. 11.00')
    writeFileSync(join(fileDir, 'booking.yaml'), `aaben: nej\n${TEST_FILE}`)
    expect(where(await move('2026-04-27T09:00'))).toEqual([303, `/booking/${token}?status=lukket`, 'no-store'])
  })

  it('answers a move to the time the booking already has with “same time”: nothing changes, nothing is sent, no move is used', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    transport.sent.length = 0
    const before = snapshot(db)
    const same = await post('192.0.2.41', () => handleManagePost(formData({ link: token, handling: 'flyt', tidspunkt: `${MONDAY}T10:00` }), { db, transport, clock }))
    expect(where(same)).toEqual([303, `/booking/${token}?status=samme-tid`, 'no-store'])
    expect(snapshot(db)).toBe(before)
    expect(bookingOf(db)).toMatchObject({ startsAt: '2026-04-20T08:00:00.000Z', sequence: 0, moveCount: 0 })
    expect(transport.sent).toEqual([])
  })

  it('leaves an e-mail waiting for its retry to the background run when a move is refused', async () => {
    const { db } = temporaryDatabase()
    // Booked while the mail service was down: both confirmations wait for their retry.
    const transport = memoryTransport({ failing: true })
    const token = await booked(db, transport)
    await post('192.0.2.44', () => handleBookingPost(booking({ tidspunkt: '2026-04-27T10:00', email: 'bo@eksempel.dk' }), { db, transport, clock }))
    const mette = db.select().from(bookings).where(eq(bookings.email, 'mette@eksempel.dk')).get()!
    // Their retry is due now: the refused move must leave it to the background run, not send it.
    setEffects(db, 'booking-email', { nextAttemptAt: NOW.toISOString() }, and(eq(outbox.bookingId, mette.id), payloadIs('kind', 'bekraeftelse')))
    transport.failing = false
    const before = snapshot(db)
    const refused = await post('192.0.2.44', () => handleManagePost(formData({ link: token, handling: 'flyt', tidspunkt: '2026-04-27T10:00' }), { db, transport, clock }))
    expect(where(refused)).toEqual([303, `/booking/${token}?status=taget`, 'no-store'])
    expect(transport.sent).toEqual([])
    expect(snapshot(db)).toBe(before)
  })

  it('answers a move to a time that is no time (13th month, 30 February) as not free, and changes nothing', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    const before = snapshot(db)
    for (const tidspunkt of ['2026-13-45T10:00', '2026-02-30T09:00']) {
      const answer = await post('192.0.2.45', () => handleManagePost(formData({ link: token, handling: 'flyt', tidspunkt }), { db, transport, clock }))
      expect(where(answer), tidspunkt).toEqual([303, `/booking/${token}?status=ikke-ledig`, 'no-store'])
    }
    expect(where(await post('192.0.2.45', () => handleBookingPost(booking({ tidspunkt: '2026-13-45T10:00' }), { db, transport, clock })))).toEqual([303, '/book-samtale?status=ikke-ledig', 'no-store'])
    expect(snapshot(db)).toBe(before)
  })

  it('sends an unknown or malformed link to the booking page, and an unknown action back with the error', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    const before = snapshot(db)
    for (const link of ['', 'a'.repeat(32), `${token}x`]) {
      expect(where(await post('192.0.2.42', () => handleManagePost(formData({ link, handling: 'aflys' }), { db, transport, clock }))), link).toEqual([303, '/book-samtale', 'no-store'])
    }
    expect(where(await post('192.0.2.42', () => handleManagePost(formData({ link: token, handling: 'slet' }), { db, transport, clock })))).toEqual([303, `/booking/${token}?status=fejl`, 'no-store'])
    expect(snapshot(db)).toBe(before)
  })

  it('answers the error when the change cannot be stored', async () => {
    const { db, dir } = temporaryDatabase()
    const transport = memoryTransport()
    const token = await booked(db, transport)
    rmSync(join(dir, 'site.db'))
    expect(where(await post('192.0.2.43', () => handleManagePost(formData({ link: token, handling: 'aflys' }), { db, transport, clock })))).toEqual([303, `/booking/${token}?status=fejl`, 'no-store'])
  })
})
