import Stripe from 'stripe'

/**
 * The one Stripe client, made from this process's configuration: only the outbox's handlers and
 * the checkout (which must answer the visitor with Stripe's address at once) call it. STRIPE_API_URL
 * points the SDK at the test suite's fake Stripe (tests/fake-stripe/); unset, the SDK talks to Stripe.
 */
export type StripeConfig = { secretKey: string; webhookSecret?: string; apiUrl?: string }

export function stripeConfig(env: NodeJS.ProcessEnv = process.env): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim()
  if (!secretKey) return undefined
  return { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined, apiUrl: env.STRIPE_API_URL?.trim() || undefined }
}

/** Whether the site takes payment at booking (a secret key is set); without it paid types are paid afterwards. */
export const paymentsEnabled = (env: NodeJS.ProcessEnv = process.env) => stripeConfig(env) !== undefined

/** Whether a key is a live key: a test key's payments are refused by a live site and the other way round. */
export const isLiveKey = (secretKey: string) => secretKey.startsWith('sk_live_') || secretKey.startsWith('rk_live_')

const clients = new Map<string, Stripe>()

export function stripeClient(config: StripeConfig): Stripe {
  const key = `${config.secretKey} ${config.apiUrl ?? ''}`
  let client = clients.get(key)
  if (!client) {
    const address = config.apiUrl ? new URL(config.apiUrl) : undefined
    client = new Stripe(config.secretKey, {
      // The outbox retries with the same idempotency key; the SDK's own quick retries would only
      // hold a visitor's request longer.
      maxNetworkRetries: 0,
      timeout: 15_000,
      telemetry: false,
      ...(address ? { host: address.hostname, port: address.port || (address.protocol === 'https:' ? 443 : 80), protocol: address.protocol === 'http:' ? ('http' as const) : ('https' as const) } : {}),
    })
    clients.set(key, client)
  }
  return client
}
