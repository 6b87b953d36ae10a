import { createFileRoute } from '@tanstack/react-router'

/**
 * Stripe's webhook: POST /betaling/stripe with a signed event (payments/webhook.server.ts). No
 * same-site check: Stripe's servers post it, and the signature over the raw body alone authorises.
 */
export const Route = createFileRoute('/betaling/stripe')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        const [{ handleStripeWebhook }, { configuredPayments }] = await Promise.all([import('~/server/payments/webhook.server'), import('~/server/outbox/handlers.server')])
        const { getDb } = await import('#db/connection')
        const payments = configuredPayments()
        return handleStripeWebhook(payments && { db: getDb(), payments }, request)
      },
    },
  },
})
