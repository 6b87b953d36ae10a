import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { receiptOf, snapshotOf } from '~/server/bookkeeping/documents.server'
import { packageCards } from '#db/schema'
import { cancelBooking } from '~/server/booking/bookings.server'
import { fulfilOrder } from '~/server/payments/fulfilment.server'
import { bookWithCard } from '~/server/payments/package-booking.server'
import { adjustCard, expireCards, ledgerOf, withdrawCard } from '~/server/payments/package-ledger.server'
import { cardOfOrder } from '~/server/payments/packages.server'
import { effectsOf } from '../../outbox-rows'
import { testAvailability } from '../booking-helpers'
import { TERMS, paymentHarness } from './payment-harness'

// PAYMENTS.md failure cases 10 and 12 for a klippekort: bought through the same checkout and
// fulfilment as a session, booked one session at a time off its balance, sessions given back on a
// cancellation within the terms and not outside them, expiry and withdrawal paid back pro rata.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

async function boughtCard(options: Parameters<Harness['checkoutCard']>[0] = {}) {
  const pay = await paymentHarness()
  const { order, session } = await pay.checkoutCard(options)
  await pay.fake.pay(session.id)
  const card = cardOfOrder(pay.db, order.id)
  if (!card) throw new Error('the payment made no card')
  return { pay, order: pay.order(order.id), card }
}

const balance = (pay: Harness, cardId: number) => pay.db.select().from(packageCards).where(eq(packageCards.id, cardId)).get()!.remaining
const ledgerSum = (pay: Harness, cardId: number) => ledgerOf(pay.db, cardId).reduce((sum, row) => sum + row.change, 0)
const book = (pay: Harness, cardId: number, date: string, time = '09:00') =>
  bookWithCard(pay.db, { card: pay.db.select().from(packageCards).where(eq(packageCards.id, cardId)).get()!, availability: pay.availability, date, time, mode: 'telefon', ipHash: 'ip-kort', now: pay.now() })
const cancel = (pay: Harness, id: number, by: 'gaest' | 'coach') => cancelBooking(pay.db, { id, by, availability: testAvailability(), now: pay.now() })

describe('a klippekort bought', () => {
  it('through the same checkout and fulfilment: one card with five sessions, one confirmation with its page, no time held', async () => {
    const { pay, order, card } = await boughtCard()
    expect(order).toMatchObject({ status: 'paid', packageTypeId: 'klippekort-5', bookingId: null, amountOere: 382_500 })
    // Its receipt, issued by the fulfilment as for every paid order, for the card as the order names it.
    expect(receiptOf(pay.db, order.id)).toMatchObject({ kind: 'kvittering', number: '2026-0001' })
    expect(snapshotOf(receiptOf(pay.db, order.id)!).totalOere).toBe(382_500)
    expect(card).toMatchObject({ total: 5, remaining: 5, sessionTypeId: 'coachingsamtale', customerEmail: 'mette@eksempel.dk', phone: '20 30 40 50' })
    // Bought 10 April 2026: valid through 10 October, so until midnight Danish time.
    expect(card.expiresAt).toBe('2026-10-10T22:00:00.000Z')
    expect(ledgerOf(pay.db, card.id).map(({ change, cause }) => [change, cause])).toEqual([[5, 'koebt']])
    // The webhook, the return page and the catch-up all call the one fulfilment: a second call makes no second card.
    expect((await fulfilOrder(pay.context, order.id)).status).toBe('allerede-betalt')
    expect(pay.db.select().from(packageCards).all()).toHaveLength(1)
    await pay.runOutbox()
    const confirmation = pay.transport.sent.find((email) => email.subject === 'Dit klippekort: 5 sessioner')!
    expect(confirmation.to).toBe('mette@eksempel.dk')
    expect(confirmation.text).toMatch(/gyldigt til og med lørdag 10\. oktober 2026/)
    expect(confirmation.text).toMatch(/\/klippekort\/[A-Za-z0-9_-]{32}/)
    expect(confirmation.text).toContain('Kvittering nr. 2026-0001')
    expect(confirmation.text).toContain('— Klippekort —')
  })

  it('five sessions booked, one cancelled within the terms and one outside: the balance right at each step', async () => {
    const { pay, card } = await boughtCard()
    const times: Array<[string, string]> = [['2026-04-13', '09:00'], ['2026-04-20', '09:00'], ['2026-04-20', '11:00'], ['2026-04-27', '09:00'], ['2026-05-04', '09:00']]
    const booked = times.map(([date, time], index) => {
      const outcome = book(pay, card.id, date, time)
      if (outcome.status !== 'booket') throw new Error(`${date} ${time}: ${outcome.status}`)
      expect(balance(pay, card.id)).toBe(4 - index)
      return outcome.booking
    })
    expect(book(pay, card.id, '2026-04-27', '11:00').status).toBe('ingen-klip')
    expect(balance(pay, card.id)).toBe(0)
    // The client gets the booking's own confirmation (with its manage link); no second payment anywhere.
    await pay.runOutbox()
    const sessionMails = pay.transport.sent.filter((email) => email.to === 'mette@eksempel.dk' && email.subject.startsWith('Din samtale er booket'))
    expect(sessionMails).toHaveLength(5)
    for (const mail of sessionMails) {
      expect(mail.text).toMatch(/\/booking\/[A-Za-z0-9_-]{32}/)
      expect(mail.text).toContain('Sessionen er et klip fra dit klippekort – du betaler ikke igen.')
      expect(mail.text).not.toContain('gratis')
    }
    expect(pay.fake.sessions.size).toBe(1)

    // After the withdrawal period, 48 hours before: within the terms (24 hours) – the session comes back.
    pay.setNow(new Date('2026-04-25T07:00:00Z'))
    expect(cancel(pay, booked[3]!.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(1)
    // 16 hours before: the link still cancels (its cut-off is 12 hours), but the terms say the session is used.
    pay.setNow(new Date('2026-05-03T15:00:00Z'))
    expect(cancel(pay, booked[4]!.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(1)
    expect(ledgerOf(pay.db, card.id).map(({ change, cause }) => [change, cause])).toEqual([[5, 'koebt'], [-1, 'booket'], [-1, 'booket'], [-1, 'booket'], [-1, 'booket'], [-1, 'booket'], [1, 'afbud']])
    expect(ledgerSum(pay, card.id)).toBe(balance(pay, card.id))
    // A session of a card is never refunded in money by a cancellation: no refund was queued.
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
  })

  it('the coach’s cancellation always gives the session back; within the withdrawal period the client’s does too', async () => {
    const { pay, card } = await boughtCard()
    const first = book(pay, card.id, '2026-04-13')
    const second = book(pay, card.id, '2026-04-20')
    if (first.status !== 'booket' || second.status !== 'booket') throw new Error('not booked')
    expect(balance(pay, card.id)).toBe(3)
    // 13 April 9.00 is 07:00Z; an hour before, still within the 14 days of the purchase.
    pay.setNow(new Date('2026-04-13T06:00:00Z'))
    expect(cancel(pay, first.booking.id, 'coach').status).toBe('aflyst')
    expect(cancel(pay, second.booking.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(5)
  })

  it('books by the booking form’s rules: a taken time takes no session, and the card’s holder may book a second upcoming session', async () => {
    const { pay, card } = await boughtCard()
    const other = pay.hold({ email: 'anden@eksempel.dk', date: '2026-04-20', time: '09:00', payNow: false })
    expect(other.status).toBe('holdt')
    expect(book(pay, card.id, '2026-04-20', '09:00').status).toBe('taget')
    // Inside the notice (24 hours): not offered.
    pay.setNow(new Date('2026-04-12T08:00:00Z'))
    expect(book(pay, card.id, '2026-04-13', '09:00').status).toBe('ikke-ledig')
    expect(balance(pay, card.id)).toBe(5)
    expect(book(pay, card.id, '2026-04-20', '11:00').status).toBe('booket')
    expect(book(pay, card.id, '2026-04-27', '09:00').status).toBe('booket')
    expect(balance(pay, card.id)).toBe(3)
  })
})

describe('a klippekort’s end', () => {
  it('expired with three unused of five: marked, nothing more can be booked, 3/5 of the price paid back once through the refund function', async () => {
    const { pay, order, card } = await boughtCard()
    expect(book(pay, card.id, '2026-04-13').status).toBe('booket')
    expect(book(pay, card.id, '2026-04-20').status).toBe('booket')
    pay.setNow(new Date('2026-10-10T21:59:00Z'))
    expect(expireCards(pay.db, pay.now())).toEqual({ expired: 0, refunded: 0 })
    pay.setNow(new Date('2026-10-10T22:00:00Z'))
    expect(expireCards(pay.db, pay.now())).toEqual({ expired: 1, refunded: 1 })
    expect(expireCards(pay.db, pay.now())).toEqual({ expired: 0, refunded: 0 })
    expect(balance(pay, card.id)).toBe(0)
    expect(ledgerOf(pay.db, card.id).at(-1)).toMatchObject({ change: -3, cause: 'udloebet' })
    expect(pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 229_500 })
    expect(effectsOf(pay.db, 'stripe-refund').map((row) => row.idempotencyKey)).toEqual([`refund:${order.publicId}:klippekort-udloebet`])
    await pay.runOutbox()
    expect(pay.fake.refunds).toMatchObject([{ amount: 229_500 }])
    expect(pay.transport.sent.some((email) => email.subject === 'Du får 2.295 kr. tilbage')).toBe(true)
    expect(book(pay, card.id, '2026-10-12').status).toBe('udloebet')
  })

  it('expired, when her terms say unused sessions lapse: marked, nothing paid back', async () => {
    const { pay, card } = await boughtCard({ terms: { ...TERMS, refundExpiredPackages: false } })
    pay.setNow(new Date('2026-10-11T00:00:00Z'))
    expect(expireCards(pay.db, pay.now())).toEqual({ expired: 1, refunded: 0 })
    expect(balance(pay, card.id)).toBe(0)
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
  })

  it('no session may begin after the card’s last day, even while it is still valid', async () => {
    const { pay, card } = await boughtCard()
    pay.setNow(new Date('2026-10-01T08:00:00Z'))
    // Monday 12 October 2026 is after Saturday 10 October.
    expect(book(pay, card.id, '2026-10-12').status).toBe('udloebet')
    expect(book(pay, card.id, '2026-10-05').status).toBe('booket')
  })

  it('withdrawn within 14 days with one session held: the upcoming one cancelled, 4/5 of the price back', async () => {
    const { pay, order, card } = await boughtCard()
    const held = book(pay, card.id, '2026-04-13')
    const upcoming = book(pay, card.id, '2026-04-20')
    if (held.status !== 'booket' || upcoming.status !== 'booket') throw new Error('not booked')
    pay.setNow(new Date('2026-04-14T09:00:00Z'))
    const outcome = withdrawCard(pay.db, order.id, pay.now(), (booking) => void cancel(pay, booking.id, 'gaest'))
    expect(outcome).toEqual({ status: 'fortrudt', refundOere: 306_000, used: 1 })
    expect(pay.booking(upcoming.booking.id).status).toBe('aflyst')
    expect(pay.booking(held.booking.id).status).toBe('bekraeftet')
    expect(balance(pay, card.id)).toBe(0)
    expect(pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 306_000, withdrawnAt: pay.now().toISOString() })
    expect(withdrawCard(pay.db, order.id, pay.now(), () => undefined)).toEqual({ status: 'allerede-fortrudt' })
    expect(book(pay, card.id, '2026-04-27').status).toBe('udloebet')
    await pay.runOutbox()
    expect(pay.fake.refunds).toMatchObject([{ amount: 306_000 }])
  })

  it('is refused after 14 days', async () => {
    const { pay, order } = await boughtCard()
    pay.advance(60 * 24 * 14 + 1)
    expect(withdrawCard(pay.db, order.id, pay.now(), () => undefined)).toEqual({ status: 'frist-udloebet' })
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
  })
})

describe('the coach’s adjustments', () => {
  it('add or remove one session with her reason on the ledger row; never below zero; no reason, no change', async () => {
    const { pay, card } = await boughtCard()
    expect(adjustCard(pay.db, { cardId: card.id, change: 1, reason: 'Ekstra session som tak', now: pay.now() }).status).toBe('justeret')
    expect(balance(pay, card.id)).toBe(6)
    expect(adjustCard(pay.db, { cardId: card.id, change: -1, reason: '  ', now: pay.now() }).status).toBe('mangler-grund')
    for (let left = 5; left >= 0; left--) expect(adjustCard(pay.db, { cardId: card.id, change: -1, reason: 'Holdt uden booking', now: pay.now() }).status).toBe('justeret')
    expect(adjustCard(pay.db, { cardId: card.id, change: -1, reason: 'En for meget', now: pay.now() }).status).toBe('ingen-klip')
    expect(balance(pay, card.id)).toBe(0)
    expect(ledgerOf(pay.db, card.id).filter((row) => row.reason !== null).map((row) => [row.change, row.reason])[0]).toEqual([1, 'Ekstra session som tak'])
    expect(ledgerSum(pay, card.id)).toBe(0)
  })

  it('the database itself refuses a balance below zero', async () => {
    const { pay, card } = await boughtCard()
    expect(() => pay.db.update(packageCards).set({ remaining: -1 }).where(eq(packageCards.id, card.id)).run()).toThrow(/CHECK constraint failed/)
  })
})
