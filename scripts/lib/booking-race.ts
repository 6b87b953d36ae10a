import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { startServer } from './server-process.ts'

const EVERY_DAY = `helligdage: åben
uge:
${['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'].map((day) => `  ${day}: ["09:00", "12:00", "15:00"]`).join('\n')}
`

/**
 * Twenty visitors post the same free time at once to a server with two worker processes: the
 * booking transaction and the partial unique index must leave exactly one confirmed booking (its
 * visitor told to look in the e-mail), and every other visitor is sent back to the day with
 * "Tiden blev netop taget".
 */
export async function bookingRace(port: number, env: Record<string, string>, work: string) {
  const file = join(work, 'booking.yaml')
  writeFileSync(file, EVERY_DAY)
  // The twenty come from one address: the per-sender limit (attempts, 6 a day) is not what is raced here.
  const server = await startServer(port, { ...env, BOOKING_FILE: file, WEB_CONCURRENCY: '2', BOOKING_RATE_LIMIT: '1000' })
  try {
    const listing = await (await fetch(`${server.url}/book-samtale`)).text()
    const slotPath = listing.match(/href="(\/book-samtale\/\d{4}-\d{2}-\d{2}T\d{2}(?::|%3A)\d{2})"/)?.[1]
    if (!slotPath) throw new Error('Ingen ledig tid på /book-samtale')
    const form = await (await fetch(`${server.url}${slotPath}`)).text()
    const action = form.match(/<form id="bookingformular"[^>]*action="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&')
    if (!action) throw new Error('Bookingformularens adresse blev ikke fundet')
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const body = new URLSearchParams({ tidspunkt: decodeURIComponent(slotPath.slice('/book-samtale/'.length)), navn: 'Test Person', email: `kaploeb-${i}@eksempel.dk`, telefon: '20 30 40 50', form: 'telefon', besked: '', website: '' })
        const response = await fetch(`${server.url}${action}`, { method: 'POST', body, redirect: 'manual', headers: { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' } })
        await response.arrayBuffer()
        return { status: response.status, location: response.headers.get('location') ?? '' }
      }),
    )
    // A booking is answered »Tjek din e-mail« (the manage link comes by e-mail).
    const booked = results.filter((result) => result.status === 303 && result.location.includes('status=tjek-email')).length
    const taken = results.filter((result) => result.status === 303 && result.location.includes('status=taget')).length
    const db = new Database(env.DATABASE_URL!, { readonly: true })
    const confirmed = (db.prepare("SELECT count(*) AS n FROM bookings WHERE status = 'bekraeftet'").get() as { n: number }).n
    db.close()
    return {
      scenario: '20 samtidige bookinger af én tid, 2 arbejdsprocesser',
      tried: `20 POST af ${decodeURIComponent(slotPath.slice('/book-samtale/'.length))}`,
      found: `${booked} booket, ${taken} »taget«, ${confirmed} bekræftet i databasen, ${results.filter((result) => result.status >= 500).length} × 5xx`,
      ok: booked === 1 && taken === 19 && confirmed === 1,
    }
  } finally {
    await server.stop()
  }
}
