import { zipSync, strToU8 } from 'fflate'
import type { Db } from '#db/database'
import type { BookkeepingDocument } from '#db/schema'
import { documentFileName } from '~/server/bookkeeping/document-content.server'
import { documentPdf } from '~/server/bookkeeping/document-pdf.server'
import { documentsIssuedIn, snapshotOf } from '~/server/bookkeeping/documents.server'

/**
 * The monthly hand-over to her bookkeeping (Dinero, Billy, e-conomic): one ZIP with a CSV of every
 * receipt and credit note issued in the month and their PDFs (the vouchers, »bilag«). The CSV is
 * what those systems' import dialogs read: semicolons, UTF-8 with a BOM (so Excel and the
 * importers see æ, ø, å), decimal commas without thousands separators, dates as dd-mm-åååå. A
 * credit note's amounts are negative, so a column sums to the month's net takings.
 */
export const CSV_COLUMNS = ['Nummer', 'Dato', 'Type', 'Kunde', 'Beskrivelse', 'Beløb uden moms', 'Moms', 'I alt', 'Stripe-betalings-id', 'Stripe-gebyr', 'Krediterer'] as const

/** Øre as the importers read an amount: -850,00 (no thousands separator, decimal comma). */
export const csvAmount = (oere: number) => `${oere < 0 ? '-' : ''}${Math.floor(Math.abs(oere) / 100)},${String(Math.abs(oere) % 100).padStart(2, '0')}`

/** `2026-12-07` → `07-12-2026`. */
export const csvDate = (isoDate: string) => isoDate.split('-').reverse().join('-')

/** A field quoted when it must be (a semicolon, a quote or a line break in a name or a text). */
const csvField = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

export function monthCsv(documents: BookkeepingDocument[]) {
  const lines = documents.map((document) => {
    const snapshot = snapshotOf(document)
    const sign = snapshot.kind === 'kreditnota' ? -1 : 1
    return [
      snapshot.number,
      csvDate(snapshot.issueDate),
      snapshot.kind === 'kreditnota' ? 'Kreditnota' : 'Kvittering',
      snapshot.buyer.name,
      snapshot.description,
      csvAmount(sign * snapshot.exclVatOere),
      csvAmount(sign * snapshot.vatOere),
      csvAmount(sign * snapshot.totalOere),
      snapshot.stripePaymentId ?? '',
      // Stripe's fee is not known to the site (it is on her Stripe payout report); left empty.
      '',
      snapshot.credits?.number ?? '',
    ]
      .map(csvField)
      .join(';')
  })
  return `\uFEFF${[CSV_COLUMNS.join(';'), ...lines].join('\r\n')}\r\n`
}

/** The month's archive: `regnskab-2026-12.csv` and `bilag/<type>-<nummer>.pdf` for each document. */
export async function monthArchive(db: Db, month: { year: number; month: number; text: string }) {
  const documents = documentsIssuedIn(db, month)
  const files: Record<string, Uint8Array> = { [`regnskab-${month.text}.csv`]: strToU8(monthCsv(documents)) }
  for (const document of documents) files[`bilag/${documentFileName(snapshotOf(document))}`] = new Uint8Array(await documentPdf(snapshotOf(document)))
  // A fixed time in the archive: the same month gives the same bytes whenever it is made.
  const zip = zipSync(files, { level: 6, mtime: new Date(`${month.text}-01T12:00:00Z`) })
  const creditNotes = documents.filter((document) => document.kind === 'kreditnota').length
  return { zip, receipts: documents.length - creditNotes, creditNotes, fileName: `regnskab-${month.text}.zip` }
}
