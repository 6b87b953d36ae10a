import { describe, expect, it } from 'vitest'
import { siteOrigin } from '~/server/links/links.server'
import { openCheckout } from '~/server/payments/checkout.server'
import { paymentHarness } from './payment-harness'

// What the site asks Stripe for when it opens a checkout, as the fake Stripe received it: the
// line the payer sees, where »Annullér« leads back, the order's code on the payment itself; and a
// checkout opened again (a double click, the back button) while Stripe is down.

describe('the Checkout Session the site asks for', () => {
  it('names a session with its time, leads »Annullér« back to the session’s times, and puts the order’s code on the payment', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkout()
    expect(session.received).toMatchObject({
      mode: 'payment',
      cancel_url: `${siteOrigin()}/book/coachingsamtale?status=betaling-afbrudt#status`,
      line_items: [{ price_data: { product_data: { name: 'Coachingsamtale, 60 min – mandag 20. april kl. 9.00–10.00' } } }],
      payment_intent_data: { metadata: { ordre: order.publicId } },
    })
  })

  it('names a klippekort by its name and leads »Annullér« back to its purchase page', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkoutCard()
    expect(session.received).toMatchObject({
      mode: 'payment',
      cancel_url: `${siteOrigin()}/klippekort/koeb/klippekort-5?status=betaling-afbrudt#status`,
      line_items: [{ price_data: { product_data: { name: 'Klippekort, 5 coachingsamtaler' } } }],
      payment_intent_data: { metadata: { ordre: order.publicId } },
    })
  })

  it('opens the stored checkout again without asking Stripe, so Stripe being down then releases nothing', async () => {
    const pay = await paymentHarness()
    const { order, booking, url } = await pay.checkout()
    pay.fake.mode = 'down'
    const calls = pay.fake.calls.length
    expect(await openCheckout(pay.context, pay.order(order.id), booking)).toMatchObject({ status: 'checkout', url, order: { id: order.id } })
    expect(pay.fake.calls).toHaveLength(calls)
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    expect(pay.booking(booking.id).status).toBe('holdt')
    pay.fake.mode = 'up'
    await pay.fake.pay(order.stripeSessionId!)
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
  })
})
