import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import { databasePath } from '#db/database'

/**
 * The database the contact tools read, named in what they print: run on the server without the
 * server's DATABASE_URL, they would read (or create) another file and find no messages.
 */
export function databaseName() {
  const path = databasePath()
  const nearby = relative(process.cwd(), path)
  const name = nearby.startsWith('..') ? path : nearby
  return process.env.DATABASE_URL ? name : `${name} (DATABASE_URL er ikke sat, så det er standardfilen)`
}

/** Stops with a Danish hint, rather than creating an empty database where none was. */
export function requireDatabase(command: string) {
  if (existsSync(databasePath())) return
  console.error(`Databasen ${databaseName()} findes ikke; intet er læst eller ændret.`)
  console.error(`Kør kommandoen med samme DATABASE_URL som serveren, fx: DATABASE_URL=/sti/til/site.db npm run ${command}`)
  process.exit(2)
}

export const receivedFormat = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' })
export const statusText = { pending: 'venter', sending: 'sendes', sent: 'sendt', failed: 'opgivet' } as const

/**
 * »sendt« only when the mail provider took the e-mails; »i udbakken« when they were written to the
 * local outbox (no RESEND_API_KEY), where nobody receives them. Messages from before the site
 * noted the difference count as sent.
 */
export function deliveredText(message: { deliveredBy: string | null }) {
  return message.deliveredBy === 'outbox' ? 'i udbakken' : statusText.sent
}
