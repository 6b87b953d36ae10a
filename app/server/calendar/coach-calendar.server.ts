import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { site } from '~/server/content/content.server'
import type { Booking } from '#db/schema'
import { firstName } from '~/lib/booking/booking-form'
import { deskUrl } from '~/server/links/links.server'

/**
 * The bookings as events in the coach's own calendar: one event per booking under the UID stored
 * with it. The same event goes into the private subscription feed and, with CalDAV, straight into
 * her calendar – and from there to her calendar provider and every device it syncs to. So it
 * carries as little as she needs to see her day: the first name, the kind of conversation and the
 * booking's code with a link to her desk, where the phone number, e-mail and note are (they never
 * leave the site in a calendar).
 */

/** How the conversation takes place, in her words (the visitor's e-mail speaks to the visitor). */
const modeForCoach: Record<Booking['mode'], string> = {
  telefon: 'Telefon – du ringer op (nummeret står på dit skrivebord)',
  video: 'Video – du sender et link til videosamtalen',
  fremmoede: 'Fremmøde hos dig',
}

const location = (booking: Booking) => (booking.mode === 'fremmoede' ? `${site.address.street}, ${site.address.postalCode} ${site.address.city}` : booking.mode === 'telefon' ? 'Telefon' : 'Video')

/** The first word of the name the visitor gave: enough to recognise the appointment. */

function addEvent(calendar: ReturnType<typeof ical>, booking: Booking) {
  const cancelled = booking.status === 'aflyst'
  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    stamp: new Date(booking.updatedAt),
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    summary: `${cancelled ? 'AFLYST: ' : ''}Første samtale: ${firstName(booking.name)}`,
    location: location(booking),
    description: [
      `Form: ${modeForCoach[booking.mode]}`,
      `Bookingnummer: ${booking.publicId}`,
      `Navn, telefon, e-mail og besked: ${deskUrl(`/coach/booking/${booking.publicId}`)}`,
      ...(cancelled ? [`Aflyst af ${booking.cancelledBy === 'coach' ? 'dig' : 'gæsten'}.`] : []),
    ].join('\n'),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
}

const productId = (booking: Booking | undefined) => ({ company: booking?.uid.slice(booking.uid.indexOf('@') + 1) || 'coach-site', product: 'bookinger', language: 'DA' })

/** The subscription feed: METHOD:PUBLISH with every booking given, cancelled ones marked so. */
export function bookingsFeed(list: Booking[]) {
  const calendar = ical({ prodId: productId(list[0]), method: ICalCalendarMethod.PUBLISH, name: `Bookinger – ${site.name}`, timezone: null, ttl: 15 * 60 })
  for (const booking of list) addEvent(calendar, booking)
  return calendar.toString()
}

/** One booking as the calendar object a CalDAV PUT stores (no METHOD: it is the event itself, not a message). */
export function calendarObject(booking: Booking) {
  const calendar = ical({ prodId: productId(booking) })
  addEvent(calendar, booking)
  return calendar.toString()
}
