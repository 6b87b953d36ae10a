/**
 * `npm run mail:retry`: sends the e-mails of every stored message, booking and newsletter e-mail
 * (a confirmation, a notice of a new article) that is still pending and due. `npm run mail:retry -- --alle` ignores the backoff and tries every pending e-mail now
 * (a reminder still waits for its time).
 */
import { closeDb, getDb } from '#db/connection'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { retryPendingMessages } from '~/server/contact/contact.server'
import { getMailTransport } from '~/server/contact/mail-transport.server'
import { deliverNewsletterEmails } from '~/server/newsletter/newsletter-mail.server'

const force = process.argv.includes('--alle')
const result = await retryPendingMessages({ force })
const bookings = await deliverBookingEmails({ db: getDb(), transport: getMailTransport(), force })
const newsletter = await deliverNewsletterEmails({ db: getDb(), transport: getMailTransport(), force })
console.log(`Beskeder: forsøgt ${result.tried}, sendt ${result.delivered}, fejlet ${result.failed}`)
console.log(`Bookinger: forsøgt ${bookings.tried}, sendt ${bookings.delivered}, fejlet ${bookings.failed}`)
console.log(`Nye artikler og tilmeldinger: forsøgt ${newsletter.tried}, sendt ${newsletter.delivered}, fejlet ${newsletter.failed}`)
closeDb()
if (result.failed + bookings.failed + newsletter.failed > 0) process.exitCode = 1
