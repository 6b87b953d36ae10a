/**
 * `npm run contact:export -- --email navn@eksempel.dk`: everything stored about one person, as
 * JSON on standard output (their right of access and to data portability).
 */
import { closeDb } from '#db/connection'
import { exportPerson } from '~/server/contact-admin.server'
import { emailArgument } from './lib/email-argument.ts'

const email = emailArgument('contact:export')
const data = await exportPerson(email)
console.log(JSON.stringify(data, null, 2))
console.error(`${data.messages.length} besked(er) og ${data.emails.length} e-mail(s) om ${email}.`)
closeDb()
