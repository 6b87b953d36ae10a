import { and, eq, lte, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { orders } from '#db/schema'
import { errorFields, log } from '~/server/log.server'
import { queueEffects } from '~/server/outbox/outbox.server'
import type { Handler } from '~/server/outbox/worker.server'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { findOrder, ordersToCatchUp, releaseHold, stripeExpiry } from '~/server/payments/orders.server'
import { type PaymentContext, type Payments, nowOf } from '~/server/payments/payments.server'

/**
 * Holds that run out, and payments whose news never came. A hold is freed only after Stripe has
 * expired its session (the outbox's `stripe-expire`): a session that can no longer be paid is the
 * only safe moment to give the time to someone else. Stripe answering that the session is already
 * complete means the payment won the race: the order is fulfilled instead.
 */

/** Queues the expiry of every hold past its end (once each); the outbox carries them out. */
export function queueExpiredHolds(context: Pick<PaymentContext, 'db' | 'clock'>) {
  const { db } = context
  const now = nowOf(context)
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.holdUntil, now.toISOString()), sql`${orders.stripeSessionId} is not null`))
    .all()
  if (due.length > 0) queueEffects(db, due.map((order) => stripeExpiry(order)), now)
  return due.length
}

/** The outbox handler of `stripe-expire`: expire at Stripe, then free the time (or fulfil, when it was paid). */
export function stripeExpireHandler(payments: Payments | undefined): Handler {
  return {
    noun: 'Stripe expiry',
    async run(row, { db, clock }) {
      if (!payments) throw new Error('STRIPE_SECRET_KEY is not set: the session cannot be expired at Stripe')
      const order = findOrder(db, Number(row.payload.orderId))
      // A hold that ran out names its order, still awaiting payment; the payment link of an order
      // that ended unpaid (endUnpaidOrder: its session cancelled or withdrawn) names its session too.
      const link = typeof row.payload.sessionId === 'string' ? row.payload.sessionId : undefined
      const sessionId = link ?? order?.stripeSessionId
      if (!order || !sessionId || order.status !== (link ? 'expired' : 'awaiting_payment')) return { status: 'skipped', reason: 'ordren venter ikke længere på betaling' }
      const context = { db, payments, clock }
      try {
        await payments.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: row.idempotencyKey })
      } catch (error) {
        // Only an answer about the session itself settles it; anything else (down, 500) is retried.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        const session = await payments.stripe.checkout.sessions.retrieve(sessionId)
        if (session.status === 'complete') {
          // The payment won the race: the one fulfilment decides (for an ended order, it pays it back).
          const outcome = await fulfilOrder(context, order.id)
          log('info', 'session paid as it was to expire: fulfilled instead', { order: order.publicId, outcome: outcome.status })
          return { status: 'sent', deliveredBy: 'stripe' }
        }
        if (session.status !== 'expired') throw error
      }
      if (link) {
        log('info', 'payment link expired at Stripe: its order ended unpaid', { order: order.publicId })
      } else {
        releaseHold(db, order.id, nowOf(context))
        log('info', 'hold released after its session expired at Stripe', { order: order.publicId })
      }
      return { status: 'sent', deliveredBy: 'stripe' }
    },
  }
}

/**
 * The catch-up: orders still awaiting payment (or expired within Stripe's three days of retries)
 * whose session is complete at Stripe are fulfilled, in case the webhook and the return never came.
 */
export async function catchUpPayments(context: PaymentContext) {
  let fulfilled = 0
  for (const order of ordersToCatchUp(context.db, nowOf(context))) {
    try {
      const outcome = await fulfilOrder(context, order.id)
      if (outcome.status === 'betalt' || outcome.status === 'refunderet-tiden-var-taget') fulfilled++
    } catch (error) {
      log('warn', 'payment catch-up could not ask Stripe', { order: order.publicId, ...errorFields(error) })
    }
  }
  if (fulfilled > 0) log('info', 'payments caught up without their webhook', { orders: fulfilled })
  return fulfilled
}
