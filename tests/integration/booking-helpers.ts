import ICAL from 'ical.js'
import type { Db } from '#db/database'
import { bookings } from '#db/schema'
import type { Availability } from '~/lib/booking/availability-schema'
import type { BookingDetails } from '~/lib/booking/booking-schema'
import { checkAvailabilityText } from '~/server/booking/availability.server'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'
import { effectsOf } from '../outbox-rows'

/** Mondays 09:00–11:00 and 10:15 (to show the overlap check), 30 minutes, 15 minutes' buffer. */
export const TEST_FILE = `varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
afbud_senest: 12 timer
uge:
  mandag: ["09:00", "10:00", "10:15", "11:00"]
`

export function testAvailability(text = TEST_FILE): Availability {
  const result = checkAvailabilityText(text)
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return result.availability
}

/** Monday 20 April 2026, 10:00 dansk tid, is 08:00Z; "now" is well inside notice and window. */
export const NOW = new Date('2026-04-10T09:00:00Z')
export const MONDAY = '2026-04-20'

export const details = (email = 'mette@eksempel.dk'): BookingDetails => ({ navn: 'Mette Sørensen', email, telefon: '20 30 40 50', form: 'telefon', besked: '' })

/** A transport that keeps what it was given; `failing` makes every send fail like an outage. */
export function memoryTransport({ failing = false } = {}) {
  const sent: Email[] = []
  const transport: MailTransport & { sent: Email[]; failing: boolean } = {
    name: 'memory',
    sent,
    failing,
    async send(email) {
      if (transport.failing) throw new Error('udbyderen svarer ikke')
      sent.push(email)
    },
  }
  return transport
}

export type Invitation = { method: string; uid: string; sequence: number; status: string; start: string; end: string; organizer: string; attendee: string }

/** An .ics read with an iCalendar parser, as a calendar would read it. */
export function readInvitation(text: string): Invitation {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = calendar.getFirstSubcomponent('vevent')!
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString()
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
    start: time('dtstart'),
    end: time('dtend'),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendee: String(event.getFirstPropertyValue('attendee')),
  }
}

/** Every booking and every booking e-mail, to show that something changed nothing. */
export const snapshot = (db: Db) => JSON.stringify([db.select().from(bookings).all(), effectsOf(db, 'booking-email')])
