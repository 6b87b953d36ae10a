import { ICalCalendarMethod } from 'ical-generator'
import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { deleteBookings } from '~/server/booking/booking-admin.server'
import { deliverBookingEmails, visitorCalendar } from '~/server/booking/booking-mail.server'
import { cancelBooking, createBooking, moveBooking } from '~/server/booking/bookings.server'
import { manageToken, manageUrl } from '~/server/links/links.server'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { temporaryDatabase } from '../helpers'
import { bookingEmailRows, payloadIs, setEffects } from '../outbox-rows'
import { MONDAY, NOW, details, memoryTransport, testAvailability } from './booking-helpers'

// The booking e-mails as the visitor and the coach get them (the closing, the plain-text part, the
// invitation's reply), and how their delivery is recorded, revived with --alle and kept single
// when two delivery runs overlap.

const availability = testAvailability()

function bookAt(db: Db, time: string, email: string, note = '') {
  const outcome = createBooking(db, { availability, date: MONDAY, time, details: { ...details(email), besked: note }, ipHash: `ip-${email}`, now: NOW })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  return outcome
}

const rowsOf = (db: Db, kind: 'bekraeftelse' | 'paamindelse') => bookingEmailRows(db, payloadIs('kind', kind))

describe('what the e-mails say', () => {
  it('end the visitor’s e-mails with the coach’s greeting and head the reminder, in a plain-text part without markup', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    // The reminder, 24 hours before Monday 10:00 (08:00Z).
    await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-19T08:00:00Z') })
    const [confirmation, toCoach, reminder] = transport.sent
    expect(reminder!.subject).toBe('Påmindelse: din samtale mandag 20. april kl. 10.00')
    expect(confirmation!.text).toMatch(/Venlig hilsen\s+Birgitte Holm/)
    expect(reminder!.text).toMatch(/Venlig hilsen\s+Birgitte Holm/)
    expect(reminder!.text).toContain('Påmindelse om din samtale')
    expect(toCoach!.text).toContain('Sendt fra bookingen på hjemmesiden')
    // Until the conversation: Livslinien and 112, to the visitor only.
    for (const email of [confirmation!, reminder!]) expect(email.text.replace(/\s+/g, ' ')).toMatch(/Samtalen er ikke akut hjælp\. .*Livslinien på 70 201 201 .*ring 112\./)
    expect(toCoach!.text).not.toContain('Livslinien')
    for (const email of [confirmation!, toCoach!, reminder!]) {
      expect(email.text, email.subject).not.toMatch(/<[a-z]/i)
      expect(email.html, email.subject).toMatch(/<p\b/)
    }
  })

  it('give the coach the visitor’s note, and nothing in its place when there is none', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '09:00', 'uden@eksempel.dk')
    bookAt(db, '11:00', 'med@eksempel.dk', 'Jeg vil gerne tale om stress.')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const coachAbout = (address: string) => transport.sent.find((email) => email.replyTo === address)!.text
    expect(coachAbout('med@eksempel.dk')).toMatch(/Telefon: 20 30 40 50\s+Besked: Jeg vil gerne tale om stress\.\s+Bookingnummer: /)
    expect(coachAbout('uden@eksempel.dk')).toMatch(/Telefon: 20 30 40 50\s+Bookingnummer: /)
  })

  it('give the visitor no line from the coach when she wrote none: the form is followed by the booking number', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    bookAt(db, '09:00', 'uden@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const toVisitor = transport.sent.find((email) => email.to === 'uden@eksempel.dk')!.text
    expect(toVisitor).toMatch(/Form: Telefon – jeg ringer til dig på 20 30 40 50\s+Bookingnummer: /)
  })

  it('invite the visitor as already accepted, asking the calendar for no reply, and the coach not at all', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    moveBooking(db, { id: booking.id, availability, date: '2026-04-27', time: '09:00', now: NOW })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const toVisitor = transport.sent.filter((email) => email.to === 'mette@eksempel.dk')
    expect(toVisitor.map((email) => email.subject)).toEqual(['Din samtale er booket: mandag 20. april kl. 10.00', 'Din samtale er flyttet til mandag 27. april kl. 9.00'])
    for (const email of toVisitor) {
      expect(email.attachments, email.subject).toHaveLength(1)
      const attendee = email.attachments![0]!.content.replace(/\r\n /g, '').split('\r\n').find((line) => line.startsWith('ATTENDEE'))!
      expect(attendee, email.subject).toContain('PARTSTAT=ACCEPTED')
      expect(attendee, email.subject).toContain('RSVP=FALSE')
      expect(attendee, email.subject).not.toContain('RSVP=TRUE')
    }
    // An invitation the coach "organizes" but never made is not applied by her calendar: she gets none.
    const toCoach = transport.sent.filter((email) => email.to !== 'mette@eksempel.dk')
    expect(toCoach).toHaveLength(2)
    for (const email of toCoach) expect(email.attachments, email.subject).toBeUndefined()
  })
  it('tell an address that tried to book again about the booking it has, with its link, and tell the coach nothing', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    transport.sent.length = 0
    const again = createBooking(db, { availability, date: MONDAY, time: '11:00', details: details('mette@eksempel.dk'), ipHash: 'ip-igen', now: NOW })
    expect(again).toMatchObject({ status: 'har-booking', booking: { id: booking.id } })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    expect(transport.sent.map((email) => [email.to, email.subject])).toEqual([['mette@eksempel.dk', 'Du har allerede en samtale booket: mandag 20. april kl. 10.00']])
    const [notice] = transport.sent
    for (const line of [
      'Der er netop forsøgt at booke en ny samtale med din e-mailadresse. Der kan kun være én kommende samtale pr. e-mailadresse, så der er ikke booket en ny.',
      'Din samtale: mandag 20. april kl. 10.00–10.30 (dansk tid)',
      'Vil du hellere have en anden tid, kan du flytte samtalen via linket herunder. Var det ikke dig, kan du se bort fra denne e-mail.',
      `http://localhost:3000/booking/${manageToken(booking.publicId)}`,
    ]) {
      expect(notice!.text, line).toContain(line)
    }
    expect(notice!.text).toMatch(/Venlig hilsen\s+Birgitte Holm/)
    expect(notice!.attachments).toBeUndefined()
  })
})

describe('who cancelled, and whether the link still works', () => {
  const lines = (text: string) => text.replace(/\s+/g, ' ')

  it('tell the visitor that the coach had to cancel, or that their own cancellation freed the time, or that the erasure they asked for did', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const own = bookAt(db, '09:00', 'selv@eksempel.dk').booking
    const coachs = bookAt(db, '10:00', 'coach@eksempel.dk').booking
    const erased = bookAt(db, '11:00', 'slet@eksempel.dk').booking
    cancelBooking(db, { id: own.id, by: 'gaest', availability, now: NOW })
    cancelBooking(db, { id: coachs.id, by: 'coach', availability, now: NOW, reason: 'Jeg er blevet syg.' })
    await deleteBookings('slet@eksempel.dk', { db, now: NOW, outbox: '/nonexistent-outbox' })
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const cancellationTo = (address: string) => lines(transport.sent.find((email) => email.to === address && email.subject.endsWith('er aflyst'))!.text)
    expect(cancellationTo('selv@eksempel.dk')).toContain('Samtalen mandag 20. april kl. 9.00 (dansk tid) er aflyst, og tiden er frigivet.')
    expect(cancellationTo('coach@eksempel.dk')).toContain(`Jeg har desværre måttet aflyse vores samtale mandag 20. april kl. 10.00 (dansk tid). Besked fra ${site.name}: Jeg er blevet syg.`)
    expect(cancellationTo('coach@eksempel.dk')).not.toContain('frigivet')
    expect(cancellationTo('slet@eksempel.dk')).toContain('Samtalen mandag 20. april kl. 11.00 (dansk tid) er aflyst, fordi du har bedt om at få dine oplysninger slettet.')
    expect(cancellationTo('slet@eksempel.dk')).not.toContain('frigivet')
    void erased
  })

  it('give no manage link when the coach moves a booking inside the visitor’s cut-off, but ask to call or write; outside it, the link', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    // Sunday 19 April 22.00: the cut-off is 12 hours, so Monday 9.00 can no longer be changed by the visitor.
    const sunday = new Date('2026-04-19T20:00:00Z')
    expect(moveBooking(db, { id: booking.id, availability, date: MONDAY, time: '09:00', now: sunday, by: 'coach' }).status).toBe('flyttet')
    await deliverBookingEmails({ db, transport, clock: () => sunday })
    const moved = transport.sent.find((email) => email.to === 'mette@eksempel.dk' && email.subject.startsWith('Din samtale er flyttet'))!
    const link = manageUrl(booking.publicId)
    expect(moved.text).not.toContain(link)
    expect(moved.attachments![0]!.content).not.toContain(link)
    const asked = `Tiden ligger så tæt på, at den ikke kan flyttes eller aflyses via linket. Er der noget, så ring til mig på ${site.phone.display} eller skriv til ${site.email}.`
    expect(lines(moved.text)).toContain(lines(asked))
    expect(lines(moved.text)).toContain('Har du ikke selv booket, så ring eller skriv til mig.')
    // The coach's move well before the cut-off keeps the link.
    transport.sent.length = 0
    expect(moveBooking(db, { id: booking.id, availability, date: '2026-04-27', time: '09:00', now: NOW, by: 'coach' }).status).toBe('flyttet')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    const early = transport.sent.find((email) => email.to === 'mette@eksempel.dk')!
    expect(early.text).toContain(`Flyt eller aflys: ${link}`)
    expect(early.text).not.toContain('Tiden ligger så tæt på')
  })

  it('give the visitor a file to import (PUBLISH) without naming them as an attendee; the invitation names them', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const occurrence = { sequence: 0, stamp: booking.updatedAt, startsAt: booking.startsAt, endsAt: booking.endsAt }
    const published = visitorCalendar(booking, occurrence, ICalCalendarMethod.PUBLISH)
    expect(published).toContain('METHOD:PUBLISH')
    expect(published).not.toMatch(/^ATTENDEE/m)
    expect(published).not.toContain('mette@eksempel.dk')
    expect(visitorCalendar(booking, occurrence, ICalCalendarMethod.REQUEST)).toMatch(/^ATTENDEE/m)
  })
})

describe('what is recorded of each attempt', () => {
  it('keys each e-mail by its booking, kind, time and recipient: the provider’s idempotency key and the outbox file’s name', () => {
    const { db } = temporaryDatabase()
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const keys = bookingEmailRows(db).map(({ idempotencyKey }) => ({ key: idempotencyKey }))
    expect(keys.map(({ key }) => key)).toEqual([
      `booking-${booking.publicId}-bekraeftelse-0-gaest`,
      `booking-${booking.publicId}-bekraeftelse-0-coach`,
      `booking-${booking.publicId}-paamindelse-0-gaest`,
    ])
  })

  it('stores no error for a sent e-mail, and a provider’s long answer cut at 500 characters', async () => {
    const { db } = temporaryDatabase()
    const long = 'x'.repeat(600)
    const failing: MailTransport = {
      name: 'lang-fejl',
      async send() {
        throw new Error(long)
      },
    }
    bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport: failing, clock: () => NOW })
    expect(rowsOf(db, 'bekraeftelse').map(({ status, lastError }) => ({ status, lastError }))).toEqual([
      { status: 'pending', lastError: 'x'.repeat(500) },
      { status: 'pending', lastError: 'x'.repeat(500) },
    ])
    await deliverBookingEmails({ db, transport: memoryTransport(), clock: () => new Date(NOW.getTime() + 60_000) })
    expect(rowsOf(db, 'bekraeftelse').map(({ status, attempts, lastError }) => ({ status, attempts, lastError }))).toEqual([
      { status: 'sent', attempts: 2, lastError: null },
      { status: 'sent', attempts: 2, lastError: null },
    ])
  })
})

describe('a delivery for one booking', () => {
  it('sends that booking’s e-mails only, and leaves another’s due e-mails to the background run', async () => {
    const { db } = temporaryDatabase()
    bookAt(db, '09:00', 'bo@eksempel.dk')
    const { booking } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const transport = memoryTransport()
    expect(await deliverBookingEmails({ db, transport, clock: () => NOW, bookingId: booking.id })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    expect(transport.sent.map((email) => email.subject).sort()).toEqual(['Din samtale er booket: mandag 20. april kl. 10.00', 'Ny booking: mandag 20. april kl. 10.00 – Mette Sørensen'])
  })
})

describe('a delivery that was interrupted', () => {
  it('is sent by the next run once its lease has run out, when the process that claimed it died', async () => {
    const { db } = temporaryDatabase()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    // As a process leaves them that died while sending: claimed, with a lease until 09:05.
    setEffects(db, 'booking-email', { status: 'sending', claimToken: 'død-proces', nextAttemptAt: '2026-04-10T09:05:00.000Z' }, payloadIs('kind', 'bekraeftelse'))
    const transport = memoryTransport()
    expect(await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-10T09:04:59Z') })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(await deliverBookingEmails({ db, transport, clock: () => new Date('2026-04-10T09:05:00Z') })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    expect(rowsOf(db, 'bekraeftelse').map(({ status, claimToken }) => ({ status, claimToken }))).toEqual([
      { status: 'sent', claimToken: null },
      { status: 'sent', claimToken: null },
    ])
  })
})

describe('with --alle (force)', () => {
  it('sends at once the e-mails that wait for their backoff, counting their attempts afresh', async () => {
    const { db } = temporaryDatabase()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    await deliverBookingEmails({ db, transport: memoryTransport({ failing: true }), clock: () => NOW })
    // The next attempt is a minute away; --alle does not wait for it.
    const transport = memoryTransport()
    expect(await deliverBookingEmails({ db, transport, clock: () => NOW, force: true })).toEqual({ tried: 2, delivered: 2, failed: 0 })
    expect(transport.sent.map((email) => email.subject).sort()).toEqual(['Din samtale er booket: mandag 20. april kl. 10.00', 'Ny booking: mandag 20. april kl. 10.00 – Mette Sørensen'])
    expect(rowsOf(db, 'bekraeftelse').map(({ status, attempts }) => ({ status, attempts }))).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 1 },
    ])
  })

  it('gives an e-mail that gave up ten fresh attempts', async () => {
    const { db } = temporaryDatabase()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    // As ten failed attempts leave the e-mails.
    setEffects(db, 'booking-email', { status: 'failed', attempts: 10, lastError: 'udbyderen svarer ikke', nextAttemptAt: null }, payloadIs('kind', 'bekraeftelse'))
    expect(await deliverBookingEmails({ db, transport: memoryTransport({ failing: true }), clock: () => NOW, force: true })).toEqual({ tried: 2, delivered: 0, failed: 2 })
    // One failure after the revival is the first of ten again: it waits a minute and is retried.
    expect(rowsOf(db, 'bekraeftelse').map(({ status, attempts, nextAttemptAt }) => ({ status, attempts, nextAttemptAt }))).toEqual([
      { status: 'pending', attempts: 1, nextAttemptAt: '2026-04-10T09:01:00.000Z' },
      { status: 'pending', attempts: 1, nextAttemptAt: '2026-04-10T09:01:00.000Z' },
    ])
  })

  it('revives a reminder that gave up while its booking stands at that time, and skips one whose booking has moved', async () => {
    const { db } = temporaryDatabase()
    const transport = memoryTransport()
    const { booking: standing } = bookAt(db, '10:00', 'mette@eksempel.dk')
    const { booking: moving } = bookAt(db, '11:00', 'bo@eksempel.dk')
    await deliverBookingEmails({ db, transport, clock: () => NOW })
    // Both reminders gave up (the provider was down the day before), then Bo moved his booking.
    setEffects(db, 'booking-email', { status: 'failed', attempts: 10, lastError: 'udbyderen svarer ikke', nextAttemptAt: null }, payloadIs('kind', 'paamindelse'))
    const movedAt = new Date('2026-04-19T17:00:00Z')
    expect(moveBooking(db, { id: moving.id, availability, date: '2026-04-27', time: '09:00', now: movedAt }).status).toBe('flyttet')
    await deliverBookingEmails({ db, transport, clock: () => movedAt })
    transport.sent.length = 0
    expect(await deliverBookingEmails({ db, transport, clock: () => movedAt, force: true })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(transport.sent.map((email) => [email.to, email.subject])).toEqual([['mette@eksempel.dk', 'Påmindelse: din samtale mandag 20. april kl. 10.00']])
    expect(rowsOf(db, 'paamindelse').map(({ bookingId, startsAt, status }) => ({ bookingId, startsAt, status }))).toEqual([
      { bookingId: standing.id, startsAt: '2026-04-20T08:00:00.000Z', status: 'sent' },
      { bookingId: moving.id, startsAt: '2026-04-20T09:00:00.000Z', status: 'skipped' },
      // The reminder of the new time waits for its time.
      { bookingId: moving.id, startsAt: '2026-04-27T07:00:00.000Z', status: 'pending' },
    ])
  })
})

describe('two delivery runs at once', () => {
  it('send each e-mail once, and both finish, when one starts while the other is sending', async () => {
    const { db } = temporaryDatabase()
    bookAt(db, '10:00', 'mette@eksempel.dk')
    const sent: string[] = []
    let second: Promise<unknown> | undefined
    // The background job starts its run while the booking's own run waits for the provider.
    const transport: MailTransport = {
      name: 'langsom',
      async send(email) {
        if (!second) {
          second = deliverBookingEmails({ db, transport, clock: () => NOW })
          await second
        }
        sent.push(email.idempotencyKey)
      },
    }
    const first = deliverBookingEmails({ db, transport, clock: () => NOW })
    await expect(first).resolves.toEqual({ tried: 1, delivered: 1, failed: 0 })
    await expect(second).resolves.toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(sent.slice().sort()).toEqual(rowsOf(db, 'bekraeftelse').map((email) => email.idempotencyKey).sort())
    expect(rowsOf(db, 'bekraeftelse').map(({ status, attempts }) => ({ status, attempts }))).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'sent', attempts: 1 },
    ])
  })
})
