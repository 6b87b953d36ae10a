/**
 * `npm run booking:cancel -- <kode> [--ja]`: cancels a booking for the visitor. It shows the booking
 * and asks first; the cancellation (METHOD:CANCEL with the booking's own UID) and the change in the
 * coach's calendar are sent by the running site, with its settings, not by this command.
 */
import { closeDb, getDb } from '#db/connection'
import { formatPeriod } from '~/lib/booking/time'
import { cancelBooking, findByCode } from '~/server/booking/bookings.server'
import { bookingCodeArgument } from './lib/booking-code.ts'
import { confirmed } from './lib/confirm.ts'
import { whoSends } from './lib/server-sends.ts'

const code = bookingCodeArgument('booking:cancel')
const db = getDb()
const booking = findByCode(db, code)
if (!booking) {
  console.error(`Der er ingen booking med nummeret ${code}. npm run booking:list viser bookingerne.`)
  process.exitCode = 1
} else {
  const when = formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))
  if (booking.status === 'aflyst') console.log(`Bookingen ${code} (${when}) var allerede aflyst.`)
  else if (Date.parse(booking.endsAt) < Date.now()) {
    console.error(`Bookingen ${code} (${when}) er allerede overstået og kan ikke aflyses.`)
    process.exitCode = 1
  } else {
    console.log(`Booking ${code}: ${booking.name} (${booking.email}, ${booking.phone}), ${when}.`)
    if (await confirmed({ question: `Aflys samtalen og send ${booking.name} en aflysning?`, action: 'aflysningen', nothingDone: 'Intet er aflyst', retry: `npm run booking:cancel -- ${code} --ja` })) {
      const outcome = cancelBooking(db, { id: booking.id, by: 'coach', availability: undefined, now: new Date() })
      if (outcome.status === 'aflyst' && 'booking' in outcome) console.log(`Aflyst: ${booking.name}, ${when}. ${whoSends(db, `Aflysningen til ${booking.email}`)}`)
      else console.error(`Bookingen kunne ikke aflyses (${outcome.status}).`)
    }
  }
}
closeDb()
