import { describe, expect, it, vi } from 'vitest'
import { type DeskDeps, handleDeskAction } from '~/server/desk/desk-actions.server'
import { newSignInLink, redeemSignInLink, sessionCookieName } from '~/server/desk/desk-auth.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { exportBookings } from '~/server/booking/booking-admin.server'
import { deskBookingPage, deskPerson } from '~/server/desk/desk-views.server'
import { refundByHand, sendPaymentLink } from '~/server/payments/payment-desk.server'
import { formData } from '../../helpers'
import { effectsOf } from '../../outbox-rows'
import { WEBHOOK_SECRET, paymentHarness } from './payment-harness'

// The coach's desk: each booking's payment, her refund by hand, and the payment link of a
// session paid afterwards, paid through the one fulfilment.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

/** The coach signed in on her desk: a post of one of its forms answers with the address it sends her to. */
function signedInDesk(pay: Harness) {
  const token = newSignInLink(pay.db, '/coach', pay.now())
  const deps: DeskDeps = { db: pay.db, clock: pay.now, cookieHeader: `${sessionCookieName()}=${redeemSignInLink(pay.db, token, pay.now())!.sessionToken}`, clientAddress: '203.0.113.7' }
  const page = deskPage({ page: 'oversigt', key: '' }, deps)
  if (!page.signedIn) throw new Error('not signed in')
  return async (fields: Record<string, string>) => (await handleDeskAction(formData({ formular: page.formToken, ...fields }), deps)).headers.get('Location')
}

describe('payments on the desk', () => {
  it('shows a paid booking as paid, and refunds by hand, each refund with its own key, never more than was paid', async () => {
    const pay = await paymentHarness()
    const { order, booking, session } = await pay.checkout()
    expect(deskBookingPage(pay.db, booking.publicId, pay.now())!.payment).toMatchObject({ line: 'Afventer betaling: 850 kr.' })
    await pay.fake.pay(session.id)
    expect(deskBookingPage(pay.db, booking.publicId, pay.now())!.payment).toEqual({ line: 'Betalt: 850 kr. (kvittering nr. 2026-0001)', problem: null, refundableKroner: 850, canSendLink: false })
    expect(refundByHand(pay.db, booking.id, 300, pay.now())).toBe('refunderet')
    expect(refundByHand(pay.db, booking.id, 600, pay.now())).toBe('ugyldigt-beloeb')
    expect(refundByHand(pay.db, booking.id, 0, pay.now())).toBe('ugyldigt-beloeb')
    expect(refundByHand(pay.db, booking.id, 550, pay.now())).toBe('refunderet')
    expect(effectsOf(pay.db, 'stripe-refund').map((row) => row.idempotencyKey)).toEqual([`refund:${order.publicId}:manuel-1`, `refund:${order.publicId}:manuel-2`])
    await pay.runOutbox()
    expect(pay.fake.refunds.map((refund) => refund.amount)).toEqual([30_000, 55_000])
    expect(deskBookingPage(pay.db, booking.publicId, pay.now())!.payment).toMatchObject({ line: 'Refunderet: 850 kr. af 850 kr.', refundableKroner: null })
  })

  it('sends a payment link for a session paid afterwards; paid, it is fulfilled like any other, with a receipt', async () => {
    const pay = await paymentHarness()
    const held = pay.payLater()
    expect(pay.booking(held.booking.id).status).toBe('bekraeftet')
    expect(deskBookingPage(pay.db, held.booking.publicId, pay.now())!.payment).toMatchObject({ line: 'Betales bagefter: 850 kr. (ikke betalt endnu)', canSendLink: true })
    pay.advance(60 * 24 * 10)
    expect(await sendPaymentLink(pay.context, held.booking.id)).toBe('link-sendt')
    const order = pay.order(held.order.id)
    const session = pay.fake.sessions.get(order.stripeSessionId!)!
    expect(session).toMatchObject({ amount_total: 85_000, client_reference_id: String(order.id), metadata: { ordre: order.publicId } })
    expect(session.expires_at - Math.floor(pay.now().getTime() / 1000)).toBeLessThanOrEqual(24 * 3600)
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['bekraeftelse', 'betalingslink'])
    await pay.fake.pay(session.id)
    expect(pay.order(order.id)).toMatchObject({ status: 'paid' })
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['bekraeftelse', 'betalingslink', 'kvittering'])
    expect(await sendPaymentLink(pay.context, held.booking.id)).toBe('ingen-betaling')
  })
})

describe('a payment link that ran out', () => {
  it('leaves the session booked and unpaid, and she sends a new one', async () => {
    const pay = await paymentHarness()
    const held = pay.payLater()
    expect(await sendPaymentLink(pay.context, held.booking.id)).toBe('link-sendt')
    const first = pay.order(held.order.id).stripeSessionId!
    // A day later the link has run out at Stripe, which tells the site so.
    pay.advance(25 * 60)
    await pay.payments.stripe.checkout.sessions.retrieve(first)
    const ranOut = pay.fake.events.find((event) => event.type === 'checkout.session.expired')!
    expect(await pay.fake.deliver(ranOut)).toBe(200)
    expect(pay.order(held.order.id).status).toBe('awaiting_payment')
    expect(pay.booking(held.booking.id).status).toBe('bekraeftet')
    expect(deskBookingPage(pay.db, held.booking.publicId, pay.now())!.payment).toMatchObject({ line: 'Betales bagefter: 850 kr. (ikke betalt endnu)', canSendLink: true })
    expect(await sendPaymentLink(pay.context, held.booking.id)).toBe('link-sendt')
    const second = pay.order(held.order.id).stripeSessionId!
    expect(second).not.toBe(first)
    await pay.fake.pay(second)
    expect(pay.order(held.order.id)).toMatchObject({ status: 'paid' })
  })
})

describe('the payment buttons of her desk', () => {
  it('refund the amount she typed in kroner, refuse more than was paid, and say so when no payment provider is set up', async () => {
    const pay = await paymentHarness()
    const { booking, session } = await pay.checkout()
    await pay.fake.pay(session.id)
    const desk = signedInDesk(pay)
    const press = (fields: Record<string, string>) => desk({ tilbage: `/coach/booking/${booking.publicId}`, kode: booking.publicId, ...fields })

    expect(await press({ handling: 'refunder', beloeb: ' 300 ' })).toBe(`/coach/booking/${booking.publicId}?status=refunderet`)
    expect(await press({ handling: 'refunder', beloeb: '600' })).toBe(`/coach/booking/${booking.publicId}?status=ugyldigt-beloeb`)
    expect(effectsOf(pay.db, 'stripe-refund').map((row) => row.payload.amountOere)).toEqual([30_000])
    // Her confirmation of the refund is in the outbox beside the refund itself, and went at once,
    // not with the worker's next run; the refund waits for a provider (this process has none).
    expect(effectsOf(pay.db, 'order-email').map((row) => [row.payload.kind, row.status])).toEqual([['bekraeftelse', 'sent'], ['refusion', 'sent']])
    // This process has no STRIPE_SECRET_KEY: the link button says so and queues nothing.
    expect(await press({ handling: 'betalingslink' })).toBe(`/coach/booking/${booking.publicId}?status=ingen-betaling`)
  })
})

describe('her buttons with Stripe set up', () => {
  /** Signed in on the desk of a server whose configuration names Stripe (the fake standing in for it). */
  const withStripe = (pay: Harness) => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_harness')
    vi.stubEnv('STRIPE_API_URL', pay.fake.url)
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', WEBHOOK_SECRET)
    const press = signedInDesk(pay)
    return (code: string, fields: Record<string, string>) => press({ tilbage: `/coach/booking/${code}`, kode: code, ...fields })
  }

  it('send the link of a session paid afterwards and e-mail it at once', async () => {
    const pay = await paymentHarness()
    const held = pay.payLater()
    // Before Stripe is set up the button says so and sends nothing.
    expect(await signedInDesk(pay)({ tilbage: '/coach', kode: held.booking.publicId, handling: 'betalingslink' })).toBe(`/coach/booking/${held.booking.publicId}?status=ingen-betaling`)
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['bekraeftelse'])
    const press = withStripe(pay)
    expect(await press(held.booking.publicId, { handling: 'betalingslink' })).toBe(`/coach/booking/${held.booking.publicId}?status=link-sendt`)
    const session = pay.fake.sessions.get(pay.order(held.order.id).stripeSessionId!)!
    expect(session).toMatchObject({ amount_total: 85_000, metadata: { ordre: held.order.publicId } })
    expect(session.expires_at - Math.floor(pay.now().getTime() / 1000)).toBeLessThanOrEqual(24 * 3600)
    expect(effectsOf(pay.db, 'order-email').map((row) => [row.payload.kind, row.status])).toEqual([['bekraeftelse', 'sent'], ['betalingslink', 'sent']])
  })

  it('cancel a paid session and refund it in full at once, not with the worker’s next run', async () => {
    const pay = await paymentHarness()
    const { booking, session } = await pay.checkout()
    await pay.fake.pay(session.id)
    const press = withStripe(pay)
    expect(await press(booking.publicId, { handling: 'aflys', begrundelse: 'Jeg er syg.' })).toBe(`/coach/booking/${booking.publicId}?status=aflyst`)
    expect(pay.fake.refunds.map((refund) => refund.amount)).toEqual([85_000])
    expect(effectsOf(pay.db, 'order-email').map((row) => [row.payload.kind, row.status])).toEqual([['bekraeftelse', 'sent'], ['refusion', 'sent']])
  })
})

describe('a person’s orders', () => {
  it('are on her desk page and part of her export (kept for the bookkeeping after her bookings are gone), without the link’s hash or the form’s key', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkout({ email: 'Mette@Eksempel.dk' })
    await pay.fake.pay(session.id)
    const exported = await exportBookings('mette@eksempel.dk', { db: pay.db })
    expect(exported.orders).toMatchObject([{ publicId: order.publicId, status: 'paid', amountOere: 85_000 }])
    expect(Object.keys(exported.orders[0]!)).not.toContain('tokenHash')
    expect(Object.keys(exported.orders[0]!)).not.toContain('requestKey')
    // Her page on the desk lists the booking with its payment.
    expect(deskPerson(pay.db, 'mette@eksempel.dk', pay.now())!.bookings).toMatchObject([{ status: 'kommende', payment: 'Betalt: 850 kr. (kvittering nr. 2026-0001)' }])
    // Erased from the desk, she is told that the receipt stays for the bookkeeping.
    expect(await signedInDesk(pay)({ tilbage: '/coach', handling: 'slet', email: 'mette@eksempel.dk', bekraeft: 'ja' })).toBe('/coach?status=slettet-bogfoering-gemt')
  })
})

