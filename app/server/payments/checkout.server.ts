import type { Order } from '#db/schema'
import { formatPeriod } from '~/lib/booking/time'
import { siteOrigin } from '~/server/links/links.server'
import { PAYMENT_RETURN_PATH } from '~/server/payments/payment-paths.server'
import { errorFields, log } from '~/server/log.server'
import { releaseHold, storeSession } from '~/server/payments/orders.server'
import { type PaymentContext, nowOf } from '~/server/payments/payments.server'

/**
 * The Checkout Session of an order: card and MobilePay, in kroner, in Danish, ending with the hold,
 * with the order's id as its reference and nothing about the person in its metadata (no name, no
 * note, no health detail: the order's number is enough to find everything here). The idempotency
 * key `checkout:<order id>` makes a repeated call (a double click, a retry) return the same session.
 */
export const checkoutKey = (order: Pick<Order, 'id'>) => `checkout:${order.id}`

/** Where Checkout returns after paying: the session's id (known only to the payer's browser and Stripe) finds the order. */
export const returnUrl = () => `${siteOrigin()}${PAYMENT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`
/** »Annullér« on Stripe's page: back to the session's times, told that nothing is paid (the hold runs out by itself). */
export const cancelUrl = (order: Pick<Order, 'sessionTypeId' | 'packageTypeId'>) =>
  order.packageTypeId ? `${siteOrigin()}/klippekort/koeb/${order.packageTypeId}?status=betaling-afbrudt#status` : `${siteOrigin()}/book/${order.sessionTypeId}?status=betaling-afbrudt#status`

/** The line Stripe's page shows: a session with its time, a klippekort by its name (no time is held for it). */
const lineName = (order: Order, period?: { startsAt: string; endsAt: string }) => (period ? `${order.sessionName} – ${formatPeriod(new Date(period.startsAt), new Date(period.endsAt))}` : order.sessionName)

export type CheckoutOutcome = { status: 'checkout'; url: string; order: Order } | { status: 'stripe-nede' }

/**
 * Opens the checkout of a held order (a session, with its held time) or of a klippekort's order (no period). Stripe not answering (down, an error): the hold is released
 * at once, so the time is free again and nothing can be charged for it; the visitor is told.
 */
export async function openCheckout(context: PaymentContext, order: Order, period?: { startsAt: string; endsAt: string }): Promise<CheckoutOutcome> {
  const { db, payments } = context
  if (order.stripeSessionId && order.checkoutUrl) return { status: 'checkout', url: order.checkoutUrl, order }
  try {
    const session = await payments.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Stripe's API 2026-11-18 (SDK 23) names the fixed list »allowed_payment_method_types«
        // (it replaced payment_method_types on Checkout): card and MobilePay only.
        allowed_payment_method_types: ['card', 'mobilepay'],
        locale: 'da',
        line_items: [{ quantity: 1, price_data: { currency: order.currency, unit_amount: order.amountOere, product_data: { name: lineName(order, period) } } }],
        customer_email: order.customerEmail,
        client_reference_id: String(order.id),
        metadata: { ordre: order.publicId },
        payment_intent_data: { metadata: { ordre: order.publicId } },
        expires_at: Math.floor(Date.parse(order.holdUntil!) / 1000),
        success_url: returnUrl(),
        cancel_url: cancelUrl(order),
      },
      { idempotencyKey: checkoutKey(order) },
    )
    const stored = storeSession(db, order.id, session, nowOf(context))
    if (!stored.checkoutUrl) throw new Error('Stripe gave the session no address')
    return { status: 'checkout', url: stored.checkoutUrl, order: stored }
  } catch (error) {
    log('error', 'checkout not opened: the hold is released', { order: order.publicId, ...errorFields(error) })
    releaseHold(db, order.id, nowOf(context))
    return { status: 'stripe-nede' }
  }
}
