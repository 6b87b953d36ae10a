import { ICalCalendarMethod } from 'ical-generator'
import { getDb } from '#db/connection'
import { visitorCalendar } from '~/server/booking/booking-mail.server'
import { findByToken } from '~/server/booking/bookings.server'
import { isTokenShaped } from '~/server/links/links.server'

/** `/booking/<token>/kalender.ics`: the booking as it stands, to import into any calendar app (PUBLISH, never cached). */
export function visitorCalendarFile(token: string) {
  const booking = isTokenShaped(token) ? findByToken(getDb(), token) : undefined
  const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }
  if (!booking || booking.status !== 'bekraeftet') return new Response('Siden findes ikke.', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
  const body = visitorCalendar(booking, { sequence: booking.sequence, stamp: booking.updatedAt, startsAt: booking.startsAt, endsAt: booking.endsAt }, ICalCalendarMethod.PUBLISH)
  return new Response(body, { headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="samtale.ics"' } })
}
