import { describe, expect, it } from 'vitest'
import { stripeEvents } from '#db/schema'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { sendPaymentLink } from '~/server/payments/payment-desk.server'
import { releaseHold } from '~/server/payments/orders.server'
import { handleStripeWebhook } from '~/server/payments/webhook.server'
import { effectsOf } from '../../outbox-rows'
import { WEBHOOK_SECRET, paymentHarness } from './payment-harness'

// Stripe's events as the webhook answers them, read back as Stripe reads the answer (status and
// text): payments not set up, a body too large, an event again, an expiry Stripe reports (and one
// it does not), the delayed payment methods' success, Stripe not answering while an event is
// handled, an order whose session was never stored, and which outcomes send the e-mails at once.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

/** Posts a body signed with the webhook's secret straight to the handler, as the route does; the answer's status and text. */
async function post(pay: Harness, body: string | Buffer, { signed = true } = {}) {
  const payload = typeof body === 'string' ? body : body.toString('latin1')
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (signed) headers['Stripe-Signature'] = pay.payments.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(pay.now().getTime() / 1000) })
  const answer = await handleStripeWebhook(pay.context, new Request('http://site/betaling/stripe', { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) }))
  return { status: answer.status, text: await answer.text() }
}

/** An event's body as Stripe signs it. */
const eventOf = (pay: Harness, type: string, session: object, id: string) => JSON.stringify(pay.event(type, session, id), null, 2)

const recorded = (pay: Harness) => pay.db.select().from(stripeEvents).all().map((row) => [row.id, row.orderId])

describe('the Stripe webhook', () => {
  it('answers 400 »Betaling er ikke sat op.« as uncached plain text when payments are not set up, and records nothing', async () => {
    const pay = await paymentHarness()
    const request = () => new Request('http://site/betaling/stripe', { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=abc' }, body: '{}' })
    for (const context of [undefined, { ...pay.context, payments: { ...pay.payments, webhookSecret: '' } }]) {
      const answer = await handleStripeWebhook(context, request())
      expect(answer.status).toBe(400)
      expect(await answer.text()).toBe('Betaling er ikke sat op.')
      expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
      expect(answer.headers.get('Cache-Control')).toBe('no-store')
    }
    expect(recorded(pay)).toEqual([])
  })

  it('refuses a body over 512 KiB with 413 before reading it, and checks the signature of one of exactly 512 KiB', async () => {
    const pay = await paymentHarness()
    expect(await post(pay, Buffer.alloc(512 * 1024 + 1, 0x20))).toEqual({ status: 413, text: 'For stor.' })
    expect(await post(pay, Buffer.alloc(512 * 1024, 0x20), { signed: false })).toEqual({ status: 400, text: 'Ugyldig signatur.' })
  })

  it('lets a »refunded« that comes before »completed« change nothing: the payment is then confirmed once', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkout()
    const refundedFirst = pay.event('charge.refunded', { object: 'charge', id: 'ch_test_early', amount_refunded: 85_000 }, 'evt_test_refunded_first')
    expect(await pay.fake.deliver(refundedFirst)).toBe(200)
    expect(pay.order(order.id)).toMatchObject({ status: 'awaiting_payment', refundedOere: 0 })
    await pay.fake.pay(session.id)
    expect(pay.order(order.id)).toMatchObject({ status: 'paid', refundedOere: 0 })
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
  })

  it('answers »Modtaget.«, then »Allerede modtaget.« to the same event again, and notes it with its order', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, session } = await pay.checkout()
    const event = await pay.fake.pay(session.id)
    const body = JSON.stringify(event, null, 2)
    expect(await post(pay, body)).toEqual({ status: 200, text: 'Modtaget.' })
    expect(pay.order(order.id).status).toBe('paid')
    expect(await post(pay, body)).toEqual({ status: 200, text: 'Allerede modtaget.' })
    expect(recorded(pay)).toEqual([[event.id, order.id]])
  })

  it('frees the held time as soon as Stripe reports the session expired, before any job runs', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, booking, session } = await pay.checkout()
    pay.advance(31)
    // Asked after its time, Stripe expires the session and sends »expired«.
    expect((await pay.payments.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired')
    const expired = pay.fake.events.find((event) => event.type === 'checkout.session.expired')!
    expect(await post(pay, JSON.stringify(expired, null, 2))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(pay.order(order.id).status).toBe('expired')
    expect(pay.booking(booking.id).status).toBe('udloebet')
    expect(pay.hold({ email: 'anden@eksempel.dk' }).status).toBe('holdt')
    expect(recorded(pay)).toEqual([[expired.id, order.id]])
  })

  it('frees nothing on an »expired« event while Stripe still has the session open', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    expect(await post(pay, eventOf(pay, 'checkout.session.expired', { ...session, status: 'expired', url: null }, 'evt_test_expired_early'))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    expect(pay.booking(booking.id).status).toBe('holdt')
    expect(pay.hold({ email: 'anden@eksempel.dk' })).toEqual({ status: 'taget' })
    // The session can still be paid, and the time is hers.
    await pay.fake.pay(session.id)
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
  })

  it('confirms a delayed payment on »async_payment_succeeded«, and asks Stripe nothing on »async_payment_failed« even when Stripe is down', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, booking, session } = await pay.checkout()
    pay.fake.mode = 'down'
    expect(await post(pay, eventOf(pay, 'checkout.session.async_payment_failed', pay.fake.sessions.get(session.id)!, 'evt_test_async_failed'))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    pay.fake.mode = 'up'
    await pay.fake.pay(session.id)
    expect(await post(pay, eventOf(pay, 'checkout.session.async_payment_succeeded', pay.fake.sessions.get(session.id)!, 'evt_test_async_paid'))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(pay.order(order.id).status).toBe('paid')
    expect(pay.booking(booking.id).status).toBe('bekraeftet')
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
  })

  it('answers 500 »Prøv igen.« and records nothing when Stripe cannot be asked, and confirms the payment when Stripe sends the event again', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, session } = await pay.checkout()
    const body = JSON.stringify(await pay.fake.pay(session.id), null, 2)
    pay.fake.mode = 'error'
    expect(await post(pay, body)).toEqual({ status: 500, text: 'Prøv igen.' })
    expect(recorded(pay)).toEqual([])
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    pay.fake.mode = 'up'
    expect(await post(pay, body)).toEqual({ status: 200, text: 'Modtaget.' })
    expect(pay.order(order.id).status).toBe('paid')
  })

  it('answers a late »completed« for an order already paid at once, without asking Stripe (also while Stripe is down)', async () => {
    const pay = await paymentHarness()
    pay.fake.webhook.deliver = false
    const { order, session } = await pay.checkout()
    const event = await pay.fake.pay(session.id)
    // The return page fulfilled it first.
    expect(await fulfilOrder(pay.context, order.id)).toMatchObject({ status: 'betalt' })
    pay.fake.mode = 'down'
    expect(await post(pay, JSON.stringify(event, null, 2))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(recorded(pay)).toEqual([[event.id, order.id]])
  })

  it('notes an event naming an order by its reference whose session was never stored, and asks Stripe nothing about it', async () => {
    const pay = await paymentHarness()
    const held = pay.hold()
    if (held.status !== 'holdt') throw new Error('not held')
    // Stripe made a session whose answer never arrived: its events name the order by reference only.
    const lost = { id: 'cs_test_neverstored1', object: 'checkout.session', client_reference_id: String(held.order.id), amount_total: 85_000, currency: 'dkk', livemode: false, status: 'complete', payment_status: 'paid' }
    pay.fake.mode = 'down'
    expect(await post(pay, eventOf(pay, 'checkout.session.completed', lost, 'evt_test_lost_completed'))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(await post(pay, eventOf(pay, 'checkout.session.expired', { ...lost, status: 'expired', payment_status: 'unpaid' }, 'evt_test_lost_expired'))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(recorded(pay)).toEqual([
      ['evt_test_lost_completed', held.order.id],
      ['evt_test_lost_expired', held.order.id],
    ])
    expect(pay.order(held.order.id).status).toBe('awaiting_payment')
    expect(pay.booking(held.booking.id).status).toBe('holdt')
  })

  it('sends an order’s e-mails at once when its payment is taken or refunded, and not for an event that changes nothing', async () => {
    const pay = await paymentHarness()
    const delivered: number[] = []
    pay.context.deliver = async (orderId) => void delivered.push(orderId)
    // Paid: the confirmation with its receipt goes at once.
    const paid = await pay.checkout()
    await pay.fake.pay(paid.session.id)
    expect(delivered).toEqual([paid.order.id])
    expect(effectsOf(pay.db, 'order-email').map((row) => row.idempotencyKey)).toEqual([`order-${paid.order.publicId}-bekraeftelse`])
    // Paid, but the return page got there first: nothing more to send.
    pay.fake.webhook.deliver = false
    const first = await pay.checkout({ email: 'anden@eksempel.dk', time: '11:00' })
    const late = await pay.fake.pay(first.session.id)
    await fulfilOrder(pay.context, first.order.id)
    expect(await pay.fake.deliver(late)).toBe(200)
    // A »completed« Stripe does not call paid: nothing.
    const unpaid = await pay.checkout({ email: 'tredje@eksempel.dk', date: '2026-04-27' })
    expect(await post(pay, eventOf(pay, 'checkout.session.completed', unpaid.session, 'evt_test_unpaid'))).toEqual({ status: 200, text: 'Modtaget.' })
    expect(delivered).toEqual([paid.order.id])
    pay.fake.webhook.deliver = true
    // Paid for a time given away meanwhile: the apology and the refund go at once.
    const given = await pay.checkout({ email: 'fjerde@eksempel.dk', date: '2026-04-27', time: '11:00' })
    releaseHold(pay.db, given.order.id, pay.now())
    expect(pay.hold({ email: 'femte@eksempel.dk', date: '2026-04-27', time: '11:00' }).status).toBe('holdt')
    await pay.fake.pay(given.session.id)
    expect(pay.order(given.order.id).status).toBe('refunded')
    expect(delivered).toEqual([paid.order.id, given.order.id])
    // A klippekort paid.
    const card = await pay.checkoutCard({ email: 'sjette@eksempel.dk' })
    await pay.fake.pay(card.session.id)
    expect(delivered).toEqual([paid.order.id, given.order.id, card.order.id])
    // A session paid afterwards through her payment link: the receipt goes at once.
    const after = pay.payLater({ email: 'syvende@eksempel.dk', date: '2026-05-04' })
    expect(await sendPaymentLink(pay.context, after.booking.id)).toBe('link-sendt')
    await pay.fake.pay(pay.order(after.order.id).stripeSessionId!)
    expect(pay.order(after.order.id).status).toBe('paid')
    expect(delivered).toEqual([paid.order.id, given.order.id, card.order.id, after.order.id])
  })
})
