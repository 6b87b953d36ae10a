/**
 * `npm run contact:delete -- --email navn@eksempel.dk`: erases one person (their right to
 * erasure): their messages in the database and the e-mails about them in the outbox folder.
 */
import { closeDb } from '#db/connection'
import { deletePerson } from '~/server/contact/contact-admin.server'
import { emailArgument } from './lib/email-argument.ts'
import { quantity } from './lib/quantity.ts'

const email = emailArgument('contact:delete')
const dateFormat = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' })
const deleted = await deletePerson(email)
closeDb()

if (deleted.messages.length === 0 && deleted.outboxFiles.length === 0) {
  console.log(`Der er intet gemt om ${email}; intet er slettet.`)
} else {
  console.log(`Slettet om ${email}: ${quantity(deleted.messages.length, 'besked', 'beskeder')} og ${quantity(deleted.outboxFiles.length, 'e-mail', 'e-mails')} i udbakken.`)
  for (const message of deleted.messages) {
    console.log(`- besked fra ${message.firstName} ${message.lastName}, modtaget ${dateFormat.format(new Date(message.createdAt))}`)
  }
  for (const file of deleted.outboxFiles) console.log(`- udbakken: ${file}`)
}
