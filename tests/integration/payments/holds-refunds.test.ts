import { describe, expect, it } from 'vitest'
import { orderRefunds } from '#db/schema'
import { queueExpiredHolds } from '~/server/payments/holds.server'
import { releaseHold } from '~/server/payments/orders.server'
import { refundByHand } from '~/server/payments/payment-desk.server'
import { queueRefund } from '~/server/payments/refunds.server'
import { effectsOf } from '../../outbox-rows'
import { paymentHarness } from './payment-harness'

// PAYMENTS.md failure cases 1–3 (an abandoned checkout, expiry racing payment, a payment after the
// hold was released) and 9 (a refund call that fails, retried with the same key).

describe('a hold that runs out', () => {
  it('is expired at Stripe first, then the time is free; no e-mail, no receipt number, and a late »expired« changes nothing', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    pay.advance(29)
    expect(queueExpiredHolds(pay.context)).toBe(0)
    pay.advance(2)
    pay.fake.mode = 'error'
    expect(queueExpiredHolds(pay.context)).toBe(1)
    await pay.runOutbox()
    // Stripe did not answer: the time stays held (it could still be paid).
    expect(pay.booking(booking.id).status).toBe('holdt')
    expect(pay.hold({ email: 'anden@eksempel.dk' })).toEqual({ status: 'taget' })
    pay.fake.mode = 'up'
    pay.advance(2)
    await pay.runOutbox()
    expect(pay.fake.sessions.get(session.id)!.status).toBe('expired')
    expect(pay.fake.calls.filter((call) => call.path.endsWith('/expire')).map((call) => call.idempotencyKey)).toEqual([`stripe-expire:${order.id}`, `stripe-expire:${order.id}`])
    expect(pay.order(order.id)).toMatchObject({ status: 'expired' })
    expect(pay.receiptNumber(order.id)).toBeUndefined()
    expect(pay.booking(booking.id).status).toBe('udloebet')
    expect(effectsOf(pay.db, 'stripe-expire')).toMatchObject([{ status: 'sent', deliveredBy: 'stripe' }])
    expect(effectsOf(pay.db, 'order-email')).toEqual([])
    expect(effectsOf(pay.db, 'booking-email')).toEqual([])
    expect(pay.hold({ email: 'anden@eksempel.dk' }).status).toBe('holdt')
    const expired = pay.fake.events.find((event) => event.type === 'checkout.session.expired')!
    expect(await pay.fake.deliver(expired)).toBe(200)
    expect(pay.order(order.id).status).toBe('expired')
  })

  it('is confirmed, not released, when Stripe says the session was completed as it ran out', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, booking, session } = await pay.checkout()
    pay.advance(29)
    await pay.fake.pay(session.id)
    pay.advance(2)
    queueExpiredHolds(pay.context)
    await pay.runOutbox()
    expect(pay.order(order.id)).toMatchObject({ status: 'paid' })
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['bekraeftelse'])
    expect(effectsOf(pay.db, 'stripe-expire')).toMatchObject([{ status: 'sent', deliveredBy: 'stripe' }])
  })

  it('is not expired at Stripe when it was paid after its expiry was queued and before the worker got to it', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    pay.advance(31)
    expect(queueExpiredHolds(pay.context)).toBe(1)
    await pay.fake.pay(session.id)
    expect(pay.order(order.id).status).toBe('paid')
    await pay.runOutbox()
    expect(pay.fake.calls.filter((call) => call.path.endsWith('/expire'))).toEqual([])
    expect(effectsOf(pay.db, 'stripe-expire')).toMatchObject([{ status: 'skipped' }])
    expect(pay.order(order.id).status).toBe('paid')
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
  })
})

describe('a payment after the hold was released', () => {
  it('confirms the time while it is still free', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    releaseHold(pay.db, order.id, pay.now())
    await pay.fake.pay(session.id)
    expect(pay.order(order.id).status).toBe('paid')
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
  })

  it('refunds it at once when the time was given to someone else, with an apology and a note on the desk', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    releaseHold(pay.db, order.id, pay.now())
    expect(pay.hold({ email: 'anden@eksempel.dk' }).status).toBe('holdt')
    await pay.fake.pay(session.id)
    const refunded = pay.order(order.id)
    expect(refunded).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    expect(refunded.problem).toMatch(/givet til en anden/)
    expect(pay.booking(booking.id).status).toBe('udloebet')
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['undskyldning'])
    await pay.runOutbox()
    expect(pay.fake.refunds).toMatchObject([{ amount: 85_000, payment_intent: pay.fake.sessions.get(session.id)!.payment_intent }])
    expect(pay.transport.sent.map((email) => email.subject)).toEqual(['Undskyld – din tid nåede at blive givet videre'])
  })
})

describe('a refund', () => {
  for (const how of ['down', 'error'] as const) {
    it(`is retried with the same key after Stripe ${how === 'down' ? 'did not answer' : 'answered 500'}, and made once`, async () => {
      const pay = await paymentHarness()
      const { order, session } = await pay.checkout()
      await pay.fake.pay(session.id)
      await pay.runOutbox()
      pay.db.$client.transaction(() => queueRefund(pay.db, pay.order(order.id), 'coach-aflyste', 85_000, pay.now())).immediate()
      // The SDK itself tries a closed connection once more (same key), so »down« fails two calls.
      pay.fake.failNext(how === 'down' ? 2 : 1, how)
      expect(await pay.runOutbox()).toMatchObject({ failed: 1 })
      pay.advance(2)
      expect(await pay.runOutbox()).toMatchObject({ delivered: 1 })
      pay.advance(60)
      expect(await pay.runOutbox()).toMatchObject({ tried: 0 })
      const calls = pay.fake.calls.filter((call) => call.path === '/v1/refunds')
      expect(calls.length).toBe(how === 'down' ? 3 : 2)
      expect(new Set(calls.map((call) => call.idempotencyKey))).toEqual(new Set([`refund:${order.publicId}:coach-aflyste`]))
      expect(pay.fake.refunds).toHaveLength(1)
      expect(effectsOf(pay.db, 'stripe-refund')).toMatchObject([{ status: 'sent', deliveredBy: 'stripe' }])
      expect(pay.db.select().from(orderRefunds).all()).toMatchObject([{ cause: 'coach-aflyste', amountOere: 85_000, stripeRefundId: pay.fake.refunds[0]!.id }])
      // The same cause decided again is the same refund: nothing more is queued.
      expect(pay.db.$client.transaction(() => queueRefund(pay.db, pay.order(order.id), 'coach-aflyste', 85_000, pay.now())).immediate()).toBeUndefined()
    })
  }

  it('is the same refund when the outbox row is carried out twice (the key makes Stripe answer the first)', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkout()
    await pay.fake.pay(session.id)
    await pay.runOutbox()
    pay.db.$client.transaction(() => queueRefund(pay.db, pay.order(order.id), 'afbud', 42_500, pay.now())).immediate()
    const [row] = effectsOf(pay.db, 'stripe-refund')
    const first = await pay.payments.stripe.refunds.create({ payment_intent: pay.order(order.id).stripePaymentIntent!, amount: 42_500, metadata: { ordre: order.publicId } }, { idempotencyKey: row!.idempotencyKey })
    await pay.runOutbox()
    expect(pay.fake.refunds).toHaveLength(1)
    expect(pay.db.select().from(orderRefunds).get()!.stripeRefundId).toBe(first.id)
    expect(pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 42_500 })
    // The same cause decided again while half is left (a second cancellation, a retry): no second refund.
    expect(pay.db.$client.transaction(() => queueRefund(pay.db, pay.order(order.id), 'afbud', 42_500, pay.now())).immediate()).toBeUndefined()
    expect(pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 42_500 })
    expect(effectsOf(pay.db, 'stripe-refund')).toHaveLength(1)
  })

  it('by hand is refused for an order that was never paid (a session paid afterwards, a hold that ran out): nothing recorded', async () => {
    const pay = await paymentHarness()
    const later = pay.payLater()
    expect(refundByHand(pay.db, later.booking.id, 100, pay.now())).toBe('ugyldigt-beloeb')
    const { order, booking } = await pay.checkout({ time: '11:00' })
    releaseHold(pay.db, order.id, pay.now())
    expect(refundByHand(pay.db, booking.id, 100, pay.now())).toBe('ugyldigt-beloeb')
    expect(pay.db.select().from(orderRefunds).all()).toEqual([])
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
    expect([pay.order(later.order.id).status, pay.order(order.id).status]).toEqual(['awaiting_payment', 'expired'])
  })
})
