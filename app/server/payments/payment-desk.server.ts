import { eq } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, type Order, bookings, orders } from '#db/schema'
import { formatKroner } from '~/lib/payments/money'
import { queueEffects } from '~/server/outbox/outbox.server'
import { cancelUrl, returnUrl } from '~/server/payments/checkout.server'
import { orderEmail, orderOfBooking } from '~/server/payments/orders.server'
import { type PaymentContext, nowOf } from '~/server/payments/payments.server'
import { receiptOf } from '~/server/bookkeeping/documents.server'
import { nextManualCause, queueRefund, refundable } from '~/server/payments/refunds.server'

/**
 * A booking's payment on the coach's desk: what it says (paid, awaiting payment, refunded, with
 * amounts, and any problem), her refund by hand, and the payment link of a session paid afterwards.
 */
export type DeskPayment = {
  line: string
  problem: string | null
  /** What she may still refund, in kroner (whole), when anything. */
  refundableKroner: number | null
  /** A session paid afterwards, not yet paid: she may send its payment link. */
  canSendLink: boolean
}

export function deskPayment(order: Order | undefined, receiptNumber?: string): DeskPayment | undefined {
  if (!order) return undefined
  const amount = formatKroner(order.amountOere)
  const lines: Record<Order['status'], string> = {
    awaiting_payment: order.payment === 'bagefter' ? `Betales bagefter: ${amount} (ikke betalt endnu)` : `Afventer betaling: ${amount}`,
    paid: `Betalt: ${amount}${receiptNumber ? ` (kvittering nr. ${receiptNumber})` : ''}`,
    partially_refunded: `Betalt ${amount}, refunderet ${formatKroner(order.refundedOere)}`,
    refunded: `Refunderet: ${formatKroner(order.refundedOere)} af ${amount}`,
    expired: 'Ikke betalt – holdet udløb',
  }
  const left = refundable(order)
  return {
    line: lines[order.status],
    problem: order.problem,
    refundableKroner: (order.status === 'paid' || order.status === 'partially_refunded') && left > 0 ? Math.floor(left / 100) : null,
    canSendLink: order.payment === 'bagefter' && order.status === 'awaiting_payment',
  }
}

export function paymentOfBooking(db: Db, booking: Booking) {
  if (booking.sessionTypeId === null) return undefined
  const order = orderOfBooking(db, booking.id)
  return deskPayment(order, order && receiptOf(db, order.id)?.number)
}

/** Her refund by hand: an amount in whole kroner (at most what is left), its own cause and key. */
export function refundByHand(db: Db, bookingId: number, kroner: number, now: Date): 'refunderet' | 'ugyldigt-beloeb' {
  return db.$client
    .transaction(() => {
      const order = orderOfBooking(db, bookingId)
      if (!order || !Number.isInteger(kroner) || kroner <= 0 || kroner * 100 > refundable(order)) return 'ugyldigt-beloeb' as const
      const decided = queueRefund(db, order, nextManualCause(db, order), kroner * 100, now)
      if (!decided) return 'ugyldigt-beloeb' as const
      queueEffects(db, [orderEmail(order, 'refusion', { amountOere: kroner * 100, refundCause: decided.refund.cause }, `-${decided.refund.cause}`)], now)
      return 'refunderet' as const
    })
    .immediate()
}

/**
 * The payment link of a session paid afterwards: a Checkout Session of 24 hours (Stripe's longest),
 * e-mailed to the client; paid, it goes through the one fulfilment like any other. A new link
 * replaces the last one (its key names the minute it was made, so a double click makes one).
 */
export async function sendPaymentLink(context: PaymentContext, bookingId: number): Promise<'link-sendt' | 'ingen-betaling'> {
  const { db, payments } = context
  const now = nowOf(context)
  const order = orderOfBooking(db, bookingId)
  if (!order || order.payment !== 'bagefter' || order.status !== 'awaiting_payment') return 'ingen-betaling'
  const booking = db.select().from(bookings).where(eq(bookings.id, bookingId)).get()!
  const session = await payments.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['card', 'mobilepay'],
      locale: 'da',
      line_items: [{ quantity: 1, price_data: { currency: order.currency, unit_amount: order.amountOere, product_data: { name: `${order.sessionName} – ${booking.localDate}` } } }],
      customer_email: order.customerEmail,
      client_reference_id: String(order.id),
      metadata: { ordre: order.publicId },
      payment_intent_data: { metadata: { ordre: order.publicId } },
      expires_at: Math.floor(now.getTime() / 1000) + 24 * 3600 - 60,
      success_url: returnUrl(),
      cancel_url: cancelUrl(order),
    },
    { idempotencyKey: `betalingslink:${order.id}:${now.toISOString().slice(0, 16)}` },
  )
  db.$client
    .transaction(() => {
      db.update(orders).set({ stripeSessionId: session.id, checkoutUrl: session.url, updatedAt: now.toISOString() }).where(eq(orders.id, order.id)).run()
      queueEffects(db, [orderEmail(order, 'betalingslink', { url: session.url }, `-${session.id}`)], now)
    })
    .immediate()
  return 'link-sendt'
}
