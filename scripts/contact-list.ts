/**
 * `npm run contact:list [-- --antal 100 | --alle]`: the most recent contact messages (50 unless
 * told otherwise) and whether their e-mails went out. What is still waiting after a mail outage is
 * sent by `npm run mail:retry -- --alle`.
 */
import { closeDb } from '#db/connection'
import { messageCounts, recentMessages } from '~/server/contact/contact-admin.server'
import { quantity } from './lib/quantity.ts'
import { printTable } from './lib/table.ts'

const statusText = { pending: 'venter', sending: 'sendes', sent: 'sendt', failed: 'opgivet' } as const
const dateFormat = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' })

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

/** One line per cell, short enough to keep the table readable; the full text is in contact:export. */
const cell = (text: string | null, width = 60) => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  return line.length > width ? `${line.slice(0, width - 1)}…` : line
}

const messages = recentMessages({ limit: limitArgument() })
const counts = messageCounts()
if (messages.length === 0) console.log('Der er ingen gemte beskeder.')
else {
  printTable(
    messages.map((message) => ({
      modtaget: dateFormat.format(new Date(message.createdAt)),
      navn: cell(`${message.firstName} ${message.lastName}`, 40),
      'e-mail': cell(message.email),
      status: statusText[message.status],
      forsøg: message.attempts,
      'sidste fejl': cell(message.lastError),
    })),
  )
  if (messages.length < counts.total) {
    console.log(`\nViser de ${messages.length} nyeste af ${quantity(counts.total, 'besked', 'beskeder')}; alle: npm run contact:list -- --alle`)
  }
}
if (counts.undelivered > 0) {
  console.log(
    `\nE-mailene om ${quantity(counts.undelivered, 'besked', 'beskeder')} er ikke sendt endnu (status »venter«, »sendes« eller »opgivet«). Kør npm run mail:retry -- --alle for at sende dem nu.`,
  )
}
closeDb()
