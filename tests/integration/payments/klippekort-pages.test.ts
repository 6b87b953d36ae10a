import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { orders, packageCards } from '#db/schema'
import { forgetContent } from '~/server/content/content-file.server'
import { handleDeskAction } from '~/server/desk/desk-actions.server'
import { newSignInLink, redeemSignInLink, sessionCookieName } from '~/server/desk/desk-auth.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { cardToken, orderToken } from '~/server/links/links.server'
import { handleCardPost, handlePackagePurchasePost } from '~/server/payments/package-endpoint.server'
import { ledgerOf } from '~/server/payments/package-ledger.server'
import { cardPage } from '~/server/payments/package-pages.server'
import { handleOrderPost } from '~/server/payments/payment-endpoint.server'
import { orderView } from '~/server/payments/payment-pages.server'
import { answerPaymentReturn } from '~/server/payments/payment-return.server'
import { temporaryContent } from '../../content-dir'
import { formData } from '../../helpers'
import { inStartRequest } from '../../start-request'
import { paymentHarness } from './payment-harness'

// The klippekort's forms and pages as the server answers them: buying (the same checkout), the
// return to the order page, the card's page by its secret link, booking from it without paying,
// withdrawing pro rata from the order page, and the coach's adjustment with session and form token.
// The facts from the tests' copy of her prices, with its klippekort (tests/fixtures/content/ydelser.yaml).

const FORM_KEY = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const purchase = (changes: Record<string, string | undefined> = {}) =>
  formData(
    Object.fromEntries(
      Object.entries({ klippekort: 'klippekort-5', navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', website: '', vilkaar: 'ja', 'start-tidligt': 'ja', formular: FORM_KEY, ...changes }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
  )

async function pagesHarness() {
  const pay = await paymentHarness()
  const content = temporaryContent()
  cpSync(join(import.meta.dirname, '../../fixtures/content/ydelser.yaml'), join(content.dir, 'ydelser.yaml'))
  forgetContent()
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_harness')
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_test_harness')
  vi.stubEnv('STRIPE_API_URL', pay.fake.url)
  const deps = { db: pay.db, clock: pay.now }
  const inRequest = <T,>(work: () => Promise<T>) => inStartRequest(new Request('http://localhost/_serverFn/x', { method: 'POST' }), '192.0.2.50', work).then(({ result }) => result)
  return { pay, deps, buy: (body: FormData) => inRequest(() => handlePackagePurchasePost(body, deps)), book: (body: FormData) => inRequest(() => handleCardPost(body, deps)) }
}

const location = (response: Response) => response.headers.get('location')!

/** Buys the fixture's klippekort through the form and the fake Stripe page; the card's token. */
async function bought(harness: Awaited<ReturnType<typeof pagesHarness>>) {
  const answer = await harness.buy(purchase())
  expect(location(answer)).toMatch(new RegExp(`^${harness.pay.fake.url}/pay/cs_test_`))
  const order = harness.pay.db.select().from(orders).get()!
  await harness.pay.fake.pay(order.stripeSessionId!)
  const card = harness.pay.db.select().from(packageCards).get()!
  return { order: harness.pay.order(order.id), card, token: cardToken(card.publicId) }
}

describe('buying a klippekort', () => {
  it('asks for the terms and the express request, never pre-ticked, and opens the same checkout; the return leads to the order page and its card', async () => {
    const harness = await pagesHarness()
    expect(location(await harness.buy(purchase({ vilkaar: undefined })))).toBe('/klippekort/koeb/klippekort-5?status=vilkaar#status')
    expect(location(await harness.buy(purchase({ 'start-tidligt': undefined })))).toBe('/klippekort/koeb/klippekort-5?status=start-tidligt#status')
    expect(location(await harness.buy(purchase({ email: 'ikke en adresse' })))).toBe('/klippekort/koeb/klippekort-5?status=ugyldig#status')
    expect(location(await harness.buy(purchase({ klippekort: 'findes-ikke' })))).toBe('/ydelser')
    expect(harness.pay.db.select().from(orders).all()).toEqual([])
    const { order, card } = await bought(harness)
    // A double click: the same order, the same checkout.
    expect(location(await harness.buy(purchase()))).toBe(`/betaling/tak?ordre=${order.publicId}`)
    expect(harness.pay.fake.sessions.get(order.stripeSessionId!)).toMatchObject({ amount_total: 382_500, client_reference_id: String(order.id), metadata: { ordre: order.publicId } })
    const back = await answerPaymentReturn(new Request(`http://localhost/betaling/tak?session_id=${order.stripeSessionId}`), harness.deps)
    expect(location(back)).toBe(`/ordre/${orderToken(order.publicId)}?status=klippekort-betalt#status`)
    const view = orderView(harness.pay.db, order, harness.pay.now(), `/ordre/${orderToken(order.publicId)}`)
    expect(view.cardPath).toBe(`/klippekort/${cardToken(card.publicId)}`)
    expect(view.withdrawal).toMatchObject({ possible: true })
    expect(view.withdrawalEffect).toContain('lige nu 3.825 kr.')
  })
})

describe('the card’s page', () => {
  it('shows what is left and until when, books the next session without paying, and lists it with its manage link', async () => {
    const harness = await pagesHarness()
    const { token, card } = await bought(harness)
    expect(cardPage('x'.repeat(32), '', harness.deps)).toBeUndefined()
    const page = cardPage(token, '2026-W17', harness.deps)!
    expect(page).toMatchObject({ name: 'Klippekort, 5 coachingsamtaler', remaining: 5, total: 5, validThrough: 'lørdag 10. oktober 2026', closed: null, sessions: [] })
    expect(page.week.open && page.week.days.map((day) => day.date)).toEqual(['2026-04-20'])
    expect(page.modes.map((mode) => mode.value)).toEqual(['telefon', 'video', 'fremmoede'])
    const answer = await harness.book(formData({ link: token, tidspunkt: '2026-04-20T09:00', form: 'video' }))
    expect(location(answer)).toBe(`/klippekort/${token}?uge=2026-W17&status=booket#status`)
    expect(harness.pay.fake.sessions.size).toBe(1)
    const after = cardPage(token, '2026-W17', harness.deps)!
    expect(after.remaining).toBe(4)
    expect(after.sessions).toEqual([{ code: expect.any(String), period: 'mandag 20. april 2026 kl. 9.00–10.00', status: 'kommende', managePath: expect.stringMatching(/^\/booking\/[A-Za-z0-9_-]{32}$/) }])
    // The same time again: taken, and nothing taken off the card.
    expect(location(await harness.book(formData({ link: token, tidspunkt: '2026-04-20T09:00', form: 'video' })))).toBe(`/klippekort/${token}?uge=2026-W17&status=taget#status`)
    expect(location(await harness.book(formData({ link: token, tidspunkt: '2026-04-20T11:00', form: 'brevdue' })))).toBe(`/klippekort/${token}?uge=2026-W17&status=ugyldig-form#status`)
    expect(ledgerOf(harness.pay.db, card.id).map((row) => row.change)).toEqual([5, -1])
    // Another link opens nothing.
    expect(location(await harness.book(formData({ link: 'y'.repeat(32), tidspunkt: '2026-04-20T11:00', form: 'video' })))).toBe('/')
  })

  it('withdrawn from the order page in its two steps: the unused sessions back pro rata, the page closed', async () => {
    const harness = await pagesHarness()
    const { order, token } = await bought(harness)
    await harness.book(formData({ link: token, tidspunkt: '2026-04-13T09:00', form: 'telefon' }))
    await harness.book(formData({ link: token, tidspunkt: '2026-04-20T09:00', form: 'telefon' }))
    // The day after the first session, within the 14 days.
    harness.pay.setNow(new Date('2026-04-14T09:00:00Z'))
    const orderLink = orderToken(order.publicId)
    expect(location(await handleOrderPost(formData({ link: orderLink, handling: 'fortryd' }), harness.deps))).toBe(`/ordre/${orderLink}?trin=bekraeft#fortryd`)
    expect(location(await handleOrderPost(formData({ link: orderLink, handling: 'bekraeft-fortrydelse' }), harness.deps))).toBe(`/ordre/${orderLink}?status=fortrudt#status`)
    // The held session is paid for; the upcoming one was cancelled and counts as unused: 4/5 back.
    expect(harness.pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 306_000 })
    expect(cardPage(token, '', harness.deps)).toMatchObject({ remaining: 0, closed: 'Du har fortrudt købet af klippekortet.', week: { open: false } })
  })
})

describe('the coach’s desk', () => {
  it('shows the balance per client and per purchase, and adds or removes a session with her reason only with her session and form token', async () => {
    const harness = await pagesHarness()
    const { card } = await bought(harness)
    const { db } = harness.pay
    const now = harness.pay.now()
    const signed = redeemSignInLink(db, newSignInLink(db, '/coach', now), now)!
    const cookieHeader = `${sessionCookieName()}=${signed.sessionToken}`
    const overview = deskPage({ page: 'oversigt', key: '' }, { db, cookieHeader, clock: () => now })
    if (!overview.signedIn || overview.page !== 'oversigt') throw new Error('not signed in')
    expect(overview.overview.cardHolders).toEqual([{ email: 'mette@eksempel.dk', name: 'Mette Sørensen', balance: 5, cards: 1 }])
    const act = (fields: Record<string, string>, formular = overview.formToken) =>
      handleDeskAction(formData({ handling: 'klip', kort: String(card.id), email: 'mette@eksempel.dk', tilbage: '/coach/person', formular, ...fields }), { db, clock: () => now, cookieHeader })
    expect(location(await act({ aendring: 'plus', grund: 'Ekstra som tak' }, 'forkert'))).toBe('/coach/person?status=udloebet')
    expect(location(await act({ aendring: 'plus', grund: '' }))).toBe('/coach/person?email=mette%40eksempel.dk&status=klip-mangler-grund')
    expect(location(await act({ aendring: 'plus', grund: 'Ekstra som tak' }))).toBe('/coach/person?email=mette%40eksempel.dk&status=klip-justeret')
    const person = deskPage({ page: 'person', key: 'mette@eksempel.dk' }, { db, cookieHeader, clock: () => now })
    if (!person.signedIn || person.page !== 'person' || !person.person) throw new Error('no person page')
    expect(person.person.balance).toBe(6)
    expect(person.person.cards).toMatchObject([{ remaining: 6, total: 5, state: 'gyldigt til og med lørdag 10. oktober 2026' }])
    expect(person.person.cards[0]!.ledger.map((row) => `${row.change} ${row.cause}`)).toEqual(['+5 købt', '+1 tilføjet af dig: Ekstra som tak'])
    // »Fjern et klip« takes one away again, with its own reason.
    expect(location(await act({ aendring: 'minus', grund: 'Talt forkert' }))).toBe('/coach/person?email=mette%40eksempel.dk&status=klip-justeret')
    const after = deskPage({ page: 'person', key: 'mette@eksempel.dk' }, { db, cookieHeader, clock: () => now })
    if (!after.signedIn || after.page !== 'person' || !after.person) throw new Error('no person page')
    expect(after.person.balance).toBe(5)
    expect(after.person.cards[0]!.ledger.map((row) => `${row.change} ${row.cause}`)).toEqual(['+5 købt', '+1 tilføjet af dig: Ekstra som tak', '−1 fjernet af dig: Talt forkert'])
    // The desk's log names the card, never her reason.
    expect(db.$client.prepare("SELECT action, booking_code AS code FROM desk_events WHERE action = 'klippekort-justeret'").all()).toEqual([{ action: 'klippekort-justeret', code: card.publicId }, { action: 'klippekort-justeret', code: card.publicId }])
  })
})
