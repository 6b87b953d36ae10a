import { eq } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, type Order, bookings, orders } from '#db/schema'
import type { PaymentTerms } from '~/lib/content/content-types'
import { formatKroner } from '~/lib/payments/money'
import { queueEffects } from '~/server/outbox/outbox.server'
import { endUnpaidOrder, orderEmail, orderOfBooking } from '~/server/payments/orders.server'
import { queueRefund, refundable } from '~/server/payments/refunds.server'
import { withinWithdrawalPeriod } from '~/server/payments/terms.server'
import { findCard, sessionBack } from '~/server/payments/package-ledger.server'

/**
 * What a cancelled or withdrawn paid session gives back, by the terms stored with its order (never
 * the file's terms of today): the coach's cancellation always everything; the client's within the
 * withdrawal period and before the session everything (a withdrawal, PAYMENTS.md: a lawyer to
 * confirm); after it, everything up to the terms' deadline and the late percentage after it.
 */
const termsOf = (order: Order) => order.termsSnapshot as unknown as PaymentTerms

export type RefundDecision = { amountOere: number; reason: string }

export function refundForCancellation(order: Order, booking: Pick<Booking, 'startsAt'>, by: 'gaest' | 'coach', now: Date): RefundDecision {
  const left = refundable(order)
  if (order.status !== 'paid' && order.status !== 'partially_refunded') return { amountOere: 0, reason: 'ikke betalt' }
  if (by === 'coach') return { amountOere: left, reason: 'jeg har aflyst' }
  const start = Date.parse(booking.startsAt)
  if (withinWithdrawalPeriod(order, now) && now.getTime() < start) return { amountOere: left, reason: 'du er inden for fortrydelsesfristen' }
  const terms = termsOf(order)
  if (now.getTime() <= start - terms.cancelHours * 3_600_000) return { amountOere: left, reason: `mindst ${terms.cancelHours} timer før sessionen` }
  const late = Math.min(left, Math.round((order.amountOere * terms.lateCancelRefundPercent) / 100))
  return { amountOere: late, reason: `senere end ${terms.cancelHours} timer før sessionen: ${terms.lateCancelRefundPercent} %` }
}

/**
 * Called inside the transaction that cancels a booking (bookings.server.ts, cancelBooking): a paid
 * session's order gets the refund its terms give, queued with the cancellation, and the client an
 * e-mail about it; an unpaid order (paid afterwards, not yet paid) simply ends.
 */
export function settleCancelledBooking(db: Db, booking: Booking, by: 'gaest' | 'coach', now: Date) {
  const order = orderOfBooking(db, booking.id)
  if (!order) return undefined
  if (order.status === 'awaiting_payment') {
    endUnpaidOrder(db, order, now)
    return { amountOere: 0, reason: 'ikke betalt' }
  }
  const decision = refundForCancellation(order, booking, by, now)
  const cause = by === 'coach' ? 'coach-aflyste' : 'afbud'
  if (decision.amountOere > 0 && queueRefund(db, order, cause, decision.amountOere, now)) {
    queueEffects(db, [orderEmail(order, 'refusion', { amountOere: decision.amountOere, refundCause: cause }, `-${by}`)], now)
  }
  return decision
}

export type WithdrawOutcome = { status: 'fortrudt'; order: Order; refundOere: number } | { status: 'allerede-fortrudt' | 'frist-udloebet' | 'sessionen-er-begyndt' | 'venter' }

/**
 * The withdrawal function (forbrugeraftaleloven § 20 a): the order's page asks twice, then this
 * ends the agreement in one transaction: the booking is cancelled (its time freed, its e-mails and
 * calendar CANCEL queued), the whole amount refunded (§ 25: the session has not begun) and the
 * acknowledgement, with content, date and time, queued to the client.
 */
export function withdrawOrder(db: Db, orderId: number, now: Date, cancel: (booking: Booking) => void): WithdrawOutcome {
  return db.$client
    .transaction((): WithdrawOutcome => {
      const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
      // A klippekort is withdrawn pro rata (package-cards.server.ts, withdrawCard), never here in full.
      if (order?.packageTypeId) throw new Error(`order ${order.publicId} is a klippekort: withdrawCard withdraws it`)
      if (!order || order.withdrawnAt || order.status === 'refunded' || order.status === 'expired') return { status: 'allerede-fortrudt' }
      if (!withinWithdrawalPeriod(order, now)) return { status: 'frist-udloebet' }
      const booking = order.bookingId === null ? undefined : db.select().from(bookings).where(eq(bookings.id, order.bookingId)).get()
      if (booking && Date.parse(booking.startsAt) <= now.getTime()) return { status: 'sessionen-er-begyndt' }
      // A time still held for its payment is no agreement yet (the page offers no withdrawal then):
      // it ends when its hold runs out, which also frees the time.
      if (booking?.status === 'holdt') return { status: 'venter' }
      const refundOere = order.status === 'awaiting_payment' ? 0 : refundable(order)
      db.update(orders).set({ withdrawnAt: now.toISOString() }).where(eq(orders.id, order.id)).run()
      const current = db.select().from(orders).where(eq(orders.id, order.id)).get()!
      if (refundOere > 0) queueRefund(db, current, 'fortrydelse', refundOere, now)
      else if (current.status === 'awaiting_payment') endUnpaidOrder(db, current, now)
      if (booking?.status === 'bekraeftet') cancel(booking)
      queueEffects(db, [orderEmail(order, 'fortrydelse', { amountOere: refundOere, at: now.toISOString(), ...(refundOere > 0 ? { refundCause: 'fortrydelse' } : {}) })], now)
      return { status: 'fortrudt', order: db.select().from(orders).where(eq(orders.id, order.id)).get()!, refundOere }
    })
    .immediate()
}

/** What the manage page tells a client before she cancels a paid session: what she gets back now, and why. */
export function cancellationRefundNote(db: Db, booking: Booking, now: Date) {
  const card = booking.packageCardId === null ? undefined : findCard(db, booking.packageCardId)
  if (card) {
    const decision = sessionBack(db, card, booking, 'gaest', now)
    return decision.back ? `Aflyser du nu, får du klippet tilbage på dit klippekort (${decision.reason}).` : `Aflyser du nu, er klippet brugt efter vilkårene (${decision.reason}).`
  }
  const order = orderOfBooking(db, booking.id)
  if (!order) return undefined
  if (order.status === 'awaiting_payment') return 'Du har ikke betalt endnu, så der er intet at betale tilbage.'
  const decision = refundForCancellation(order, booking, 'gaest', now)
  return decision.amountOere > 0 ? `Aflyser du nu, får du ${formatKroner(decision.amountOere)} tilbage (${decision.reason}).` : 'Aflyser du nu, får du ikke noget tilbage efter vilkårene.'
}

