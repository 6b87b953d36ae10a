/**
 * `npm run contact:list [-- --antal 100]`: the most recent contact messages and whether their
 * e-mails went out. A message still "venter" after a mail outage is sent by `npm run mail:retry`.
 */
import { closeDb } from '#db/connection'
import { recentMessages } from '~/server/contact-admin.server'
import { printTable } from './lib/table.ts'

const statusText = { pending: 'venter', sending: 'sendes', sent: 'sendt', failed: 'opgivet' } as const
const limitArgument = process.argv.indexOf('--antal')
const limit = limitArgument > 0 ? Number(process.argv[limitArgument + 1]) : 50
const dateFormat = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' })

const messages = recentMessages({ limit: Number.isInteger(limit) && limit > 0 ? limit : 50 })
if (messages.length === 0) console.log('Der er ingen gemte beskeder.')
else
  printTable(
    messages.map((message) => ({
      modtaget: dateFormat.format(new Date(message.createdAt)),
      navn: `${message.firstName} ${message.lastName}`,
      'e-mail': message.email,
      status: statusText[message.status],
      forsøg: message.attempts,
      'sidste fejl': message.lastError ?? '',
    })),
  )
const waiting = messages.filter((message) => message.status === 'pending' || message.status === 'failed').length
if (waiting > 0) console.log(`\n${waiting} besked(er) venter på at blive sendt: kør npm run mail:retry (eller npm run mail:retry -- --alle).`)
closeDb()
