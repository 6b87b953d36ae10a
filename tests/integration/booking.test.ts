import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#db/database'
import { bookings, outbox as outboxTable, senderAttempts } from '#db/schema'
import { deleteBookings, exportBookings, purgeOldBookings } from '~/server/booking/booking-admin.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { managedBooking } from '~/server/booking/booking-pages.server'
import { cancelBooking, createBooking, findByToken, moveBooking } from '~/server/booking/bookings.server'
import { hashToken, manageToken } from '~/server/links/links.server'
import { outboxTransport } from '~/server/mail/mail-transport.server'
import { RECIPIENT_CAPS } from '~/server/limits/sender-limits.server'
import { temporaryDatabase } from '../helpers'
import { bookingEmailRows, payloadIs } from '../outbox-rows'
import { MONDAY, NOW, TEST_FILE, details, memoryTransport, readInvitation, snapshot, testAvailability } from './booking-helpers'

const availability = testAvailability()
const book = (db: Parameters<typeof createBooking>[0], time = '10:00', email = 'mette@eksempel.dk', now = NOW, ipHash = 'ip-a') =>
  createBooking(db, { availability, date: MONDAY, time, details: details(email), ipHash, now })

const confirmed = (db: Parameters<typeof createBooking>[0]) => db.select().from(bookings).where(eq(bookings.status, 'bekraeftet')).all()
const existingNotices = (db: Parameters<typeof createBooking>[0]) => bookingEmailRows(db, payloadIs('kind', 'eksisterende'))
/** The booking posts one sender's hash made, as the per-sender limit counts them. */
const bookingAttemptsOf = (db: Parameters<typeof createBooking>[0], senderHash: string) =>
  db.select().from(senderAttempts).where(and(eq(senderAttempts.action, 'booking'), eq(senderAttempts.senderHash, senderHash))).all()

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('never double-booked', () => {
  it('20 bookings of one time at once, each on its own connection: exactly one is confirmed', async () => {
    const { db, dir } = temporaryDatabase()
    const connections = Array.from({ length: 20 }, () => openDatabase(join(dir, 'site.db')))
    const outcomes = await Promise.all(
      connections.map(async (connection, index) => createBooking(connection, { availability, date: MONDAY, time: '10:00', details: details(`person${index}@eksempel.dk`), ipHash: `ip-${index}`, now: NOW }).status),
    )
    for (const connection of connections) connection.$client.close()
    expect(outcomes.filter((status) => status === 'booket')).toHaveLength(1)
    expect(outcomes.filter((status) => status === 'taget')).toHaveLength(19)
    expect(confirmed(db)).toHaveLength(1)
  })

  it('the database itself refuses a second confirmed booking of one start', () => {
    const { db } = temporaryDatabase()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const { id: _id, ...row } = outcome.booking
    expect(() => db.insert(bookings).values({ ...row, publicId: 'andenkode', manageTokenHash: 'en-anden' }).run()).toThrow(/UNIQUE constraint failed: bookings.starts_at/)
    // A cancelled booking no longer holds its start.
    db.update(bookings).set({ status: 'aflyst' }).run()
    expect(() => db.insert(bookings).values({ ...row, publicId: 'andenkode', manageTokenHash: 'en-anden' }).run()).not.toThrow()
  })

  it('answers “taken” when only the database’s index knows the start is held, for a booking and for a move', () => {
    const { db } = temporaryDatabase()
    const first = book(db)
    if (first.status !== 'booket') throw new Error(first.status)
    // A confirmed row whose Danish date is wrong (written by hand, or by an older version): the
    // rules look for bookings by that date and do not see it; the index on the start still does.
    db.update(bookings).set({ localDate: '2026-01-05' }).where(eq(bookings.id, first.booking.id)).run()
    expect(book(db, '10:00', 'anden@eksempel.dk', NOW, 'ip-b')).toEqual({ status: 'taget' })
    const other = book(db, '11:00', 'tredje@eksempel.dk', NOW, 'ip-c')
    if (other.status !== 'booket') throw new Error(other.status)
    expect(moveBooking(db, { id: other.booking.id, availability, date: MONDAY, time: '10:00', now: NOW })).toEqual({ status: 'taget' })
    expect(confirmed(db).map((row) => row.startsAt).sort()).toEqual(['2026-04-20T08:00:00.000Z', '2026-04-20T09:00:00.000Z'])
  })

  it('checks the overlap inside the transaction: 10:15 is refused while 10:00–10:30 is booked', () => {
    const { db } = temporaryDatabase()
    expect(book(db, '10:00').status).toBe('booket')
    expect(book(db, '10:15', 'anden@eksempel.dk', NOW, 'ip-b').status).toBe('taget')
    // 11:00 starts 30 minutes after 10:30: outside the 15-minute buffer.
    expect(book(db, '11:00', 'tredje@eksempel.dk', NOW, 'ip-c').status).toBe('booket')
  })

  it('enforces notice and window on the server with a fixed clock', () => {
    const { db } = temporaryDatabase()
    // Monday 10:00 is 08:00Z: 23 hours ahead, and 29 days ahead, are refused; 24 hours is fine.
    expect(book(db, '10:00', 'a@eksempel.dk', new Date('2026-04-19T09:00:00Z')).status).toBe('ikke-ledig')
    expect(book(db, '10:00', 'b@eksempel.dk', new Date('2026-03-22T08:00:00Z')).status).toBe('ikke-ledig')
    expect(book(db, '10:00', 'c@eksempel.dk', new Date('2026-04-19T08:00:00Z')).status).toBe('booket')
  })

  it('one upcoming booking per e-mail address, whatever its case: a second try queues a notice about the first', () => {
    const { db } = temporaryDatabase()
    const first = book(db, '09:00', 'Mette@Eksempel.dk')
    if (first.status !== 'booket') throw new Error(first.status)
    const before = db.select().from(bookings).all()
    const again = book(db, '11:00', 'mette@eksempel.DK', NOW, 'ip-b')
    expect(again).toEqual({ status: 'har-booking', booking: first.booking })
    expect(db.select().from(bookings).all()).toEqual(before)
    // One e-mail to the visitor about the booking she has, keyed by the attempt: each try is told.
    const [attempt] = bookingAttemptsOf(db, 'ip-b')
    expect(existingNotices(db).map(({ bookingId, kind, role, status, sequence, startsAt, endsAt, idempotencyKey, nextAttemptAt }) => ({ bookingId, kind, role, status, sequence, startsAt, endsAt, idempotencyKey, nextAttemptAt }))).toEqual([
      {
        bookingId: first.booking.id,
        kind: 'eksisterende',
        role: 'gaest',
        status: 'pending',
        sequence: 0,
        startsAt: first.booking.startsAt,
        endsAt: first.booking.endsAt,
        idempotencyKey: `booking-${first.booking.publicId}-eksisterende-${attempt!.id}`,
        nextAttemptAt: NOW.toISOString(),
      },
    ])
    expect(book(db, '10:00', 'mette@eksempel.dk', NOW, 'ip-c').status).toBe('har-booking')
    expect(existingNotices(db)).toHaveLength(2)
    // A cancelled booking is no upcoming booking, nor is one that has begun.
    cancelBooking(db, { id: first.booking.id, by: 'coach', availability, now: NOW })
    expect(book(db, '11:00', 'mette@eksempel.dk', NOW, 'ip-d').status).toBe('booket')
    expect(book(db, '10:00', 'ny@eksempel.dk', NOW, 'ip-e').status).toBe('booket')
    const later = (now: string, ipHash: string) => createBooking(db, { availability, date: '2026-04-27', time: '09:00', details: details('ny@eksempel.dk'), ipHash, now: new Date(now) })
    expect(later('2026-04-20T07:59:59.999Z', 'ip-f').status).toBe('har-booking')
    expect(later('2026-04-20T08:00:00.000Z', 'ip-g').status).toBe('booket')
  })

  it('one upcoming booking per person: a+2@… is a@…, and the notice goes to the address that booked', () => {
    const { db } = temporaryDatabase()
    const first = book(db, '09:00', 'Mette@Eksempel.dk')
    if (first.status !== 'booket') throw new Error(first.status)
    for (const [n, email] of ['mette+2@eksempel.dk', 'METTE+booking@Eksempel.dk'].entries()) {
      expect(book(db, '11:00', email, NOW, `ip-plus-${n}`)).toEqual({ status: 'har-booking', booking: first.booking })
    }
    expect(existingNotices(db).map((notice) => notice.bookingId)).toEqual([first.booking.id, first.booking.id])
    // Another person at the same domain, and a '+' where there is no local part before it, book as usual.
    expect(book(db, '11:00', 'mette2@eksempel.dk', NOW, 'ip-anden').status).toBe('booket')
    expect(book(db, '10:00', '+mette@eksempel.dk', NOW, 'ip-plus-foran').status).toBe('booket')
  })

  it('tells one person about the booking they have at most twice a day, however many tries a stranger makes', () => {
    const { db } = temporaryDatabase()
    const first = book(db, '09:00', 'mette@eksempel.dk')
    if (first.status !== 'booket') throw new Error(first.status)
    for (let n = 0; n < 6; n++) expect(book(db, '11:00', n % 2 ? 'mette@eksempel.dk' : `mette+${n}@eksempel.dk`, NOW, `ip-fremmed-${n}`).status).toBe('har-booking')
    expect(existingNotices(db)).toHaveLength(RECIPIENT_CAPS['already-booked'])
    const nextDay = new Date(NOW.getTime() + 24 * 60 * 60_000 + 1)
    expect(createBooking(db, { availability, date: MONDAY, time: '11:00', details: details('mette@eksempel.dk'), ipHash: 'ip-dagen-efter', now: nextDay }).status).toBe('har-booking')
    expect(existingNotices(db)).toHaveLength(RECIPIENT_CAPS['already-booked'] + 1)
  })

  it('checks the time before the address: a taken or closed time is refused alike, with or without a booking', () => {
    const { db } = temporaryDatabase()
    const mette = book(db, '09:00', 'mette@eksempel.dk')
    if (mette.status !== 'booket') throw new Error(mette.status)
    expect(book(db, '11:00', 'bo@eksempel.dk', NOW, 'ip-b').status).toBe('booket')
    for (const email of ['mette@eksempel.dk', 'ny@eksempel.dk']) {
      expect(book(db, '11:00', email, NOW, `ip-${email}`), email).toEqual({ status: 'taget' })
      // Inside the notice (23 hours ahead).
      expect(book(db, '10:00', email, new Date('2026-04-19T09:00:00Z'), `ip-${email}`), email).toEqual({ status: 'ikke-ledig' })
      expect(book(db, '10:30', email, NOW, `ip-${email}`), email).toEqual({ status: 'ikke-ledig' })
    }
    // None of it told Mette anything; only a free time reaches the check of her address.
    expect(existingNotices(db)).toEqual([])
    expect(book(db, '10:00', 'mette@eksempel.dk', NOW, 'ip-c')).toMatchObject({ status: 'har-booking', booking: { id: mette.booking.id } })
    expect(existingNotices(db)).toHaveLength(1)
  })

  it('counts attempts per sender a day, refused ones too, against the default limit of six', () => {
    const { db } = temporaryDatabase()
    expect(book(db, '09:00', 'mette@eksempel.dk').status).toBe('booket')
    expect(book(db, '11:00', 'mette@eksempel.dk').status).toBe('har-booking')
    expect(book(db, '09:00', 'to@eksempel.dk').status).toBe('taget')
    const at = (time: string, email: string, now = NOW, ipHash = 'ip-a', date = '2026-04-27') => createBooking(db, { availability, date, time, details: details(email), ipHash, now })
    // A Monday the file offers, beyond the 28 days' window.
    expect(at('10:00', 'tre@eksempel.dk', NOW, 'ip-a', '2026-05-11').status).toBe('ikke-ledig')
    expect(book(db, '10:00', 'fire@eksempel.dk').status).toBe('booket')
    expect(book(db, '11:00', 'fem@eksempel.dk').status).toBe('booket')
    // Six attempts, three bookings: the seventh attempt within a day is refused, whatever its time.
    expect(at('09:00', 'seks@eksempel.dk')).toEqual({ status: 'for-mange' })
    expect(bookingAttemptsOf(db, 'ip-a')).toHaveLength(6)
    // Another sender books it; once the first attempts are more than a day old, the first sender may try again.
    expect(at('09:00', 'seks@eksempel.dk', NOW, 'ip-b').status).toBe('booket')
    expect(at('10:00', 'syv@eksempel.dk', new Date(NOW.getTime() + 86_400_000)).status).toBe('for-mange')
    expect(at('10:00', 'syv@eksempel.dk', new Date(NOW.getTime() + 86_400_000 + 1)).status).toBe('booket')
  })
})

describe('invitations, moves and cancellations', () => {
  it('REQUEST (SEQUENCE 0) → REQUEST (1) → CANCEL (2) with the UID stored at booking, to the visitor only', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const id = outcome.booking.id
    // Fixed when the booking is made, from the SITE_URL of that moment (here the default).
    expect(outcome.booking.uid).toBe(`${outcome.booking.publicId}@localhost:3000`)
    // The site's address changes later: the event keeps its UID, so calendars update it instead of adding another.
    vi.stubEnv('SITE_URL', 'https://www.eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW, bookingId: id })
    expect(moveBooking(db, { id, availability, date: '2026-04-27', time: '09:00', now: NOW }).status).toBe('flyttet')
    await deliverBookingEmails({ db, transport, clock: () => NOW, bookingId: id })
    expect(cancelBooking(db, { id, by: 'gaest', availability, now: NOW }).status).toBe('aflyst')
    await deliverBookingEmails({ db, transport, clock: () => NOW, bookingId: id })

    const toVisitor = transport.sent.filter((email) => email.to === 'mette@eksempel.dk')
    expect(toVisitor.map((email) => email.subject)).toEqual([
      'Din samtale er booket: mandag 20. april kl. 10.00',
      'Din samtale er flyttet til mandag 27. april kl. 9.00',
      'Din samtale mandag 27. april kl. 9.00 er aflyst',
    ])
    const invitations = toVisitor.map((email) => readInvitation(email.attachments![0]!.content))
    expect(invitations.map(({ method, sequence, status, start }) => ({ method, sequence, status, start }))).toEqual([
      { method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: '2026-04-20T08:00:00.000Z' },
      { method: 'REQUEST', sequence: 1, status: 'CONFIRMED', start: '2026-04-27T07:00:00.000Z' },
      { method: 'CANCEL', sequence: 2, status: 'CANCELLED', start: '2026-04-27T07:00:00.000Z' },
    ])
    expect(invitations.map((invitation) => invitation.uid)).toEqual(Array(3).fill(`${outcome.booking.publicId}@localhost:3000`))
    expect(invitations[0]!.attendee).toBe('MAILTO:mette@eksempel.dk')
    expect(toVisitor.map((email) => email.attachments![0]!.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=REQUEST',
      'text/calendar; charset=utf-8; method=REQUEST',
      'text/calendar; charset=utf-8; method=CANCEL',
    ])
    // UTC times, no time zone blocks that Outlook could misread.
    expect(toVisitor[0]!.attachments![0]!.content).toContain('DTSTART:20260420T080000Z')
    expect(toVisitor[0]!.attachments![0]!.content).not.toContain('TZID')
    // The visitor's e-mail stands on its own: the time and the manage link are in the text.
    expect(toVisitor[0]!.text).toContain('Tid: mandag 20. april kl. 10.00–10.30 (dansk tid)')
    expect(toVisitor[0]!.text).toContain(`https://www.eksempel.dk/booking/${outcome.token}`)
    // The coach is told of each change, without an invitation: her calendar gets the booking from the feed and CalDAV.
    const toCoach = transport.sent.filter((email) => email.to !== 'mette@eksempel.dk')
    expect(toCoach.map((email) => email.subject)).toEqual([
      'Ny booking: mandag 20. april kl. 10.00 – Mette Sørensen',
      'Booking flyttet til mandag 27. april kl. 9.00 – Mette Sørensen',
      'Booking aflyst: mandag 27. april kl. 9.00 – Mette Sørensen',
    ])
    expect(toCoach.map((email) => email.attachments)).toEqual([undefined, undefined, undefined])
    expect(toCoach[0]!.replyTo).toBe('mette@eksempel.dk')
  })

  it('refuses changes after the cut-off, and more moves than allowed; a move to the same time uses none', () => {
    const { db } = temporaryDatabase()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const id = outcome.booking.id
    // 11 hours before 10:00 (08:00Z), inside the 12-hour cut-off.
    const late = new Date('2026-04-19T21:00:00Z')
    expect(cancelBooking(db, { id, by: 'gaest', availability, now: late }).status).toBe('for-sent')
    expect(moveBooking(db, { id, availability, date: '2026-04-27', time: '09:00', now: late }).status).toBe('for-sent')
    expect(cancelBooking(db, { id, by: 'coach', availability, now: late }).status).toBe('aflyst')
    // A cancelled booking cannot be moved back to life: the visitor is told it is cancelled.
    expect(moveBooking(db, { id, availability, date: '2026-04-27', time: '09:00', now: NOW })).toEqual({ status: 'aflyst' })

    const again = book(db, '11:00', 'ny@eksempel.dk', NOW, 'ip-b')
    if (again.status !== 'booket') throw new Error(again.status)
    const moves = ['2026-04-27T09:00', '2026-04-27T09:00', '2026-04-27T10:00', '2026-04-27T11:00', '2026-04-27T11:00', '2026-04-27T09:00']
    const results = moves.map((key) => moveBooking(db, { id: again.booking.id, availability, date: key.slice(0, 10), time: key.slice(11), now: NOW }).status)
    // The time it already has changes nothing and counts for nothing, even once the moves are used up.
    expect(results).toEqual(['flyttet', 'samme-tid', 'flyttet', 'flyttet', 'samme-tid', 'for-mange-flytninger'])
    expect(db.select().from(bookings).where(eq(bookings.id, again.booking.id)).get()).toMatchObject({ startsAt: '2026-04-27T09:00:00.000Z', sequence: 3, moveCount: 3 })
    expect(bookingEmailRows(db, eq(outboxTable.bookingId, again.booking.id)).filter((email) => email.kind === 'flyttet')).toHaveLength(6)
  })

  it('a GET of the manage link changes nothing, and shows the current time after a move', () => {
    const { db } = temporaryDatabase()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const before = snapshot(db)
    // Opened later, as a mail scanner or the visitor would: a write of any kind would show.
    const later = () => new Date(NOW.getTime() + 3_600_000)
    for (let i = 0; i < 3; i++) managedBooking(outcome.token, { db, availability, clock: later })
    expect(snapshot(db)).toBe(before)
    moveBooking(db, { id: outcome.booking.id, availability, date: '2026-04-27', time: '09:00', now: NOW })
    expect(managedBooking(outcome.token, { db, availability, clock: () => NOW })).toMatchObject({ period: 'mandag 27. april kl. 9.00–9.30', status: 'bekraeftet', changeable: true })
    expect(managedBooking('x'.repeat(32), { db, availability, clock: () => NOW })).toBeUndefined()
  })

  it('stores only the hash of the manage token', () => {
    const { db } = temporaryDatabase()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    expect(outcome.token).toBe(manageToken(outcome.booking.publicId))
    expect(JSON.stringify(db.select().from(bookings).all())).not.toContain(outcome.token)
    expect(outcome.booking.manageTokenHash).toBe(hashToken(outcome.token))
    expect(findByToken(db, outcome.token)?.id).toBe(outcome.booking.id)
  })
})

describe('reminders', () => {
  const dayBefore = new Date('2026-04-19T08:00:30Z')

  it('go out once, 24 hours before', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    book(db)
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-19T07:59:00Z') })
    expect(transport.sent).toHaveLength(2)
    await deliverBookingEmails({ db, transport, clock: () => dayBefore })
    await deliverBookingEmails({ db, transport, clock: () => dayBefore })
    expect(transport.sent.map((email) => email.subject).at(-1)).toBe('Påmindelse: din samtale mandag 20. april kl. 10.00')
    expect(transport.sent).toHaveLength(3)
  })

  it('are never sent after a cancellation, nor for the old time after a move', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const first = book(db)
    const second = book(db, '11:00', 'anden@eksempel.dk', NOW, 'ip-b')
    if (first.status !== 'booket' || second.status !== 'booket') throw new Error('not booked')
    cancelBooking(db, { id: first.booking.id, by: 'gaest', availability, now: NOW })
    moveBooking(db, { id: second.booking.id, availability, date: '2026-04-27', time: '09:00', now: NOW })
    await deliverBookingEmails({ db, transport, clock: () => dayBefore })
    const reminders = () => transport.sent.filter((email) => email.subject.startsWith('Påmindelse'))
    expect(reminders()).toEqual([])
    await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-26T07:00:30Z') })
    expect(reminders().map((email) => [email.to, email.subject])).toEqual([['anden@eksempel.dk', 'Påmindelse: din samtale mandag 27. april kl. 9.00']])
  })

  it('a reminder claimed for sending after its booking was cancelled is skipped, not sent', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    // As if the cancellation had not reached the waiting reminder (a crash between the two writes).
    db.update(bookings).set({ status: 'aflyst' }).where(eq(bookings.id, outcome.booking.id)).run()
    // The two confirmations go out; the skipped reminder counts as neither sent nor failed.
    expect(await deliverBookingEmails({ db, transport, clock: () => dayBefore })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    expect(transport.sent.filter((email) => email.subject.startsWith('Påmindelse'))).toEqual([])
    expect(bookingEmailRows(db, payloadIs('kind', 'paamindelse'))[0]?.status).toBe('skipped')
  })

  it('a move or a cancellation marks the waiting reminder skipped at once, and a cancelled booking gets none', () => {
    const { db } = temporaryDatabase()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const id = outcome.booking.id
    const reminderRows = () =>
      bookingEmailRows(db, payloadIs('kind', 'paamindelse')).map(({ sequence, startsAt, status, nextAttemptAt }) => ({ sequence, startsAt, status, nextAttemptAt }))
    expect(moveBooking(db, { id, availability, date: '2026-04-27', time: '09:00', now: NOW }).status).toBe('flyttet')
    expect(reminderRows()).toEqual([
      { sequence: 0, startsAt: '2026-04-20T08:00:00.000Z', status: 'skipped', nextAttemptAt: null },
      { sequence: 1, startsAt: '2026-04-27T07:00:00.000Z', status: 'pending', nextAttemptAt: '2026-04-26T07:00:00.000Z' },
    ])
    expect(cancelBooking(db, { id, by: 'gaest', availability, now: NOW }).status).toBe('aflyst')
    expect(reminderRows()).toEqual([
      { sequence: 0, startsAt: '2026-04-20T08:00:00.000Z', status: 'skipped', nextAttemptAt: null },
      { sequence: 1, startsAt: '2026-04-27T07:00:00.000Z', status: 'skipped', nextAttemptAt: null },
    ])
  })

  it('none is queued for a conversation that begins sooner than the reminder would go out', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    // Two hours' notice: Monday 10:00 (08:00Z) booked at 05:00Z the same morning.
    const shortNotice = testAvailability(TEST_FILE.replace('tidligst: 24 timer', 'tidligst: 2 timer'))
    const morning = new Date('2026-04-20T05:00:00Z')
    const outcome = createBooking(db, { availability: shortNotice, date: MONDAY, time: '10:00', details: details(), ipHash: 'ip-a', now: morning })
    expect(outcome.status).toBe('booket')
    expect(bookingEmailRows(db).map(({ kind, role }) => ({ kind, role }))).toEqual([
      { kind: 'bekraeftelse', role: 'gaest' },
      { kind: 'bekraeftelse', role: 'coach' },
    ])
    await deliverBookingEmails({ db, transport, clock: () => morning })
    expect(transport.sent.map((email) => email.subject)).toEqual(['Din samtale er booket: mandag 20. april kl. 10.00', 'Ny booking: mandag 20. april kl. 10.00 – Mette Sørensen'])
  })

  it('none is queued either when the reminder’s time is the very moment of booking: the confirmation goes out then', () => {
    const { db } = temporaryDatabase()
    // Monday 10:00 (08:00Z) booked exactly 24 hours before.
    const outcome = createBooking(db, { availability, date: MONDAY, time: '10:00', details: details(), ipHash: 'ip-a', now: new Date('2026-04-19T08:00:00Z') })
    expect(outcome.status).toBe('booket')
    expect(bookingEmailRows(db).map(({ kind }) => kind)).toEqual(['bekraeftelse', 'bekraeftelse'])
  })
})

describe('a database file that is gone', () => {
  it('a move into a deleted database file fails instead of being reported as done or as a taken time', () => {
    const { db, dir } = temporaryDatabase()
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    rmSync(join(dir, 'site.db'))
    expect(() => moveBooking(db, { id: outcome.booking.id, availability, date: '2026-04-27', time: '09:00', now: NOW })).toThrow('database file missing: the booking would not be kept')
  })
})

describe('a mail outage loses nothing', () => {
  it('keeps the booking confirmed and sends the same bytes later', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport({ failing: true })
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    expect(await deliverBookingEmails({ db, transport, clock: () => NOW })).toEqual({ tried: 2, delivered: 0, failed: 2 })
    expect(confirmed(db)).toHaveLength(1)
    transport.failing = false
    // Before the backoff has passed nothing is tried; afterwards both e-mails go out.
    expect((await deliverBookingEmails({ db, transport, clock: () => NOW })).tried).toBe(0)
    const later = new Date(NOW.getTime() + 2 * 60_000)
    expect(await deliverBookingEmails({ db, transport, clock: () => later })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    expect(transport.sent.map((email) => email.idempotencyKey).sort()).toEqual([
      `booking-${outcome.booking.publicId}-bekraeftelse-0-coach`,
      `booking-${outcome.booking.publicId}-bekraeftelse-0-gaest`,
    ])
    // DTSTAMP is when the e-mail was queued, not when it was sent.
    expect(transport.sent[0]!.attachments![0]!.content).toContain('DTSTAMP:20260410T090000Z')
  })
})

describe('the outbox and the coach tools', () => {
  it('writes the visitor’s .ics beside the JSON; export, delete and purge take both', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const outcome = book(db)
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    await deliverBookingEmails({ db, transport: outboxTransport(outbox), clock: () => NOW })
    const key = `booking-${outcome.booking.publicId}-bekraeftelse-0`
    expect(readdirSync(outbox).sort()).toEqual([`${key}-coach.json`, `${key}-gaest.ics`, `${key}-gaest.json`])
    expect(readInvitation(readFileSync(join(outbox, `${key}-gaest.ics`), 'utf8')).method).toBe('REQUEST')
    expect(JSON.parse(readFileSync(join(outbox, `${key}-gaest.json`), 'utf8')).attachments[0].filename).toBe('invitation.ics')

    const exported = await exportBookings('METTE@eksempel.dk', { db, outbox })
    expect(exported.bookings.map((booking) => booking.publicId)).toEqual([outcome.booking.publicId])
    expect(JSON.stringify(exported)).not.toContain(outcome.booking.manageTokenHash)
    expect(exported.bookingEmails).toHaveLength(2)

    // Not yet: the appointment ended less than 90 days ago.
    expect(await purgeOldBookings({ db, outbox, now: new Date('2026-07-18T00:00:00Z'), days: 90 })).toEqual({ bookings: 0, outboxFiles: 0 })
    const other = book(db, '11:00', 'anden@eksempel.dk', NOW, 'ip-b')
    expect(other.status).toBe('booket')
    // Erased once the conversation is over: nothing to cancel first, so it goes at once.
    const deleted = await deleteBookings('anden@eksempel.dk', { db, outbox, now: new Date('2026-04-21T00:00:00Z') })
    expect(deleted.bookings).toHaveLength(1)
    expect(deleted.cancelled).toEqual([])
    expect(await purgeOldBookings({ db, outbox, now: new Date('2026-07-20T00:00:00Z'), days: 90 })).toEqual({ bookings: 1, outboxFiles: 3 })
    expect(db.select().from(bookings).all()).toEqual([])
    expect(bookingEmailRows(db)).toEqual([])
    expect(existsSync(outbox) ? readdirSync(outbox) : []).toEqual([])
  })
})
