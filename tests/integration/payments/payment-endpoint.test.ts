import { describe, expect, it, vi } from 'vitest'
import { bookings, orders } from '#db/schema'
import { orderToken } from '~/server/links/links.server'
import { handleOrderPost, handleSessionBookingPost } from '~/server/payments/payment-endpoint.server'
import { answerPaymentReturn } from '~/server/payments/payment-return.server'
import { temporaryContent } from '../../content-dir'
import { bookingEmailRows, effectsOf } from '../../outbox-rows'
import { formData } from '../../helpers'
import { inStartRequest } from '../../start-request'
import { paymentHarness } from './payment-harness'

// The paid booking form's post and the order page's withdrawal as the server answers them: the
// checkboxes, a double click, Stripe down, two visitors, payment switched off, and the two steps.
// Stripe from the environment (the fake's address), as the server has it; the facts from the
// shipped content's copy (tests/fixtures/content/ydelser.yaml, with its paid sessions).

const FORM_KEY = '0f8fad5b-d9cb-469f-a165-70867728950e'
const form = (changes: Record<string, string | undefined> = {}) =>
  formData(
    Object.fromEntries(
      Object.entries({ session: 'coachingsamtale', tidspunkt: '2026-04-20T09:00', navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: '', website: '', vilkaar: 'ja', 'start-tidligt': 'ja', formular: FORM_KEY, ...changes }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
  )

async function endpointHarness({ stripe = true } = {}) {
  const pay = await paymentHarness()
  temporaryContent()
  if (stripe) {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_harness')
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_test_harness')
    vi.stubEnv('STRIPE_API_URL', pay.fake.url)
  } else {
    vi.stubEnv('STRIPE_SECRET_KEY', '')
  }
  const deps = { db: pay.db, clock: pay.now, transport: pay.transport }
  const post = (body: FormData, address = '192.0.2.40') => inStartRequest(new Request('http://localhost/_serverFn/book', { method: 'POST' }), address, () => handleSessionBookingPost(body, deps)).then(({ result }) => result)
  return { pay, post, deps }
}

const location = (response: Response) => response.headers.get('location')

describe('the paid booking post', () => {
  it('holds nothing without the terms ticked, or, within 14 days, without the express request to start early', async () => {
    const { pay, post } = await endpointHarness()
    expect(location(await post(form({ vilkaar: undefined })))).toBe('/book/coachingsamtale/2026-04-20T09:00?status=vilkaar#bookingformular')
    expect(location(await post(form({ 'start-tidligt': undefined })))).toBe('/book/coachingsamtale/2026-04-20T09:00?status=start-tidligt#bookingformular')
    expect(pay.db.select().from(bookings).all()).toEqual([])
    // A session more than 14 days ahead needs no express request.
    const later = await post(form({ tidspunkt: '2026-05-04T09:00', 'start-tidligt': undefined }))
    expect(location(later)).toMatch(new RegExp(`^${pay.fake.url}/pay/cs_test_`))
    expect(pay.db.select().from(orders).get()).toMatchObject({ expressStart: false })
  })

  it('answers a double click with the same checkout, and a second visitor with »taget«', async () => {
    const { pay, post } = await endpointHarness()
    const [first, second] = await Promise.all([post(form()), post(form())])
    expect(location(first)).toMatch(new RegExp(`^${pay.fake.url}/pay/cs_test_`))
    expect(location(second)).toBe(location(first))
    expect(pay.db.select().from(orders).all()).toHaveLength(1)
    expect(pay.fake.sessions.size).toBe(1)
    const other = await post(form({ email: 'anden@eksempel.dk', formular: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' }), '192.0.2.41')
    expect(location(other)).toBe('/book/coachingsamtale?uge=2026-W17&status=taget#dag-2026-04-20')
  })

  it('tells the visitor in Danish when Stripe is down, charges nothing and frees the time', async () => {
    const { pay, post } = await endpointHarness()
    pay.fake.mode = 'down'
    expect(location(await post(form()))).toBe('/book/coachingsamtale/2026-04-20T09:00?status=stripe-nede#bookingformular')
    expect(pay.db.select().from(bookings).get()!.status).toBe('udloebet')
    pay.fake.mode = 'up'
    expect(location(await post(form({ formular: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' })))).toMatch(new RegExp(`^${pay.fake.url}/pay/`))
  })

  it('without STRIPE_SECRET_KEY books the session at once, to be paid afterwards', async () => {
    const { pay, post } = await endpointHarness({ stripe: false })
    expect(location(await post(form()))).toBe('/book/coachingsamtale?status=tjek-email-betaling#status')
    expect(pay.db.select().from(bookings).get()!.status).toBe('bekraeftet')
    expect(pay.db.select().from(orders).get()).toMatchObject({ payment: 'bagefter', status: 'awaiting_payment' })
    // Its confirmation went out at once (the server's own mail transport: the outbox folder in tests).
    expect(effectsOf(pay.db, 'order-email').map((row) => [row.payload.kind, row.status])).toEqual([['bekraeftelse', 'sent']])
    expect(bookingEmailRows(pay.db).filter((row) => row.kind === 'bekraeftelse').map((row) => [row.role, row.status, row.paymentNote])).toEqual([['coach', 'sent', 'betales bagefter (850 kr.) – send betalingslinket fra dit skrivebord']])
  })
})

describe('the withdrawal function', () => {
  it('asks twice: the first button only leads to the confirmation step, the second withdraws and refunds at once', async () => {
    const { pay, post, deps } = await endpointHarness()
    const checkout = await post(form())
    const order = pay.db.select().from(orders).get()!
    await pay.fake.pay(order.stripeSessionId!)
    expect(location(checkout)).toContain('/pay/')
    const token = orderToken(order.publicId)
    const first = await handleOrderPost(formData({ link: token, handling: 'fortryd' }), deps)
    expect(location(first)).toBe(`/ordre/${token}?trin=bekraeft#fortryd`)
    expect(pay.order(order.id)).toMatchObject({ status: 'paid', withdrawnAt: null })
    const second = await handleOrderPost(formData({ link: token, handling: 'bekraeft-fortrydelse' }), deps)
    expect(location(second)).toBe(`/ordre/${token}?status=fortrudt#status`)
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    await vi.waitFor(() => expect(pay.fake.refunds.map((refund) => refund.amount)).toEqual([85_000]))
    expect(location(await handleOrderPost(formData({ link: 'x'.repeat(32), handling: 'bekraeft-fortrydelse' }), deps))).toBe('/')
  })
})

describe('the return from Checkout', () => {
  it('fulfils a payment whose webhook never came, then leads to the order’s page; an unknown session leads nowhere', async () => {
    const { pay, post } = await endpointHarness()
    pay.fake.webhook.deliver = false
    await post(form())
    const order = pay.db.select().from(orders).get()!
    await pay.fake.pay(order.stripeSessionId!)
    expect(pay.order(order.id).status).toBe('awaiting_payment')
    const back = await answerPaymentReturn(new Request(`http://localhost/betaling/tak?session_id=${order.stripeSessionId}`), { db: pay.db, clock: pay.now })
    expect(location(back)).toBe(`/ordre/${orderToken(order.publicId)}?status=betalt#status`)
    expect(pay.order(order.id)).toMatchObject({ status: 'paid' })
    expect(pay.receiptNumber(order.id)).toBe('2026-0001')
    // Only the session's own id finds an order: not the order's code, not a made-up id.
    expect(location(await answerPaymentReturn(new Request(`http://localhost/betaling/tak?session_id=${order.publicId}`), { db: pay.db, clock: pay.now }))).toBe('/ydelser')
    expect(location(await answerPaymentReturn(new Request('http://localhost/betaling/tak?session_id=cs_test_findesikke1'), { db: pay.db, clock: pay.now }))).toBe('/ydelser')
  })

  it('says »venter« while the session is not paid', async () => {
    const { pay, post } = await endpointHarness()
    await post(form())
    const order = pay.db.select().from(orders).get()!
    const back = await answerPaymentReturn(new Request(`http://localhost/betaling/tak?session_id=${order.stripeSessionId}`), { db: pay.db, clock: pay.now })
    expect(location(back)).toBe(`/ordre/${orderToken(order.publicId)}?status=venter#status`)
  })
})

