import { writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { onTestFinished, vi } from 'vitest'
import { bookings, orders } from '#db/schema'
import type { PackageType, PaymentTerms, SessionType } from '~/lib/content/content-types'
import { bookingEmailHandler } from '~/server/booking/booking-mail.server'
import { receiptOf } from '~/server/bookkeeping/documents.server'
import { runOutbox } from '~/server/outbox/worker.server'
import { openCheckout } from '~/server/payments/checkout.server'
import { stripeExpireHandler } from '~/server/payments/holds.server'
import { orderEmailHandler } from '~/server/payments/order-mail.server'
import { holdTime } from '~/server/payments/hold-time.server'
import { createPackageOrder } from '~/server/payments/packages.server'
import type { PaymentContext, Payments } from '~/server/payments/payments.server'
import { stripeRefundHandler } from '~/server/payments/refunds.server'
import { stripeClient } from '~/server/payments/stripe-client.server'
import { handleStripeWebhook } from '~/server/payments/webhook.server'
import { type FakeStripe, startFakeStripe } from '../../fake-stripe/fake-stripe'
import { temporaryDatabase } from '../../helpers'
import { MONDAY, NOW, TEST_FILE, details, memoryTransport, testAvailability } from '../booking-helpers'

/**
 * A paid booking end to end below the pages: a database, the availability file, the real Stripe
 * SDK talking over HTTP to the fake Stripe, the site's webhook as a real HTTP endpoint the fake
 * delivers to, an injected clock, and the outbox run as the worker runs it.
 */
export const WEBHOOK_SECRET = 'whsec_test_harness'

export const PAID: SessionType = { id: 'coachingsamtale', name: 'Coachingsamtale, 60 min', minutes: 60, amountOere: 85_000, modes: ['telefon', 'video', 'fremmoede'], payment: 'ved-booking' }
export const CARD: PackageType = { id: 'klippekort-5', name: 'Klippekort, 5 coachingsamtaler', sessionTypeId: 'coachingsamtale', sessions: 5, amountOere: 382_500, validMonths: 6 }
export const TERMS: PaymentTerms = { cancelHours: 24, lateCancelRefundPercent: 50, noShowRefundPercent: 0, prepaymentReason: 'Tiden er din alene.', complaints: 'Skriv til mig.', refundExpiredPackages: true, version: 'test-1' }

export async function paymentHarness() {
  const { db, dir } = temporaryDatabase()
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  onTestFinished(() => void vi.unstubAllEnvs())
  let now = NOW
  const clock = () => now
  const fake: FakeStripe = await startFakeStripe({ now: clock, webhookSecret: WEBHOOK_SECRET })
  const payments: Payments = { stripe: stripeClient({ secretKey: 'sk_test_harness', apiUrl: fake.url }), livemode: false, webhookSecret: WEBHOOK_SECRET }
  const context: PaymentContext = { db, payments, clock }
  const site: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const answer = await handleStripeWebhook(context, new Request('http://site/betaling/stripe', { method: 'POST', headers: request.headers as Record<string, string>, body: Buffer.concat(chunks) }))
      response.writeHead(answer.status).end(await answer.text())
    })
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  fake.webhook.url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/betaling/stripe`
  onTestFinished(async () => {
    await fake.stop()
    await new Promise((resolve) => (site.closeAllConnections(), site.close(resolve)))
  })
  const transport = memoryTransport()
  const availability = testAvailability()
  let form = 0
  type HoldOptions = { email?: string; time?: string; date?: string; requestKey?: string; type?: SessionType; expressStart?: boolean; payNow?: boolean }
  const hold = ({ email = 'mette@eksempel.dk', time = '09:00', date = MONDAY, requestKey = `formular-${++form}`, type = PAID, expressStart = true, payNow = true }: HoldOptions = {}) =>
    holdTime(db, { availability, type, terms: TERMS, date, time, details: details(email), ipHash: `ip-${email}`, now, requestKey, expressStart, payNow })
  const harness = {
    db,
    fake,
    payments,
    context,
    transport,
    availability,
    now: () => now,
    advance(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000)
    },
    setNow(date: Date) {
      now = date
    },
    /** Holds a time as the booking form does (a new form each time unless `requestKey` is given). */
    hold,
    /** Books a session paid afterwards (»bagefter«): confirmed at once, its order awaiting the link the coach sends. */
    payLater(options: Omit<HoldOptions, 'type' | 'payNow'> = {}) {
      const held = hold({ ...options, type: { ...PAID, id: 'parsamtale', payment: 'bagefter' }, payNow: false })
      if (held.status !== 'holdt') throw new Error(`not booked: ${held.status}`)
      return held
    },
    /** An event as Stripe sends it about a session as Stripe shows it (without what the fake keeps of the request). */
    event: (type: string, session: object, id: string) =>
      ({ id, object: 'event', type, created: Math.floor(now.getTime() / 1000), livemode: false, data: { object: { ...session, received: undefined } } }) as unknown as Stripe.Event,
    /** Holds a time and opens its checkout: the order and the session at the fake. */
    async checkout(options: HoldOptions = {}) {
      const held = hold(options)
      if (held.status !== 'holdt') throw new Error(`not held: ${held.status}`)
      const opened = await openCheckout(context, held.order, held.booking)
      if (opened.status !== 'checkout') throw new Error('checkout not opened')
      return { order: opened.order, booking: held.booking, url: opened.url, session: fake.sessions.get(opened.order.stripeSessionId!)! }
    },
    /** A klippekort's order, opened at the fake Stripe as the purchase form does (a new form each time). */
    async checkoutCard({ email = 'mette@eksempel.dk', terms = TERMS }: { email?: string; terms?: PaymentTerms } = {}) {
      const created = createPackageOrder(db, { type: CARD, sessionType: PAID, terms, details: { navn: 'Mette Sørensen', email, telefon: '20 30 40 50' }, ipHash: `ip-${email}`, now, requestKey: `kort-${++form}` })
      if (created.status !== 'oprettet') throw new Error(`no order: ${created.status}`)
      const opened = await openCheckout(context, created.order)
      if (opened.status !== 'checkout') throw new Error('checkout not opened')
      return { order: opened.order, url: opened.url, session: fake.sessions.get(opened.order.stripeSessionId!)! }
    },
    order: (id: number) => db.select().from(orders).where(eq(orders.id, id)).get()!,
    booking: (id: number) => db.select().from(bookings).where(eq(bookings.id, id)).get()!,
    /** The number of an order's receipt; undefined: none issued. */
    receiptNumber: (orderId: number) => receiptOf(db, orderId)?.number,
    /** The outbox's Stripe and e-mail rows, carried out as the worker does. */
    runOutbox: () =>
      runOutbox({
        db,
        clock,
        handlers: { 'stripe-expire': stripeExpireHandler(payments), 'stripe-refund': stripeRefundHandler(payments), 'order-email': orderEmailHandler(transport), 'booking-email': bookingEmailHandler(transport) },
      }),
  }
  return harness
}
