import { getDb } from '#db/connection'
import type { Db } from '#db/database'
import { orderToken } from '~/server/links/links.server'
import { errorFields, log } from '~/server/log.server'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { findOrderBySession } from '~/server/payments/orders.server'
import { deliverOrderEffects } from '~/server/payments/payment-delivery.server'

const see = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })

/**
 * The return from Checkout: the session's id (a long random id only the payer's browser and Stripe
 * know) finds the order; the one fulfilment is asked here too, so a lost or late webhook never
 * leaves a paid visitor without her confirmation; then a 303 to the order's own page, which says
 * whether the payment is in. Not a page of its own: its route would be in every page's script.
 */
export async function answerPaymentReturn(request: Request, { db = getDb(), clock = systemClock }: { db?: Db; clock?: Clock } = {}) {
  const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
  const order = /^cs_(test|live)_[A-Za-z0-9]{8,200}$/.test(sessionId) ? findOrderBySession(db, sessionId) : undefined
  if (!order) return see('/ydelser')
  const payments = configuredPayments()
  let paid = order.status !== 'awaiting_payment' && order.status !== 'expired'
  if (payments && !paid) {
    try {
      const outcome = await fulfilOrder({ db, payments, clock }, order.id)
      paid = outcome.status === 'betalt' || outcome.status === 'allerede-betalt'
      if (outcome.status === 'betalt' || outcome.status === 'refunderet-tiden-var-taget') await deliverOrderEffects(db, order.id)
    } catch (error) {
      log('warn', 'return from Checkout could not ask Stripe: the webhook or the catch-up finishes it', { order: order.publicId, ...errorFields(error) })
    }
  }
  return see(`/ordre/${orderToken(order.publicId)}?status=${!paid ? 'venter' : order.packageTypeId !== null ? 'klippekort-betalt' : 'betalt'}#status`)
}
