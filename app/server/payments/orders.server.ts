import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Order, bookings, orders } from '#db/schema'
import { hashToken } from '~/server/links/links.server'
import { type NewEffect, queueEffects } from '~/server/outbox/outbox.server'

/**
 * Orders for paid sessions: their rows, and the only ways their status moves (ORDER_STEPS). The
 * hold that makes an order is in hold-time.server.ts.
 */

/** The statuses an order may move to from each status (anything else is refused). */
export const ORDER_STEPS: Record<Order['status'], ReadonlyArray<Order['status']>> = {
  awaiting_payment: ['paid', 'expired'],
  // A payment can still arrive after the hold ran out (the session was paid as it expired): money
  // that has arrived is a fact; the fulfilment then confirms the time or refunds it.
  expired: ['paid'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
}

/** One e-mail about an order to the client, as an outbox effect (payments/order-mail.server.ts writes it). */
export const orderEmail = (order: Pick<Order, 'id' | 'publicId'>, kind: string, facts: Record<string, unknown> = {}, suffix = ''): NewEffect => ({
  kind: 'order-email',
  idempotencyKey: `order-${order.publicId}-${kind}${suffix}`,
  payload: { orderId: order.id, kind, ...facts },
})

/**
 * Expiring an order's Checkout Session at Stripe, as an outbox effect (holds.server.ts carries it
 * out): a hold that ran out names its order; the payment link of an order that ended unpaid names
 * its session too, since the order no longer waits for it.
 */
export const stripeExpiry = (order: Pick<Order, 'id'>, sessionId?: string): NewEffect => ({
  kind: 'stripe-expire',
  idempotencyKey: sessionId ? `stripe-expire:${order.id}:${sessionId}` : `stripe-expire:${order.id}`,
  payload: sessionId ? { orderId: order.id, sessionId } : { orderId: order.id },
})

export const findOrder = (db: Db, id: number) => db.select().from(orders).where(eq(orders.id, id)).get()
export const findOrderBySession = (db: Db, sessionId: string) => db.select().from(orders).where(eq(orders.stripeSessionId, sessionId)).get()
export const findOrderByToken = (db: Db, token: string) => db.select().from(orders).where(eq(orders.tokenHash, hashToken(token))).get()
export const orderOfBooking = (db: Db, bookingId: number) => db.select().from(orders).where(eq(orders.bookingId, bookingId)).get()

/**
 * Moves an order's status forward (ORDER_STEPS) with the other fields given, inside the caller's
 * transaction; undefined when the order is no longer where the move starts (another call got there first).
 */
export function moveOrder(db: Db, order: Order, to: Order['status'], fields: Partial<Order>, now: Date) {
  if (!ORDER_STEPS[order.status].includes(to)) return undefined
  return db
    .update(orders)
    .set({ ...fields, status: to, updatedAt: now.toISOString() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning()
    .get()
}

/**
 * Ends an order that was never paid, because its session is gone (cancelled, withdrawn), inside
 * the caller's transaction. A payment link she was sent must then take no money: Stripe expires
 * its session (`stripeExpiry` naming the session).
 */
export function endUnpaidOrder(db: Db, order: Order, now: Date) {
  const ended = moveOrder(db, order, 'expired', {}, now)
  if (ended && order.stripeSessionId) queueEffects(db, [stripeExpiry(order, order.stripeSessionId)], now)
  return ended
}

/**
 * Frees a hold whose payment did not come: the order expires and the time is free again. Only
 * from awaiting payment, in one transaction; the caller has made sure Stripe will take no payment
 * for it (the session is expired there, or was never made). A session paid afterwards holds
 * nothing: when its payment link runs out, the session stays booked and unpaid, and the coach
 * sends a new link from her desk.
 */
export function releaseHold(db: Db, orderId: number, now: Date) {
  return db.$client
    .transaction(() => {
      const order = findOrder(db, orderId)
      if (!order || order.status !== 'awaiting_payment' || order.payment === 'bagefter') return false
      moveOrder(db, order, 'expired', {}, now)
      if (order.bookingId !== null) {
        db.update(bookings)
          .set({ status: 'udloebet', updatedAt: now.toISOString() })
          .where(and(eq(bookings.id, order.bookingId), eq(bookings.status, 'holdt')))
          .run()
      }
      return true
    })
    .immediate()
}

/** Stores the Checkout Session made for an order (its id and address); a session already stored stays. */
export function storeSession(db: Db, orderId: number, session: { id: string; url: string | null }, now: Date) {
  db.update(orders)
    .set({ stripeSessionId: session.id, checkoutUrl: session.url, updatedAt: now.toISOString() })
    .where(and(eq(orders.id, orderId), sql`${orders.stripeSessionId} is null`))
    .run()
  return findOrder(db, orderId)!
}

/**
 * Orders that may still turn into a payment: awaiting it, or expired, changed within the last three
 * days (Stripe retries that long; a payment link made later counts from when it was made).
 */
export function ordersToCatchUp(db: Db, now: Date) {
  const since = new Date(now.getTime() - 3 * 86_400_000).toISOString()
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['awaiting_payment', 'expired']), sql`${orders.stripeSessionId} is not null`, sql`${orders.updatedAt} >= ${since}`))
    .all()
}
