import { and, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { bookkeepingDocuments, orders } from '#db/schema'
import { toLocal } from '~/lib/booking/time'

/**
 * How long the money records are kept: bogføringsloven keeps receipts, credit notes and the orders
 * and refunds behind them for five years after the end of the financial year (her financial year
 * is the calendar year), whatever the privacy policy's shorter periods for bookings and messages
 * say. A document of 2026 is kept until 31 December 2031 and deleted from 1 January 2032.
 */
export const RETENTION_YEARS_AFTER_FINANCIAL_YEAR = 5

const withoutDocuments = notExists(sql`(select 1 from ${bookkeepingDocuments} where ${bookkeepingDocuments.orderId} = ${orders.id})`)

/**
 * The purge of the money records, run with the other purges: documents past their five years, then
 * the orders (with their refunds) that no document needs any more. An order that never got a
 * receipt (never paid) is not a bookkeeping record: it goes with the bookings, `unpaidDays` after
 * it last changed, unless a payment may still arrive for it.
 */
export function purgeBookkeeping(db: Db, now: Date, unpaidDays: number) {
  const year = Number(toLocal(now).date.slice(0, 4))
  // issued_at is UTC; a document issued on New Year's Eve after 23.00 UTC belongs to the next Danish year,
  // so the cut is made at the start of the Danish year that may now be deleted.
  const lastDeletableYear = year - RETENTION_YEARS_AFTER_FINANCIAL_YEAR - 1
  const cut = new Date(`${lastDeletableYear + 1}-01-01T00:00:00+01:00`).toISOString()
  return db.$client
    .transaction(() => {
      const documents = db.delete(bookkeepingDocuments).where(lt(bookkeepingDocuments.issuedAt, cut)).returning({ id: bookkeepingDocuments.id }).all().length
      const paid = db
        .delete(orders)
        .where(and(isNotNull(orders.paidAt), withoutDocuments))
        .returning({ id: orders.id })
        .all().length
      const unpaidCut = new Date(now.getTime() - unpaidDays * 86_400_000).toISOString()
      const unpaid = db
        .delete(orders)
        .where(and(isNull(orders.paidAt), withoutDocuments, lt(orders.updatedAt, unpaidCut), mayNotBePaidAnyMore))
        .returning({ id: orders.id })
        .all().length
      return { documents, orders: paid + unpaid }
    })
    .immediate()
}

/** An order no payment can still arrive for: not awaiting a payment at Stripe. */
const mayNotBePaidAnyMore = sql`not (${orders.status} = 'awaiting_payment' and ${orders.stripeSessionId} is not null)`

/**
 * Erasure of one person's orders (desk and contact:delete): an order with a receipt is a
 * bookkeeping record and stays, with its documents and refunds, until the purge deletes it; every
 * other order of theirs goes now (unless a payment may still arrive for it). Says how many
 * documents were kept, for the answer to the coach.
 */
export function eraseOrders(db: Db, email: string) {
  const key = email.trim().toLowerCase()
  return db.$client
    .transaction(() => {
      const mine = sql`lower(${orders.customerEmail}) = ${key}`
      const deleted = db.delete(orders).where(and(mine, withoutDocuments, mayNotBePaidAnyMore)).returning({ id: orders.id }).all().length
      const keptOrders = db.select({ id: orders.id }).from(orders).where(mine).all()
      const keptDocuments =
        keptOrders.length === 0
          ? 0
          : db
              .select({ id: bookkeepingDocuments.id })
              .from(bookkeepingDocuments)
              .where(inArray(bookkeepingDocuments.orderId, keptOrders.map((order) => order.id)))
              .all().length
      return { deletedOrders: deleted, keptDocuments }
    })
    .immediate()
}

/** One person's orders (by e-mail, whatever its case), for contact:delete's list. */
export const ordersOf = (db: Db, email: string) =>
  db
    .select()
    .from(orders)
    .where(sql`lower(${orders.customerEmail}) = ${email.trim().toLowerCase()}`)
    .all()

/** The Danish sentence that says what an erasure kept, and why. */
export const keptForBookkeeping = (documents: number) =>
  documents === 0
    ? ''
    : `${documents === 1 ? 'Én kvittering eller kreditnota' : `${documents} kvitteringer og kreditnotaer`} med ordrerne bag dem er gemt, fordi bogføringsloven kræver det: de slettes af sig selv fem år efter udgangen af det regnskabsår, de hører til.`

