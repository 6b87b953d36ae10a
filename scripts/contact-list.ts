/**
 * `npm run contact:list [-- --antal 100 | --alle]`: the most recent contact messages (50 unless
 * told otherwise), each with the start of its text and whether its e-mails went out, and the
 * database they were read from. `npm run contact:show -- <nr>` prints one in full. What is still
 * waiting after a mail outage is revived by `npm run mail:retry -- --alle` (or the desk) and sent by the site.
 */
import { closeDb } from '#db/connection'
import { messageCounts, recentMessages } from '~/server/contact/contact-admin.server'
import { databaseName, deliveredText, receivedFormat, requireDatabase, statusText } from './lib/contact-database.ts'
import { quantity } from './lib/quantity.ts'
import { printTable } from './lib/table.ts'

function limitArgument() {
  if (process.argv.includes('--alle')) return undefined
  const index = process.argv.indexOf('--antal')
  if (index < 0) return 50
  const limit = Number(process.argv[index + 1])
  if (!Number.isInteger(limit) || limit < 1) {
    console.error('Angiv antallet af beskeder som et helt tal, fx: npm run contact:list -- --antal 100 (eller --alle)')
    process.exit(2)
  }
  return limit
}

/** One line per cell, short enough to keep the table readable; contact:show has the full text. */
const cell = (text: string | null, width = 60) => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  return line.length > width ? `${line.slice(0, width - 1)}…` : line
}

const limit = limitArgument()
requireDatabase('contact:list')
const messages = recentMessages({ limit })
const counts = messageCounts()
console.log(`Database: ${databaseName()}\n`)
if (messages.length === 0) console.log('Der er ingen gemte beskeder.')
else {
  printTable(
    messages.map((message) => ({
      nr: message.id,
      modtaget: receivedFormat.format(new Date(message.createdAt)),
      navn: cell(`${message.firstName} ${message.lastName}`, 30),
      'e-mail': cell(message.email, 40),
      telefon: cell(message.phone, 20),
      status: message.status === 'sent' ? deliveredText(message) : cell(`${statusText[message.status]} (${quantity(message.attempts, 'forsøg', 'forsøg')}${message.lastError ? `: ${message.lastError}` : ''})`, 60),
      besked: cell(message.message, 50),
    })),
  )
  console.log('\nHele beskeden: npm run contact:show -- <nr>')
  if (messages.length < counts.total) {
    console.log(`Viser de ${messages.length} nyeste af ${quantity(counts.total, 'besked', 'beskeder')}; alle: npm run contact:list -- --alle`)
  }
}
if (counts.undelivered > 0) {
  console.log(
    `\nE-mailene om ${quantity(counts.undelivered, 'besked', 'beskeder')} er ikke sendt endnu (status »venter«, »sendes« eller »opgivet«). Tryk »Prøv igen nu« på skrivebordet, eller kør npm run mail:retry -- --alle, så prøver siden igen med det samme.`,
  )
}
closeDb()
