import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { site } from '#content/site'
import type { Booking } from '#db/schema'
import { modeLabels } from '~/lib/booking/booking-form'

/**
 * The bookings as events in the coach's own calendar: one event per booking under the UID stored
 * with it, with what she needs to call or meet the visitor. The same event goes into the private
 * subscription feed and, with CalDAV, straight into her calendar.
 */

const location = (booking: Booking) =>
  booking.mode === 'fremmoede' ? `${site.address.street}, ${site.address.postalCode} ${site.address.city}` : booking.mode === 'telefon' ? `Telefon: ${booking.phone}` : 'Video'

function addEvent(calendar: ReturnType<typeof ical>, booking: Booking) {
  const cancelled = booking.status === 'aflyst'
  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    stamp: new Date(booking.updatedAt),
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    summary: `${cancelled ? 'AFLYST: ' : ''}Første samtale: ${booking.name}`,
    location: location(booking),
    description: [
      `Navn: ${booking.name}`,
      `Telefon: ${booking.phone}`,
      `E-mail: ${booking.email}`,
      `Form: ${modeLabels[booking.mode]}`,
      ...(booking.note ? [`Besked: ${booking.note}`] : []),
      `Bookingnummer: ${booking.publicId}`,
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
