import { createFileRoute } from '@tanstack/react-router'

/**
 * Stripe's webhook: POST /betaling/stripe with a signed event (payments/webhook.server.ts). No
 * same-site check: Stripe's servers post it, and the signature over the raw body alone authorises.
 */
export const Route = createFileRoute('/betaling/stripe')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        const [{ handleStripeWebhook }, { configuredPayments }, { deliverOrderEffects }, { getDb }] = await Promise.all([
          import('~/server/payments/webhook.server'),
          import('~/server/outbox/handlers.server'),
          import('~/server/payments/payment-delivery.server'),
          import('#db/connection'),
        ])
        const payments = configuredPayments()
        return handleStripeWebhook(payments && { db: getDb(), payments, deliver: (orderId) => deliverOrderEffects(getDb(), orderId) }, request)
      },
    },
  },
})
