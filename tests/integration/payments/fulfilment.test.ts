import { describe, expect, it } from 'vitest'
import { orders, stripeEvents } from '#db/schema'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { catchUpPayments } from '~/server/payments/holds.server'
import { bookingEmailRows, effectsOf } from '../../outbox-rows'
import { paymentHarness } from './payment-harness'

// PAYMENTS.md failure cases 4–8: a webhook lost, repeated (also at once, also with the return
// page), out of order; the signature; a payment that does not match its order.

const state = (pay: Awaited<ReturnType<typeof paymentHarness>>) =>
  JSON.stringify([pay.db.select().from(orders).all(), effectsOf(pay.db, 'order-email'), effectsOf(pay.db, 'booking-email'), effectsOf(pay.db, 'stripe-refund')])

describe('one fulfilment', () => {
  it('confirms a paid booking from the signed webhook the hosted page sends: the receipt numbered, the e-mails queued', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    await pay.fake.pay(session.id)
    const paid = pay.order(order.id)
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
    expect(paid).toMatchObject({ status: 'paid', stripePaymentIntent: pay.fake.sessions.get(session.id)!.payment_intent, livemode: false })
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
    // The client's confirmation is the order's (receipt, terms, withdrawal form); the coach's says it is paid.
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['bekraeftelse'])
    expect(bookingEmailRows(pay.db).map((row) => [row.kind, row.role])).toEqual([['bekraeftelse', 'coach'], ['paamindelse', 'gaest']])
    expect(bookingEmailRows(pay.db)[0]!.paymentNote).toBe('betalt 850 kr. (kvittering nr. 2026-0001)')
    expect(effectsOf(pay.db, 'calendar-write')).toHaveLength(1)
    // The confirmation is the durable medium: the receipt, the terms it was bought under, the withdrawal form, the invitation.
    await pay.runOutbox()
    const confirmation = pay.transport.sent.find((email) => email.to === 'mette@eksempel.dk' && email.subject.startsWith('Din coachingsamtale er booket'))!
    expect(confirmation.text).toContain('Kvittering nr. 2026-0001')
    // The fixture's seller is not registered for moms: the receipt says so and has no moms lines.
    expect(confirmation.text).toContain('Betalt i alt: 850 kr.')
    expect(confirmation.text).toContain('Sælger er ikke momsregistreret.')
    expect(confirmation.text).toMatch(/^Betalt: 850 kr\.$/m)
    expect(confirmation.text).toContain('Vilkår (version test-1)')
    expect(confirmation.text).toContain('Standardfortrydelsesformular')
    expect(confirmation.text).toContain('Du har udtrykkeligt bedt om, at sessionen begynder inden for fortrydelsesfristen')
    expect(confirmation.attachments?.map((file) => file.filename)).toEqual(['invitation.ics', 'kvittering-2026-0001.pdf'])
    const coach = pay.transport.sent.find((email) => email.subject.startsWith('Ny booking'))!
    expect(coach.text).toContain('Betaling: betalt 850 kr. (kvittering nr. 2026-0001)')
  })

  it('changes nothing when the same event comes again, twice at once, or with the return page at once', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, session } = await pay.checkout()
    const event = await pay.fake.pay(session.id)
    const statuses = await Promise.all([pay.fake.deliver(event), pay.fake.deliver(event), fulfilOrder(pay.context, order.id), fulfilOrder(pay.context, order.id)])
    expect(statuses.slice(0, 2)).toEqual([200, 200])
    expect(pay.order(order.id)).toMatchObject({ status: 'paid' })
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
    const after = state(pay)
    expect(await pay.fake.deliver(event)).toBe(200)
    expect(state(pay)).toBe(after)
    expect(effectsOf(pay.db, 'order-email')).toHaveLength(1)
    expect(pay.db.select().from(stripeEvents).all()).toHaveLength(1)
  })

  it('is done by the return page or the catch-up job when the webhook never comes', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const first = await pay.checkout()
    const second = await pay.checkout({ email: 'anden@eksempel.dk', time: '11:00' })
    await pay.fake.pay(first.session.id)
    await pay.fake.pay(second.session.id)
    expect(await fulfilOrder(pay.context, first.order.id)).toMatchObject({ status: 'betalt' })
    pay.advance(5)
    expect(await catchUpPayments(pay.context)).toBe(1)
    expect(pay.order(second.order.id)).toMatchObject({ status: 'paid' })
    expect(pay.receiptNumber(second.order.id)).toBe('2026-0002')
    expect(await catchUpPayments(pay.context)).toBe(0)
  })

  it('lets an »expired« after »completed« change nothing, and believes no »completed« for a session not paid', async () => {
    const pay = await paymentHarness()
    const unpaid = await pay.checkout({ email: 'anden@eksempel.dk', time: '11:00' })
    // A »completed« for a session Stripe does not call paid: Stripe is asked, and the order waits.
    expect(await pay.fake.deliver(pay.event('checkout.session.completed', unpaid.session, 'evt_test_not_paid'))).toBe(200)
    expect(pay.order(unpaid.order.id).status).toBe('awaiting_payment')
    const { order, session } = await pay.checkout()
    await pay.fake.pay(session.id)
    const paid = state(pay)
    expect(await pay.fake.deliver(pay.event('checkout.session.expired', session, 'evt_test_late_expired'))).toBe(200)
    expect(state(pay)).toBe(paid)
    expect(pay.order(order.id).status).toBe('paid')
  })

  it('refuses a wrong signature, a tampered or re-serialised body, no header and an old timestamp with a 400 that changes nothing', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, session } = await pay.checkout()
    const event = await pay.fake.pay(session.id)
    const before = state(pay)
    const body = JSON.stringify(event, null, 2)
    expect(await pay.fake.deliver(event, { secret: 'whsec_wrong' })).toBe(400)
    expect(await pay.fake.deliver(event, { tampered: (signed) => signed.replace('"amount_total": 85000', '"amount_total": 100') })).toBe(400)
    expect(await pay.fake.deliver(event, { timestamp: Math.floor(pay.now().getTime() / 1000) - 301 })).toBe(400)
    // Signed over the raw bytes: the same event serialised again (compact) does not verify against that signature.
    const signed = pay.payments.stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_test_harness', timestamp: Math.floor(pay.now().getTime() / 1000) })
    const reserialised = await fetch(pay.fake.webhook.url!, { method: 'POST', headers: { 'Stripe-Signature': signed }, body: JSON.stringify(JSON.parse(body)) })
    expect(reserialised.status).toBe(400)
    const unsigned = await fetch(pay.fake.webhook.url!, { method: 'POST', body })
    expect(unsigned.status).toBe(400)
    expect(state(pay)).toBe(before)
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    // A valid event for an order that is not ours is noted and answered 200 (Stripe stops sending it).
    const stranger = { ...event, id: 'evt_test_stranger', data: { object: { ...event.data.object, id: 'cs_test_unknown', client_reference_id: '999' } } } as typeof event
    expect(await pay.fake.deliver(stranger)).toBe(200)
    expect(await pay.fake.deliver(event)).toBe(200)
    expect(pay.order(order.id).status).toBe('paid')
  })

  for (const [what, tamper] of [
    ['amount', (session: { amount_total: number }) => (session.amount_total = 100)],
    ['currency', (session: { currency: string }) => (session.currency = 'eur')],
    ['mode', (session: { livemode: boolean }) => (session.livemode = true)],
  ] as const) {
    it(`refuses a payment whose ${what} differs from the order, and tells the coach`, async () => {
      const pay = await paymentHarness()
      const { order, booking, session } = await pay.checkout()
      tamper(pay.fake.sessions.get(session.id)! as never)
      await pay.fake.pay(session.id)
      const refused = pay.order(order.id)
      expect(refused.status).toBe('awaiting_payment')
      expect(refused.problem).toMatch(/passer ikke til ordren/)
      expect(pay.booking(booking.id).status).toBe('holdt')
      expect(effectsOf(pay.db, 'order-email')).toEqual([])
    })
  }
})
