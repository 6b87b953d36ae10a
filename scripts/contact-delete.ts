/**
 * `npm run contact:delete -- --email navn@eksempel.dk [--ja]`: erases one person (their right to
 * erasure): their messages and bookings in the database and the e-mails about them in the outbox folder. It
 * lists what it found and asks before deleting; `--ja` answers yes in advance (for scripts).
 */
import { getPrivacy } from '~/server/content/content.server'
import { closeDb, getDb } from '#db/connection'
import { formatPeriod } from '~/lib/booking/time'
import { bookingsAbout, deleteBookings } from '~/server/booking/booking-admin.server'
import { deletePerson, storedAbout } from '~/server/contact/contact-admin.server'
import { eraseOrders, keptForBookkeeping, ordersOf } from '~/server/bookkeeping/retention.server'
import { databaseName, receivedFormat, requireDatabase } from './lib/contact-database.ts'
import { emailArgument } from './lib/email-argument.ts'
import { confirmed } from './lib/confirm.ts'
import { quantity } from './lib/quantity.ts'
import { whoSends } from './lib/server-sends.ts'

const email = emailArgument('contact:delete')
requireDatabase('contact:delete')

const found = await storedAbout(email)
const foundBookings = await bookingsAbout(email)
const foundOrders = ordersOf(getDb(), email)
if (found.messages.length === 0 && found.newsletter.length === 0 && found.outboxFiles.length === 0 && foundBookings.bookings.length === 0 && foundOrders.length === 0) {
  console.log(`Der er intet gemt om ${email} i databasen ${databaseName()}; intet er slettet.`)
  closeDb()
  process.exit(0)
}

// Bookings are named only when there are any, so a contact-only person reads as before.
const summary = (stored: typeof found, booked: typeof foundBookings) =>
  `${quantity(stored.messages.length, 'besked', 'beskeder')}${booked.bookings.length > 0 ? `, ${quantity(booked.bookings.length, 'booking', 'bookinger')}` : ''} og ${quantity(stored.outboxFiles.length + booked.outboxFiles.length, 'e-mail', 'e-mails')} i udbakken`
const preview = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}
console.log(`Database: ${databaseName()}`)
console.log(`Om ${email} er der gemt ${summary(found, foundBookings)}:`)
for (const message of found.messages) {
  console.log(`- besked nr. ${message.id} fra ${message.firstName} ${message.lastName}, modtaget ${receivedFormat.format(new Date(message.createdAt))}: »${preview(message.message)}«`)
}
for (const subscription of found.newsletter) console.log(`- tilmeldt besked om nye artikler ${receivedFormat.format(new Date(subscription.createdAt))}${subscription.confirmedAt ? '' : ' (ikke bekræftet)'}`)
for (const booking of foundBookings.bookings) console.log(`- booking ${booking.publicId}: ${formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))}`)
for (const file of [...found.outboxFiles, ...foundBookings.outboxFiles]) console.log(`- udbakken: ${file}`)
for (const order of foundOrders) console.log(`- ordre ${order.publicId}: ${order.sessionName}${order.paidAt ? ' (betalt: kvitteringen gemmes, som bogføringsloven kræver)' : ''}`)

const upcoming = foundBookings.bookings.filter((booking) => booking.status === 'bekraeftet' && Date.parse(booking.endsAt) > Date.now())
if (upcoming.length > 0) console.log(`\n${quantity(upcoming.length, 'kommende samtale', 'kommende samtaler')} aflyses først: ${email} får en aflysning, og tiden fjernes fra din kalender.`)
if (!(await confirmed({ question: 'Slet det hele for altid?', action: 'sletning', nothingDone: 'Intet er slettet', retry: `npm run contact:delete -- --email ${email} --ja` }))) {
  closeDb()
  process.exit(process.exitCode ?? 0)
}

const deleted = await deletePerson(email)
const deletedBookings = await deleteBookings(email)
const orders = eraseOrders(getDb(), email)
// An upcoming booking is cancelled first and deleted once its cancellation has gone out.
for (const booking of deletedBookings.cancelled) {
  console.log(`Aflyst først: booking ${booking.publicId}, ${formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))}. Den slettes, så snart aflysningen er sendt. ${whoSends(getDb(), 'Aflysningen')}`)
}
const deletedAtOnce = { ...deletedBookings, bookings: deletedBookings.bookings.filter((booking) => !deletedBookings.cancelled.some((cancelled) => cancelled.id === booking.id)) }
console.log(`Slettet om ${email}${deletedBookings.cancelled.length > 0 ? ' nu' : ''}: ${summary(deleted, deletedAtOnce)}.`)
if (orders.keptDocuments > 0) console.log(keptForBookkeeping(orders.keptDocuments))
closeDb()
// The privacy policy promises erasure everywhere: what lies outside the server is the coach's to do.
const privacy = getPrivacy()
console.log(
  `Slet også e-mails fra og om ${email} i din indbakke (${privacy.mailbox.name}). ${privacy.mailProvider.name}s log sletter dem af sig selv inden for ${privacy.mailProvider.logDays} dage, sikkerhedskopierne inden for ${privacy.backupRetentionDays} dage.`,
)
