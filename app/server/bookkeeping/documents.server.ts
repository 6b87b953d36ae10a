import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, type BookkeepingDocument, type Order, type OrderRefund, bookkeepingDocuments, documentSeries, orderRefunds } from '#db/schema'
import { formatDateWithYear, formatPeriodWithYear, toLocal } from '~/lib/booking/time'
import type { Site } from '~/lib/content/content-types'

/**
 * Receipts and credit notes (momsbekendtgørelsen § 58, § 64 for simplified invoices): issued in
 * the transaction of the payment or the refund they record, numbered from one gapless series per
 * calendar year (`2026-0001`), with every field frozen in a snapshot when issued. Nothing here
 * reads the booking or her facts again: a document shows what it showed the day it was issued.
 */

export type DocumentKind = BookkeepingDocument['kind']

/** Everything a document shows, as it was when issued. Amounts in øre. */
export type DocumentSnapshot = {
  kind: DocumentKind
  number: string
  /** The Danish date of issue, `YYYY-MM-DD`. */
  issueDate: string
  seller: { name: string; street: string; postalCode: string; city: string; cvr: string; email: string }
  vatRegistered: boolean
  buyer: { name: string; email: string }
  description: string
  /** The date of delivery in words: the session's time, or the day of payment when nothing is booked yet. */
  delivery: string
  totalOere: number
  vatOere: number
  exclVatOere: number
  /** 25 while registered; 0 (and no moms lines at all) while not. */
  vatRatePercent: 25 | 0
  stripePaymentId: string | null
  orderCode: string
  /** A credit note: the receipt it corrects, and why. */
  credits?: { number: string; issueDate: string }
  reason?: string
}

/** The Danish standard rate. */
export const VAT_RATE_PERCENT = 25

/**
 * The one place moms is worked out: of a price including moms, the moms is 20 % (25 % of the price
 * without it), rounded to whole øre; the price without moms is what is left, so the two always add
 * up to the price. Not registered: no moms at all.
 */
export function splitVat(totalOere: number, vatRegistered: boolean) {
  const vatOere = vatRegistered ? Math.round(totalOere / 5) : 0
  return { totalOere, vatOere, exclVatOere: totalOere - vatOere, vatRatePercent: vatRegistered ? VAT_RATE_PERCENT : 0 } as const
}

/** `2026-0001`: the year and the number within it, four digits (more when a year needs them). */
export const documentNumber = (year: number, sequence: number) => `${year}-${String(sequence).padStart(4, '0')}`

/**
 * The next number of the year, taken inside the caller's transaction: the counter row is raised and
 * read in one statement, so two issuers in two processes cannot read the same last number (the
 * caller's IMMEDIATE transaction holds the write lock), and a rollback undoes the raise with the document.
 */
function nextNumber(db: Db, year: number) {
  const row = db
    .insert(documentSeries)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: documentSeries.year, set: { lastNumber: sql`${documentSeries.lastNumber} + 1` } })
    .returning()
    .get()
  return documentNumber(year, row.lastNumber)
}

const sellerOf = (site: Site): DocumentSnapshot['seller'] => ({ name: site.name, street: site.address.street, postalCode: site.address.postalCode, city: site.address.city, cvr: site.cvr, email: site.email })

function insertDocument(db: Db, snapshot: DocumentSnapshot, order: Order, issuedAt: Date, refund?: OrderRefund) {
  return db
    .insert(bookkeepingDocuments)
    .values({
      number: snapshot.number,
      kind: snapshot.kind,
      orderId: order.id,
      refundId: refund?.id ?? null,
      creditedNumber: snapshot.credits?.number ?? null,
      issuedAt: issuedAt.toISOString(),
      totalOere: snapshot.totalOere,
      vatOere: snapshot.vatOere,
      exclVatOere: snapshot.exclVatOere,
      stripePaymentId: snapshot.stripePaymentId,
      snapshot,
    })
    .returning()
    .get()
}

/**
 * Issues the receipt of a paid order, inside the fulfilment's transaction: whatever the order
 * bought (a session, a package), described from the order's own stored name and amount. The
 * booking, when there is one, gives the date of delivery; the snapshot keeps it, so the booking
 * may be erased later without the receipt losing anything.
 */
export function issueReceipt(db: Db, order: Order, booking: Pick<Booking, 'startsAt' | 'endsAt'> | undefined, site: Site, now: Date) {
  const issueDate = toLocal(now).date
  const snapshot: DocumentSnapshot = {
    kind: 'kvittering',
    number: nextNumber(db, Number(issueDate.slice(0, 4))),
    issueDate,
    seller: sellerOf(site),
    vatRegistered: site.vat.registered,
    buyer: { name: order.customerName, email: order.customerEmail },
    description: order.sessionName,
    delivery: booking ? `${formatPeriodWithYear(new Date(booking.startsAt), new Date(booking.endsAt))} (dansk tid)` : formatDateWithYear(issueDate),
    ...splitVat(order.amountOere, site.vat.registered),
    stripePaymentId: order.stripePaymentIntent,
    orderCode: order.publicId,
  }
  return insertDocument(db, snapshot, order, now)
}

/** Why money went back, in the words of a credit note. */
export function refundReason(cause: string) {
  if (cause === 'fortrydelse') return 'Fortrydelse (forbrugeraftaleloven)'
  if (cause === 'afbud') return 'Afbud efter vilkårene'
  if (cause === 'coach-aflyste') return 'Sessionen blev aflyst af sælger'
  if (cause === 'tiden-var-givet-vaek') return 'Betalingen kom, efter at tiden var givet til en anden'
  return 'Tilbagebetaling efter aftale'
}

/**
 * Issues the credit note of a refund, in the transaction that records the refund: its own number
 * from the same series, naming the receipt it corrects, with the receipt's seller, buyer, service
 * and moms status (a credit note corrects that receipt, whatever her facts say today).
 */
export function issueCreditNote(db: Db, order: Order, refund: OrderRefund, now: Date) {
  const receipt = receiptOf(db, order.id)
  if (!receipt) throw new Error(`order ${order.publicId} has no receipt to credit`)
  const original = receipt.snapshot as DocumentSnapshot
  const issueDate = toLocal(now).date
  const snapshot: DocumentSnapshot = {
    ...original,
    kind: 'kreditnota',
    number: nextNumber(db, Number(issueDate.slice(0, 4))),
    issueDate,
    ...splitVat(refund.amountOere, original.vatRegistered),
    credits: { number: original.number, issueDate: original.issueDate },
    reason: refundReason(refund.cause),
  }
  return insertDocument(db, snapshot, order, now, refund)
}

export const receiptOf = (db: Db, orderId: number) =>
  db
    .select()
    .from(bookkeepingDocuments)
    .where(and(eq(bookkeepingDocuments.orderId, orderId), eq(bookkeepingDocuments.kind, 'kvittering')))
    .get()

export const documentsOfOrder = (db: Db, orderId: number) => db.select().from(bookkeepingDocuments).where(eq(bookkeepingDocuments.orderId, orderId)).orderBy(asc(bookkeepingDocuments.id)).all()

/** The credit note of an order's refund for one cause (the refund e-mail attaches it). */
export function creditNoteFor(db: Db, orderId: number, cause: string) {
  const refund = db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.cause, cause)))
    .get()
  return refund && db.select().from(bookkeepingDocuments).where(eq(bookkeepingDocuments.refundId, refund.id)).get()
}

/** A month as `YYYY-MM`, checked; undefined when it is not one. */
export function parseMonth(value: string) {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value.trim())
  return match ? { year: Number(match[1]), month: Number(match[2]), text: match[0] } : undefined
}

/** Every document issued in a month (its Danish dates), in number order. */
export function documentsIssuedIn(db: Db, month: { year: number; month: number }) {
  const first = `${month.year}-${String(month.month).padStart(2, '0')}-01`
  const next = month.month === 12 ? `${month.year + 1}-01-01` : `${month.year}-${String(month.month + 1).padStart(2, '0')}-01`
  // issued_at is UTC; the month is Danish: read a day either side, then keep the month's own dates.
  const from = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString()
  const to = new Date(Date.parse(`${next}T00:00:00Z`) + 86_400_000).toISOString()
  return db
    .select()
    .from(bookkeepingDocuments)
    .where(and(gte(bookkeepingDocuments.issuedAt, from), lt(bookkeepingDocuments.issuedAt, to)))
    .orderBy(asc(bookkeepingDocuments.id))
    .all()
    .filter((document) => {
      const date = (document.snapshot as DocumentSnapshot).issueDate
      return date >= first && date < next
    })
}

export const snapshotOf = (document: BookkeepingDocument) => document.snapshot as DocumentSnapshot
