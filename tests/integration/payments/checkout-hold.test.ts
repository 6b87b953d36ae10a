import { describe, expect, it } from 'vitest'
import { bookings, orders } from '#db/schema'
import { openCheckout } from '~/server/payments/checkout.server'
import { effectsOf } from '../../outbox-rows'
import { createBooking } from '~/server/booking/bookings.server'
import { MONDAY, details } from '../booking-helpers'
import { paymentHarness } from './payment-harness'

// PAYMENTS.md failure cases 11 (a held time; two visitors; a double click) and »Stripe down at
// checkout«, with the real SDK over HTTP against the fake Stripe.

describe('holding a time and opening its checkout', () => {
  it('makes one Checkout Session: card and MobilePay, kroner, Danish, ending with the hold, the order as its only reference', async () => {
    const pay = await paymentHarness()
    const { order, session, url } = await pay.checkout()
    expect(url).toBe(`${pay.fake.url}/pay/${session.id}`)
    expect(order).toMatchObject({ status: 'awaiting_payment', amountOere: 85_000, currency: 'dkk', termsVersion: 'test-1', expressStart: true, stripeSessionId: session.id })
    expect(Date.parse(order.holdUntil!) - pay.now().getTime()).toBe(30 * 60_000)
    expect(session).toMatchObject({ amount_total: 85_000, currency: 'dkk', locale: 'da', client_reference_id: String(order.id), expires_at: Date.parse(order.holdUntil!) / 1000, customer_email: 'mette@eksempel.dk' })
    expect(session.allowed_payment_method_types).toEqual(['card', 'mobilepay'])
    // Nothing about the person or her note in Stripe's metadata: the order's code only.
    expect(session.metadata).toEqual({ ordre: order.publicId })
    expect(JSON.stringify(session.received)).not.toContain('Mette')
    expect(pay.fake.calls.filter((call) => call.path === '/v1/checkout/sessions')).toEqual([{ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: `checkout:${order.id}` }])
  })

  it('takes a held time for everyone else, before any payment, and e-mails nobody', async () => {
    const pay = await paymentHarness()
    const { booking } = await pay.checkout()
    expect(booking.status).toBe('holdt')
    expect(pay.hold({ email: 'anden@eksempel.dk' })).toEqual({ status: 'taget' })
    // 10:00 lies inside the held hour's pause (60 minutes from 09:00, 15 minutes' buffer).
    expect(pay.hold({ email: 'anden@eksempel.dk', time: '10:00' })).toEqual({ status: 'taget' })
    expect(pay.hold({ email: 'anden@eksempel.dk', time: '11:00' }).status).toBe('holdt')
    expect(effectsOf(pay.db, 'booking-email')).toEqual([])
    expect(effectsOf(pay.db, 'order-email')).toEqual([])
    expect(effectsOf(pay.db, 'calendar-write')).toEqual([])
  })

  it('never overlaps the free conversation: each takes its time from the other, with the buffer', async () => {
    const pay = await paymentHarness()
    // A held paid hour at 09:00 (to 10:00, then 15 minutes' pause) takes the free conversation's 10:00.
    await pay.checkout()
    expect(createBooking(pay.db, { availability: pay.availability, date: MONDAY, time: '10:00', details: details('fri@eksempel.dk'), ipHash: 'ip-fri', now: pay.now() }).status).toBe('taget')
    // A free conversation at 11:00 (to 11:30) takes a paid hour starting 11:00.
    expect(createBooking(pay.db, { availability: pay.availability, date: MONDAY, time: '11:00', details: details('fri2@eksempel.dk'), ipHash: 'ip-fri2', now: pay.now() }).status).toBe('booket')
    expect(pay.hold({ email: 'anden@eksempel.dk', time: '11:00' })).toEqual({ status: 'taget' })
  })

  it('gives one of twenty visitors on one time the hold; the others are told it is taken', async () => {
    const pay = await paymentHarness()
    const outcomes = Array.from({ length: 20 }, (_, index) => pay.hold({ email: `besoegende${index}@eksempel.dk` }).status)
    expect(outcomes.filter((status) => status === 'holdt')).toHaveLength(1)
    expect(outcomes.filter((status) => status === 'taget')).toHaveLength(19)
    // The database itself refuses a second hold of one start, whatever the code does.
    const [held] = pay.db.select().from(bookings).all()
    expect(() => pay.db.insert(bookings).values({ ...held!, id: undefined, publicId: 'andenhold', manageTokenHash: 'x', status: 'holdt' }).run()).toThrow(/UNIQUE/)
  })

  it('makes one order and one session of a double click (the same form posted twice)', async () => {
    const pay = await paymentHarness()
    const first = pay.hold({ requestKey: 'formular-dobbelt' })
    const second = pay.hold({ requestKey: 'formular-dobbelt' })
    expect(first.status).toBe('holdt')
    expect(second).toMatchObject({ status: 'samme-formular', order: { id: (first as { order: { id: number } }).order.id } })
    const order = (first as { order: Parameters<typeof openCheckout>[1]; booking: { startsAt: string; endsAt: string } })
    const [a, b] = await Promise.all([openCheckout(pay.context, order.order, order.booking), openCheckout(pay.context, order.order, order.booking)])
    expect(a).toMatchObject({ status: 'checkout' })
    expect(b).toMatchObject({ status: 'checkout', url: (a as { url: string }).url })
    expect(pay.db.select().from(orders).all()).toHaveLength(1)
    expect(pay.fake.sessions.size).toBe(1)
  })

  for (const how of ['down', 'error'] as const) {
    it(`releases the hold at once when Stripe is ${how === 'down' ? 'unreachable' : 'answering 500'}, and nothing can be charged`, async () => {
      const pay = await paymentHarness()
      pay.fake.mode = how
      const held = pay.hold()
      if (held.status !== 'holdt') throw new Error('not held')
      expect(await openCheckout(pay.context, held.order, held.booking)).toEqual({ status: 'stripe-nede' })
      expect(pay.order(held.order.id).status).toBe('expired')
      expect(pay.booking(held.booking.id).status).toBe('udloebet')
      expect(pay.fake.sessions.size).toBe(0)
      // The time is free again for the next visitor.
      pay.fake.mode = 'up'
      expect(pay.hold({ email: 'naeste@eksempel.dk', date: MONDAY }).status).toBe('holdt')
    })
  }
})
