import { startFakeStripe } from './fake-stripe'

/**
 * The fake Stripe as a process of its own, for the end-to-end tests (playwright.config.ts starts
 * it): FAKE_STRIPE_PORT, the site's webhook (FAKE_STRIPE_WEBHOOK) and its secret (STRIPE_WEBHOOK_SECRET).
 * GET /__state shows its sessions and refunds.
 */
const fake = await startFakeStripe({ port: Number(process.env.FAKE_STRIPE_PORT ?? 4243), siteWebhook: process.env.FAKE_STRIPE_WEBHOOK, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_fake' })
console.log(`fake Stripe on ${fake.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void fake.stop().then(() => process.exit(0)))
