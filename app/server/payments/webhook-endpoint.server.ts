import { getDb } from '#db/connection'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { deliverOrderEffects } from '~/server/payments/payment-delivery.server'
import { handleStripeWebhook } from '~/server/payments/webhook.server'

/**
 * POST /betaling/stripe as the server answers it (page-middleware.server.ts hands it here): no
 * same-site check, since Stripe's servers post it and the signature over the raw body alone
 * authorises; what a fulfilment queued goes out at once.
 */
export function answerStripeWebhook(request: Request) {
  const payments = configuredPayments()
  return handleStripeWebhook(payments && { db: getDb(), payments, deliver: (orderId) => deliverOrderEffects(getDb(), orderId) }, request)
}
