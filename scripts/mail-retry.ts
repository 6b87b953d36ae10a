/**
 * `npm run mail:retry`: sends the e-mails of every stored message and booking that is still pending
 * and due. `npm run mail:retry -- --alle` ignores the backoff and tries every pending e-mail now
 * (a reminder still waits for its time).
 */
import { closeDb, getDb } from '#db/connection'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { retryPendingMessages } from '~/server/contact/contact.server'
import { getMailTransport } from '~/server/contact/mail-transport.server'

const force = process.argv.includes('--alle')
const result = await retryPendingMessages({ force })
const bookings = await deliverBookingEmails({ db: getDb(), transport: getMailTransport(), force })
console.log(`Beskeder: forsøgt ${result.tried}, sendt ${result.delivered}, fejlet ${result.failed}`)
console.log(`Bookinger: forsøgt ${bookings.tried}, sendt ${bookings.delivered}, fejlet ${bookings.failed}`)
closeDb()
if (result.failed + bookings.failed > 0) process.exitCode = 1
