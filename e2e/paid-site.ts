import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { everyDayAvailability } from '../scripts/lib/every-day-availability.ts'
import { type FakeStripe, startFakeStripe } from '../tests/fake-stripe/fake-stripe'
import { type ServerInstance, disposeServerInstance, startServerInstance } from './server-instance'

export type PaidSite = { server: ServerInstance; fake: FakeStripe; dispose: () => Promise<void> }

/**
 * A production server of its own for the specs that take money: the tests' facts (paid sessions,
 * terms, klippekort), free times every day, and Stripe pointed at a fake of its own whose webhooks
 * come back to this server. The shared server has no Stripe: its specs must not see one.
 */
export async function startPaidSite(name: string): Promise<PaidSite> {
  const contentDir = mkdtempSync(join(tmpdir(), `coach-${name}-content-`))
  cpSync(resolve('tests/fixtures/content'), contentDir, { recursive: true })
  writeFileSync(join(contentDir, 'booking.yaml'), everyDayAvailability([9, 11, 13, 15, 17, 19]))
  const webhookSecret = `whsec_e2e_${name}`
  const fake = await startFakeStripe({ webhookSecret })
  const server = await startServerInstance({
    env: { CONTENT_DIR: contentDir, BOOKING_FILE: join(contentDir, 'booking.yaml'), STRIPE_SECRET_KEY: `sk_test_e2e_${name}`, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url, BOOKING_RATE_LIMIT: '100' },
  })
  fake.webhook.url = `${server.url}/betaling/stripe`
  return {
    server,
    fake,
    dispose: async () => {
      await disposeServerInstance(server)
      await fake.stop()
      rmSync(contentDir, { recursive: true, force: true })
    },
  }
}
