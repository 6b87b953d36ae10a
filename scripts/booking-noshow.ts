/** `npm run booking:udeblevet -- <kode>`: notes that the visitor did not come (after the start time). */
import { closeDb, getDb } from '#db/connection'
import { formatPeriod } from '~/lib/booking/time'
import { findByCode, markNoShow } from '~/server/booking/bookings.server'
import { bookingCodeArgument } from './lib/booking-code.ts'

const code = bookingCodeArgument('booking:udeblevet')
const booking = findByCode(getDb(), code)
const now = new Date()
if (!booking) {
  console.error(`Der er ingen booking med nummeret ${code}. npm run booking:list viser bookingerne.`)
  process.exitCode = 1
} else if (booking.status !== 'bekraeftet') {
  console.error(`Bookingen ${code} er aflyst; den kan ikke markeres som udeblevet.`)
  process.exitCode = 1
} else if (Date.parse(booking.startsAt) > now.getTime()) {
  console.error(`Samtalen ${formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))} er ikke begyndt endnu.`)
  process.exitCode = 1
} else {
  markNoShow(getDb(), { id: booking.id, now })
  console.log(`Noteret: ${booking.name} kom ikke til samtalen ${formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))}.`)
}
closeDb()
