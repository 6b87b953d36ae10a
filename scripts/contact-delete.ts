/**
 * `npm run contact:delete -- --email navn@eksempel.dk`: erases one person (their right to
 * erasure): their messages in the database and the e-mails about them in the outbox folder.
 */
import { closeDb } from '#db/connection'
import { deletePerson } from '~/server/contact-admin.server'
import { emailArgument } from './lib/email-argument.ts'

const email = emailArgument('contact:delete')
const deleted = await deletePerson(email)
console.log(`Slettet ${deleted.messages} besked(er) og ${deleted.outboxFiles} e-mail(s) i udbakken om ${email}.`)
closeDb()
