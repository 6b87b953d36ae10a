/**
 * `npm run booking:list [-- --alle]`: the coming bookings and those of the past week (or all), with
 * their codes for booking:cancel and booking:udeblevet.
 */
import { closeDb } from '#db/connection'
import { modeLabels } from '~/lib/booking/booking-form'
import { formatPeriod } from '~/lib/booking/time'
import { bookingsForList, undeliveredBookingEmails } from '~/server/booking/booking-admin.server'
import { quantity } from './lib/quantity.ts'
import { printTable } from './lib/table.ts'

const list = bookingsForList({ all: process.argv.includes('--alle') })
if (list.length === 0) console.log('Der er ingen bookinger at vise.')
else {
  printTable(
    list.map((booking) => ({
      kode: booking.publicId,
      tid: formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt)),
      status: booking.status === 'aflyst' ? `aflyst (af ${booking.cancelledBy === 'coach' ? 'dig' : 'gæsten'})` : booking.outcome === 'udeblevet' ? 'udeblevet' : 'bekræftet',
      form: modeLabels[booking.mode].split(' – ')[0]!,
      navn: booking.name,
      telefon: booking.phone,
      'e-mail': booking.email,
    })),
  )
  console.log(`\n${quantity(list.length, 'booking', 'bookinger')}. Aflys: npm run booking:cancel -- <kode> · udeblevet: npm run booking:udeblevet -- <kode>`)
}
const failed = undeliveredBookingEmails()
if (failed > 0) console.log(`\n${quantity(failed, 'e-mail', 'e-mails')} om bookinger er ikke sendt. Kør npm run mail:retry -- --alle for at prøve igen.`)
closeDb()
