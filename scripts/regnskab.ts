/**
 * `npm run regnskab -- 2026-12`: the month's hand-over to her bookkeeping as one ZIP in the current
 * folder (regnskab-2026-12.zip): a CSV of every receipt and credit note issued in the month and
 * their PDFs. Reads the database only; changes nothing.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { closeDb, getDb } from '#db/connection'
import { formatMonthWithYear } from '~/lib/booking/time'
import { parseMonth } from '~/server/bookkeeping/documents.server'
import { monthArchive } from '~/server/bookkeeping/month-archive.server'
import { databaseName, requireDatabase } from './lib/contact-database.ts'
import { quantity } from './lib/quantity.ts'

const argument = process.argv.slice(2).find((value) => !value.startsWith('--')) ?? ''
const month = parseMonth(argument)
if (!month) {
  console.error(`Skriv måneden som år og måned, fx npm run regnskab -- 2026-12${argument ? ` (»${argument}« er ikke en måned)` : ''}.`)
  process.exit(1)
}
requireDatabase('regnskab')
const archive = await monthArchive(getDb(), month)
const file = resolve(archive.fileName)
const monthName = formatMonthWithYear(month.year, month.month)
writeFileSync(file, archive.zip)
closeDb()
console.log(`Database: ${databaseName()}`)
console.log(
  archive.receipts + archive.creditNotes === 0
    ? `Der er ingen kvitteringer eller kreditnotaer fra ${monthName}. ${file} er skrevet med en tom CSV-fil.`
    : `${quantity(archive.receipts, 'kvittering', 'kvitteringer')} og ${quantity(archive.creditNotes, 'kreditnota', 'kreditnotaer')} fra ${monthName} er lagt i ${file} (CSV-fil og PDF'er). Læs dem ind i dit regnskabsprogram – docs/vejledning.md viser hvordan.`,
)
