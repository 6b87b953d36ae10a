import { eq } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Order, orderRefunds, orders } from '#db/schema'
import { issueCreditNote } from '~/server/bookkeeping/documents.server'
import { queueEffects } from '~/server/outbox/outbox.server'
import type { Handler } from '~/server/outbox/worker.server'
import type { Payments } from '~/server/payments/payments.server'
import { moveOrder } from '~/server/payments/orders.server'

/**
 * Refunds: each one decided once, for one cause, in the transaction of the change that causes it
 * (a withdrawal, a cancellation, the coach's button), and carried out by the outbox as one Stripe
 * call whose idempotency key is made from our ids, `refund:<order>:<cause>`: a retry after a
 * timeout or a 500 cannot pay twice.
 */
export type RefundCause = 'fortrydelse' | 'afbud' | 'coach-aflyste' | 'tiden-var-givet-vaek' | 'klippekort-udloebet' | `manuel-${number}`

export const refundKey = (order: Pick<Order, 'publicId'>, cause: RefundCause) => `refund:${order.publicId}:${cause}`

export const refundable = (order: Order) => order.amountOere - order.refundedOere

/**
 * Decides a refund inside the caller's transaction: the order's refunded amount and status move
 * forward, the refund is recorded by its cause and queued. A cause already refunded, an order not
 * paid, or nothing left to refund: nothing happens (undefined).
 */
export function queueRefund(db: Db, order: Order, cause: RefundCause, amountOere: number, now: Date) {
  const amount = Math.min(Math.round(amountOere), refundable(order))
  if (amount <= 0 || (order.status !== 'paid' && order.status !== 'partially_refunded')) return undefined
  const recorded = db.insert(orderRefunds).values({ orderId: order.id, cause, amountOere: amount, createdAt: now.toISOString() }).onConflictDoNothing().returning().get()
  if (!recorded) return undefined
  const refundedOere = order.refundedOere + amount
  const moved = moveOrder(db, order, refundedOere >= order.amountOere ? 'refunded' : 'partially_refunded', { refundedOere }, now)
  if (!moved) throw new Error(`order ${order.publicId} changed while its refund was decided`)
  // Every refund, whatever its path, is a credit note issued with it (its own number, naming the receipt).
  const creditNote = issueCreditNote(db, moved, recorded, now)
  queueEffects(db, [{ kind: 'stripe-refund', idempotencyKey: refundKey(order, cause), payload: { orderId: order.id, refundId: recorded.id, amountOere: amount, cause } }], now)
  return { refund: recorded, order: moved, creditNote }
}

export const refundsOf = (db: Db, orderId: number) => db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.id).all()

export const storeRefundId = (db: Db, refundId: number, stripeRefundId: string) => db.update(orderRefunds).set({ stripeRefundId }).where(eq(orderRefunds.id, refundId)).run()

/** A manual refund's cause: the coach's n-th refund by hand of this order. */
export const nextManualCause = (db: Db, order: Order): RefundCause => `manuel-${refundsOf(db, order.id).filter((refund) => refund.cause.startsWith('manuel-')).length + 1}`

export const orderById = (db: Db, id: number) => db.select().from(orders).where(eq(orders.id, id)).get()

/**
 * The outbox handler of `stripe-refund`: one Stripe call with the row's own idempotency key, so
 * every retry (after a timeout, a 500, a restart) asks for the same refund and Stripe makes one.
 */
export function stripeRefundHandler(payments: Payments | undefined): Handler {
  return {
    noun: 'Stripe refund',
    async run(row, { db }) {
      if (!payments) throw new Error('STRIPE_SECRET_KEY is not set: the refund waits until it is')
      const { orderId, refundId, amountOere } = row.payload as { orderId: number; refundId: number; amountOere: number }
      const order = orderById(db, orderId)
      if (!order?.stripePaymentIntent) return { status: 'skipped', reason: 'ordren har ingen betaling hos Stripe' }
      const refund = await payments.stripe.refunds.create({ payment_intent: order.stripePaymentIntent, amount: amountOere, metadata: { ordre: order.publicId } }, { idempotencyKey: row.idempotencyKey })
      storeRefundId(db, refundId, refund.id)
      return { status: 'sent', deliveredBy: 'stripe' }
    },
  }
}
