/** `npm run booking:cancel -- <kode>`: cancels a booking for the visitor and sends the cancellation (METHOD:CANCEL). */
import { closeDb, getDb } from '#db/connection'
import { formatPeriod } from '~/lib/booking/time'
import { loadAvailability } from '~/server/booking/availability.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { cancelBooking, findByCode } from '~/server/booking/bookings.server'
import { getMailTransport } from '~/server/contact/mail-transport.server'
import { bookingCodeArgument } from './lib/booking-code.ts'

const code = bookingCodeArgument('booking:cancel')
const booking = findByCode(getDb(), code)
if (!booking) {
  console.error(`Der er ingen booking med nummeret ${code}. npm run booking:list viser bookingerne.`)
  process.exitCode = 1
} else {
  const availability = loadAvailability()
  const outcome = cancelBooking(getDb(), { id: booking.id, by: 'coach', availability: availability.ok ? availability.availability : undefined, now: new Date() })
  const when = formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))
  if (outcome.status === 'aflyst' && 'booking' in outcome) {
    const sent = await deliverBookingEmails({ db: getDb(), transport: getMailTransport(), bookingId: booking.id })
    console.log(`Aflyst: ${booking.name}, ${when}. ${sent.failed === 0 ? `Aflysningen er sendt til ${booking.email}.` : 'E-mailen kunne ikke sendes nu; den sendes igen automatisk (eller med npm run mail:retry).'}`)
  } else if (outcome.status === 'aflyst') {
    console.log(`Bookingen ${code} (${when}) var allerede aflyst.`)
  } else {
    console.error(`Bookingen ${code} (${when}) er allerede overstået og kan ikke aflyses.`)
    process.exitCode = 1
  }
}
closeDb()
