import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, type PackageCard, bookings, orders, packageCards, packageLedger } from '#db/schema'
import type { PackageType, PaymentTerms, SessionType } from '~/lib/content/content-types'
import { proRataOere } from '~/lib/payments/money'
import { recordDeskEvent } from '~/server/desk/desk-events.server'
import { hashToken } from '~/server/links/links.server'
import { queueEffects } from '~/server/outbox/outbox.server'
import { findOrder, orderEmail } from '~/server/payments/orders.server'
import { queueRefund } from '~/server/payments/refunds.server'
import { withinWithdrawalPeriod } from '~/server/payments/terms.server'

/** What a klippekort's order stored of what was bought: the terms, the session its sessions are, and the package itself. */
export type PackageSnapshot = PaymentTerms & { sessionType: SessionType; packageType: PackageType }

/**
 * A klippekort's balance and every change of it. The balance is a column with a CHECK (never below
 * zero), and a session is taken with a conditional update in the booking's own immediate
 * transaction: two bookings racing for the last session cannot both have it, and a booking that
 * fails for any other reason (the time taken) takes nothing. Each change writes one ledger row.
 */

export const findCardByToken = (db: Db, token: string) => db.select().from(packageCards).where(eq(packageCards.tokenHash, hashToken(token))).get()
export const findCard = (db: Db, id: number) => db.select().from(packageCards).where(eq(packageCards.id, id)).get()
export const ledgerOf = (db: Db, cardId: number) => db.select().from(packageLedger).where(eq(packageLedger.cardId, cardId)).orderBy(asc(packageLedger.id)).all()
export const bookingsOfCard = (db: Db, cardId: number) => db.select().from(bookings).where(eq(bookings.packageCardId, cardId)).orderBy(asc(bookings.startsAt)).all()
export const snapshotOf = (db: Db, card: PackageCard) => findOrder(db, card.orderId)!.termsSnapshot as unknown as PackageSnapshot

/** Whether the card can book now: not withdrawn, not expired (also before the job has marked it). */
export const usable = (card: PackageCard, now: Date) => card.withdrawnAt === null && card.expiredAt === null && now.getTime() < Date.parse(card.expiresAt)

type LedgerCause = (typeof packageLedger.$inferInsert)['cause']

/** Changes a card's balance by `change`, only while it stays at zero or above; undefined when it would not. */
export function changeBalance(db: Db, cardId: number, change: number, cause: LedgerCause, now: Date, extra: { bookingId?: number; reason?: string } = {}) {
  const changed = db
    .update(packageCards)
    .set({ remaining: sql`${packageCards.remaining} + ${change}` })
    .where(and(eq(packageCards.id, cardId), sql`${packageCards.remaining} + ${change} >= 0`))
    .returning()
    .get()
  if (!changed) return undefined
  db.insert(packageLedger).values({ cardId, change, cause, bookingId: extra.bookingId ?? null, reason: extra.reason ?? null, createdAt: now.toISOString() }).run()
  return changed
}


/**
 * Inside the transaction that cancels a card's booking (bookings.server.ts, cancelBooking): the
 * session comes back when the coach cancels, and when the client cancels within the terms – within
 * the withdrawal period before the session, or at least the terms' hours before it. Later, the
 * session is used. A withdrawn or expired card gets nothing back (it has nothing left to use it for).
 */
export function settleCardBooking(db: Db, booking: Booking, by: 'gaest' | 'coach', now: Date) {
  const card = booking.packageCardId === null ? undefined : findCard(db, booking.packageCardId)
  if (!card) return undefined
  const decision = sessionBack(db, card, booking, by, now)
  if (decision.back && card.withdrawnAt === null && card.expiredAt === null) changeBalance(db, card.id, 1, by === 'coach' ? 'coach-aflyste' : 'afbud', now, { bookingId: booking.id })
  return decision
}

/** Whether cancelling now gives the session back, and why (also what the manage page says before she cancels). */
export function sessionBack(db: Db, card: PackageCard, booking: Pick<Booking, 'startsAt'>, by: 'gaest' | 'coach', now: Date) {
  if (by === 'coach') return { back: true, reason: 'jeg har aflyst' }
  const order = findOrder(db, card.orderId)!
  const start = Date.parse(booking.startsAt)
  if (withinWithdrawalPeriod(order, now) && now.getTime() < start) return { back: true, reason: 'du er inden for fortrydelsesfristen' }
  const hours = (order.termsSnapshot as unknown as PackageSnapshot).cancelHours
  if (now.getTime() <= start - hours * 3_600_000) return { back: true, reason: `mindst ${hours} timer før sessionen` }
  return { back: false, reason: `senere end ${hours} timer før sessionen` }
}

/**
 * Cards past their validity: marked expired, the unused sessions taken off (one ledger row) and,
 * when her terms say so (»klippekort_refusion_ved_udloeb«, stored with the order), paid back pro
 * rata through the one refund function. Run by the job runner; each card in its own transaction.
 */
export function expireCards(db: Db, now: Date) {
  const due = db
    .select({ id: packageCards.id })
    .from(packageCards)
    .where(and(isNull(packageCards.expiredAt), isNull(packageCards.withdrawnAt), lte(packageCards.expiresAt, now.toISOString())))
    .all()
  let refunded = 0
  for (const { id } of due) {
    db.$client
      .transaction(() => {
        const card = findCard(db, id)!
        if (card.expiredAt !== null || card.withdrawnAt !== null) return
        const unused = card.remaining
        db.update(packageCards).set({ expiredAt: now.toISOString() }).where(eq(packageCards.id, id)).run()
        if (unused === 0) return
        changeBalance(db, id, -unused, 'udloebet', now)
        const order = findOrder(db, card.orderId)!
        if (!(order.termsSnapshot as unknown as PackageSnapshot).refundExpiredPackages) return
        const amount = proRataOere(order.amountOere, unused, card.total)
        if (queueRefund(db, order, 'klippekort-udloebet', amount, now)) {
          queueEffects(db, [orderEmail(order, 'refusion', { amountOere: amount }, '-udloebet')], now)
          refunded++
        }
      })
      .immediate()
  }
  return { expired: due.length, refunded }
}

/** How many of a card's confirmed sessions have not begun: a withdrawal cancels them and counts them unused. */
export const upcomingOf = (db: Db, cardId: number, now: Date) =>
  db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.packageCardId, cardId), eq(bookings.status, 'bekraeftet'), gt(bookings.startsAt, now.toISOString()))).all().length

export type CardWithdrawOutcome = { status: 'fortrudt'; refundOere: number; used: number } | { status: 'allerede-fortrudt' | 'frist-udloebet' }

/**
 * The withdrawal of a klippekort (§ 20 a, from its order's page): within 14 days of the purchase,
 * the upcoming sessions are cancelled (their sessions come back, as any cancellation in the
 * period), and the unused sessions are paid back pro rata – the held ones were started at her
 * express request and are paid for (§ 25). One transaction; the refund through the refund function.
 */
export function withdrawCard(db: Db, orderId: number, now: Date, cancel: (booking: Booking) => void): CardWithdrawOutcome {
  return db.$client
    .transaction((): CardWithdrawOutcome => {
      const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
      const card = order && db.select().from(packageCards).where(eq(packageCards.orderId, order.id)).get()
      if (!order || !card || order.withdrawnAt || card.withdrawnAt) return { status: 'allerede-fortrudt' }
      if (!withinWithdrawalPeriod(order, now)) return { status: 'frist-udloebet' }
      const upcoming = db.select().from(bookings).where(and(eq(bookings.packageCardId, card.id), eq(bookings.status, 'bekraeftet'), gt(bookings.startsAt, now.toISOString()))).all()
      for (const booking of upcoming) cancel(booking)
      const unused = findCard(db, card.id)!.remaining
      if (unused > 0) changeBalance(db, card.id, -unused, 'fortrudt', now)
      db.update(packageCards).set({ withdrawnAt: now.toISOString() }).where(eq(packageCards.id, card.id)).run()
      db.update(orders).set({ withdrawnAt: now.toISOString() }).where(eq(orders.id, order.id)).run()
      const refundOere = proRataOere(order.amountOere, unused, card.total)
      if (refundOere > 0) queueRefund(db, findOrder(db, order.id)!, 'fortrydelse', refundOere, now)
      queueEffects(db, [orderEmail(order, 'fortrydelse', { amountOere: refundOere, at: now.toISOString() })], now)
      return { status: 'fortrudt', refundOere, used: card.total - Math.min(unused, card.total) }
    })
    .immediate()
}

export type AdjustOutcome = { status: 'justeret'; card: PackageCard } | { status: 'ingen-klip' | 'mangler-grund' | 'ukendt' }

/** The coach adds or removes one session on her desk, with her reason on the ledger row (never below zero). */
export function adjustCard(db: Db, { cardId, change, reason, now }: { cardId: number; change: 1 | -1; reason: string; now: Date }): AdjustOutcome {
  const why = reason.trim().slice(0, 200)
  if (why === '') return { status: 'mangler-grund' }
  return db.$client
    .transaction((): AdjustOutcome => {
      const card = findCard(db, cardId)
      if (!card) return { status: 'ukendt' }
      const changed = changeBalance(db, cardId, change, change > 0 ? 'coach-tilfoejede' : 'coach-fjernede', now, { reason: why })
      if (!changed) return { status: 'ingen-klip' }
      // The card's code, never her reason: that stays on the ledger row.
      recordDeskEvent(db, 'klippekort-justeret', now, { bookingCode: card.publicId })
      return { status: 'justeret', card: changed }
    })
    .immediate()
}

/** The cards for the desk, newest first (all, or one client's by e-mail): the balance per purchase; the desk adds them up per client. */
export const cardsFor = (db: Db, emailKey?: string) =>
  db.select().from(packageCards).where(emailKey === undefined ? undefined : eq(packageCards.emailKey, emailKey)).orderBy(sql`${packageCards.createdAt} desc`).all()
