/**
 * `npm run contact:export -- --email navn@eksempel.dk`: everything stored about one person, as
 * JSON on standard output (their right of access and to data portability). The summary goes to
 * standard error, so `> fil.json` keeps only the data.
 */
import { closeDb } from '#db/connection'
import { exportBookings } from '~/server/booking/booking-admin.server'
import { exportPerson } from '~/server/contact/contact-admin.server'
import { withoutSecrets } from '~/server/links/links.server'
import { emailArgument } from './lib/email-argument.ts'
import { quantity } from './lib/quantity.ts'

const email = emailArgument('contact:export')
const data = withoutSecrets({ ...(await exportPerson(email)), ...(await exportBookings(email)) })
console.log(JSON.stringify(data, null, 2))
// Bookings are named only when there are any, so a contact-only person reads as before.
const bookings = data.bookings.length > 0 ? `, ${quantity(data.bookings.length, 'booking', 'bookinger')}` : ''
const newsletter = data.newsletter.length > 0 ? `, tilmeldt besked om nye artikler${data.newsletter[0]!.confirmedAt ? '' : ' (ikke bekræftet)'}` : ''
console.error(`${quantity(data.messages.length, 'besked', 'beskeder')}${bookings}${newsletter} og ${quantity(data.emails.length + data.bookingEmails.length, 'e-mail', 'e-mails')} i udbakken om ${email}.`)
closeDb()
