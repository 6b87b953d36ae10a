/**
 * `npm run contact:show -- <nr>`: one contact message in full, as the coach reads it: who wrote,
 * how to reach them, what they asked about, the text with its paragraphs, and whether the e-mails
 * about it went out. The number is the one `npm run contact:list` shows.
 */
import { closeDb } from '#db/connection'
import { serviceTypeLabels } from '~/lib/contact'
import { messageById } from '~/server/contact/contact-admin.server'
import { databaseName, deliveredText, receivedFormat, requireDatabase, statusText } from './lib/contact-database.ts'
import { quantity } from './lib/quantity.ts'

const argument = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
const id = Number(argument?.replace(/^nr\.?/i, ''))
if (!Number.isInteger(id) || id < 1) {
  console.error('Angiv beskedens nummer fra npm run contact:list, fx: npm run contact:show -- 12')
  process.exit(2)
}
requireDatabase('contact:show')
const message = messageById(id)
closeDb()
if (!message) {
  console.error(`Der er ingen besked nr. ${id} i databasen ${databaseName()}. Se numrene med npm run contact:list.`)
  process.exit(1)
}

const delivery =
  message.status === 'sent'
    ? `${deliveredText(message)}${message.sentAt ? ` ${receivedFormat.format(new Date(message.sentAt))}` : ''}`
    : `${statusText[message.status]} (${quantity(message.attempts, 'forsøg', 'forsøg')}${message.lastError ? `, sidste fejl: ${message.lastError}` : ''}) – ${message.status === 'failed' ? 'siden har opgivet; tryk »Prøv igen nu« på skrivebordet' : 'siden prøver igen af sig selv; »Prøv igen nu« på skrivebordet gør det med det samme'}`
const serviceType = serviceTypeLabels[message.serviceType as keyof typeof serviceTypeLabels] ?? 'Ikke angivet'
const fields: Array<[string, string]> = [
  ['Fra', `${message.firstName} ${message.lastName}`],
  ['E-mail', message.email],
  ['Telefon', message.phone || 'Ikke angivet'],
  ['Type ydelse', serviceType],
  ['Adresse', message.address || 'Ikke angivet'],
  ['E-mails', delivery],
]
const width = Math.max(...fields.map(([label]) => label.length)) + 2
console.log(`Besked nr. ${message.id}, modtaget ${receivedFormat.format(new Date(message.createdAt))}\n`)
for (const [label, value] of fields) console.log(`${`${label}:`.padEnd(width)}${value}`)
// The visitor's own line breaks and paragraphs, as they wrote them.
console.log(`\n${message.message.replace(/\r\n?/g, '\n').trim()}\n`)
console.log(`Database: ${databaseName()}`)
