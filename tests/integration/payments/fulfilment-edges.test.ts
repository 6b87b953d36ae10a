import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cancelBooking } from '~/server/booking/bookings.server'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { catchUpPayments } from '~/server/payments/holds.server'
import { releaseHold } from '~/server/payments/orders.server'
import { sendPaymentLink } from '~/server/payments/payment-desk.server'
import { effectsOf } from '../../outbox-rows'
import { TEST_FILE, testAvailability } from '../booking-helpers'
import { paymentHarness } from './payment-harness'

// The one fulfilment at its edges: a session complete but not paid yet, what the coach is told of
// a payment that does not match, two fulfilments at once, a payment for a booking cancelled
// meanwhile or after booking was closed, and the catch-up of a payment after its hold ran out.

describe('the one fulfilment, at its edges', () => {
  it('confirms nothing for a session that is complete but not yet paid (a delayed payment method), and confirms it once Stripe calls it paid', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, booking, session } = await pay.checkout()
    const atStripe = pay.fake.sessions.get(session.id)!
    Object.assign(atStripe, { status: 'complete', payment_status: 'unpaid', url: null })
    expect(await fulfilOrder(pay.context, order.id)).toEqual({ status: 'ikke-betalt' })
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    expect(pay.booking(booking.id).status).toBe('holdt')
    expect(pay.receiptNumber(order.id)).toBeUndefined()
    Object.assign(atStripe, { payment_status: 'paid', payment_intent: 'pi_test_delayed1' })
    expect(await fulfilOrder(pay.context, order.id)).toMatchObject({ status: 'betalt' })
    expect(pay.order(order.id)).toMatchObject({ status: 'paid', stripePaymentIntent: 'pi_test_delayed1' })
  })

  type Harness = Awaited<ReturnType<typeof paymentHarness>>
  type AtStripe = { client_reference_id: string | null; amount_total: number; currency: string }
  const cases: Array<[string, (pay: Harness, session?: AtStripe) => void, (orderId: number) => string]> = [
    ['a test payment to a live key', (pay) => void (pay.payments.livemode = true), () => '(en testbetaling til en rigtig nøgle)'],
    ['a session naming another order', (_pay, session) => void (session && (session.client_reference_id = '999')), (orderId) => `(reference 999, ordren ${orderId})`],
    ['an amount and a currency that differ', (_pay, session) => void (session && Object.assign(session, { amount_total: 100, currency: 'eur' })), () => '(beløb 100 øre, ordren 85000 øre; valuta eur, ordren dkk)'],
  ]
  for (const [what, tamper, told] of cases) {
    it(`refuses ${what} and tells the coach exactly what differs`, async () => {
      const pay = await paymentHarness()
      tamper(pay)
      const { order, booking, session } = await pay.checkout()
      tamper(pay, pay.fake.sessions.get(session.id)!)
      await pay.fake.pay(session.id)
      const refused = pay.order(order.id)
      expect(refused.status).toBe('awaiting_payment')
      expect(refused.problem).toContain(`Betalingen passer ikke til ordren ${told(order.id)} og er ikke godtaget`)
      expect(pay.booking(booking.id).status).toBe('holdt')
      expect(pay.receiptNumber(order.id)).toBeUndefined()
    })
  }

  it('gives two fulfilments at once one »betalt« and one »allerede-betalt« with the paid order (so both callers say paid)', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, session } = await pay.checkout()
    await pay.fake.pay(session.id)
    const outcomes = await Promise.all([fulfilOrder(pay.context, order.id), fulfilOrder(pay.context, order.id)])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['allerede-betalt', 'betalt'])
    expect(outcomes.find((outcome) => outcome.status === 'allerede-betalt')).toMatchObject({ order: { id: order.id, status: 'paid' } })
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
  })

  it('refunds a payment through her link for a session cancelled meanwhile, and the session stays cancelled', async () => {
    const pay = await paymentHarness()
    const held = pay.payLater()
    expect(await sendPaymentLink(pay.context, held.booking.id)).toBe('link-sendt')
    const session = pay.order(held.order.id).stripeSessionId!
    cancelBooking(pay.db, { id: held.booking.id, by: 'gaest', availability: testAvailability(), now: pay.now() })
    expect(pay.order(held.order.id).status).toBe('expired')
    await pay.fake.pay(session)
    expect(pay.order(held.order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    expect(pay.booking(held.booking.id).status).toBe('aflyst')
    expect(effectsOf(pay.db, 'stripe-refund')).toHaveLength(1)
  })

  it('refunds a payment that arrives after its hold ran out once she has closed booking', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    releaseHold(pay.db, order.id, pay.now())
    writeFileSync(process.env.BOOKING_FILE!, `aaben: nej\n${TEST_FILE}`)
    await pay.fake.pay(session.id)
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    expect(pay.booking(booking.id).status).toBe('udloebet')
  })

  it('is caught up by the job when the webhook of a payment after its hold ran out is lost', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, booking, session } = await pay.checkout()
    releaseHold(pay.db, order.id, pay.now())
    await pay.fake.pay(session.id)
    pay.advance(5)
    expect(await catchUpPayments(pay.context)).toBe(1)
    expect(pay.order(order.id).status).toBe('paid')
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
  })
})
