import type Stripe from 'stripe'
import type { Db } from '#db/database'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'

/**
 * What the payment code works with: a Stripe client made from this process's configuration (only
 * outbox/handlers.server.ts reads it), whether its key is live, and the webhook's secret. Tests pass
 * a client pointed at the fake Stripe (tests/fake-stripe/).
 */
export type Payments = { stripe: Stripe; livemode: boolean; webhookSecret?: string }

export type PaymentContext = {
  db: Db
  payments: Payments
  clock?: Clock
  /** After an order changed: carry out what it queued now (the server's; tests leave it to their own outbox runs). */
  deliver?: (orderId: number) => Promise<void>
}

export const nowOf = (context: { clock?: Clock }) => (context.clock ?? systemClock)()
