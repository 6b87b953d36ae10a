/**
 * `npm run contact:delete -- --email navn@eksempel.dk`: erases one person (their right to
 * erasure): their messages and bookings in the database and the e-mails about them in the outbox folder.
 */
import { privacy } from '#content/privacy'
import { closeDb } from '#db/connection'
import { formatPeriod } from '~/lib/booking/time'
import { deleteBookings } from '~/server/booking/booking-admin.server'
import { deletePerson } from '~/server/contact/contact-admin.server'
import { emailArgument } from './lib/email-argument.ts'
import { quantity } from './lib/quantity.ts'

const email = emailArgument('contact:delete')
const dateFormat = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' })
const deleted = await deletePerson(email)
const deletedBookings = await deleteBookings(email)
closeDb()

const files = [...deleted.outboxFiles, ...deletedBookings.outboxFiles]
if (deleted.messages.length === 0 && deletedBookings.bookings.length === 0 && files.length === 0) {
  console.log(`Der er intet gemt om ${email}; intet er slettet.`)
} else {
  const bookings = deletedBookings.bookings.length > 0 ? `, ${quantity(deletedBookings.bookings.length, 'booking', 'bookinger')}` : ''
  console.log(`Slettet om ${email}: ${quantity(deleted.messages.length, 'besked', 'beskeder')}${bookings} og ${quantity(files.length, 'e-mail', 'e-mails')} i udbakken.`)
  for (const message of deleted.messages) {
    console.log(`- besked fra ${message.firstName} ${message.lastName}, modtaget ${dateFormat.format(new Date(message.createdAt))}`)
  }
  for (const booking of deletedBookings.bookings) console.log(`- booking ${booking.publicId}: ${formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))}`)
  for (const file of files) console.log(`- udbakken: ${file}`)
}
// The privacy policy promises erasure everywhere: what lies outside the server is the coach's to do.
console.log(
  `Slet også e-mails fra og om ${email} i din indbakke (${privacy.mailbox.name}). ${privacy.mailProvider.name}s log og sikkerhedskopierne sletter dem af sig selv inden for ${privacy.mailProvider.logDays} og ${privacy.backupRetentionDays} dage.`,
)
