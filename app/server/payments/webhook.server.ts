import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { stripeEvents } from '#db/schema'
import { errorFields, log } from '~/server/log.server'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { findOrder, findOrderBySession, releaseHold } from '~/server/payments/orders.server'
import { type PaymentContext, nowOf } from '~/server/payments/payments.server'

/**
 * POST /betaling/stripe: Stripe's signed events. The raw body is verified as it came (parsing and
 * serialising it again would break the signature); a wrong signature, a missing header or a
 * timestamp older than five minutes is a 400 that changes nothing. An event already handled (its
 * id is kept) is answered 200 at once. Nothing in the event is trusted but the order it names: the
 * fulfilment asks Stripe itself, so events arriving twice, late or out of order change nothing.
 */
const MAX_BODY_BYTES = 512 * 1024
const TOLERANCE_SECONDS = 300

const answer = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function handleStripeWebhook(context: PaymentContext | undefined, request: Request): Promise<Response> {
  if (!context?.payments.webhookSecret) {
    log('error', 'Stripe webhook refused: STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is not set')
    return answer(400, 'Betaling er ikke sat op.')
  }
  const raw = Buffer.from(await request.arrayBuffer())
  if (raw.byteLength > MAX_BODY_BYTES) return answer(413, 'For stor.')
  const signature = request.headers.get('Stripe-Signature')
  let event: Stripe.Event
  try {
    if (!signature) throw new Error('no Stripe-Signature header')
    // The age is counted from the injected clock (milliseconds, as the SDK takes it).
    event = context.payments.stripe.webhooks.constructEvent(raw, signature, context.payments.webhookSecret, TOLERANCE_SECONDS, undefined, nowOf(context).getTime())
  } catch (error) {
    log('warn', 'Stripe webhook refused: the signature does not hold', errorFields(error))
    return answer(400, 'Ugyldig signatur.')
  }
  const { db } = context
  if (db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) return answer(200, 'Allerede modtaget.')
  const session = event.data.object as Partial<Stripe.Checkout.Session>
  const order = session.object === 'checkout.session' ? ((session.id && findOrderBySession(db, session.id)) || findOrder(db, Number(session.client_reference_id))) : undefined
  try {
    if (!order) {
      log('info', 'Stripe event about no order of ours', { event: event.id, type: event.type })
    } else if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const outcome = await fulfilOrder(context, order.id)
      log('info', 'Stripe event handled', { event: event.id, type: event.type, order: order.publicId, outcome: outcome.status })
      if (outcome.status === 'betalt' || outcome.status === 'refunderet-tiden-var-taget') await context.deliver?.(order.id)
    } else if (event.type === 'checkout.session.expired' && order.stripeSessionId) {
      // Asked again: only a session Stripe itself calls expired frees the time (a late event after a payment changes nothing).
      const current = await context.payments.stripe.checkout.sessions.retrieve(order.stripeSessionId)
      if (current.status === 'expired' && releaseHold(db, order.id, nowOf(context))) log('info', 'hold released: its session expired at Stripe', { order: order.publicId })
    }
  } catch (error) {
    // Stripe could not be asked: a 500 makes Stripe send the event again later.
    log('error', 'Stripe event not handled: Stripe will send it again', { event: event.id, ...errorFields(error) })
    return answer(500, 'Prøv igen.')
  }
  db.insert(stripeEvents).values({ id: event.id, type: event.type, orderId: order?.id ?? null, receivedAt: nowOf(context).toISOString() }).onConflictDoNothing().run()
  return answer(200, 'Modtaget.')
}
