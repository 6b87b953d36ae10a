import { rmSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { bookings, orderRefunds, packageCards } from '#db/schema'
import { cancelBooking } from '~/server/booking/bookings.server'
import { cancellationRefundNote } from '~/server/payments/cancellation.server'
import { rulesFor } from '~/server/payments/hold-time.server'
import { bookWithCard } from '~/server/payments/package-booking.server'
import { adjustCard, cardsFor, expireCards, ledgerOf, withdrawCard } from '~/server/payments/package-ledger.server'
import { cardOfOrder, createPackageOrder, lastValidDate } from '~/server/payments/packages.server'
import { orderView } from '~/server/payments/payment-pages.server'
import { effectsOf } from '../../outbox-rows'
import { TEST_FILE, testAvailability } from '../booking-helpers'
import { CARD, PAID, TERMS, paymentHarness } from './payment-harness'

// A klippekort's terms at their edges: which cancellation gives the session back (the coach's, the
// client's within the 14 days or at least the terms' hours before), what a withdrawal pays back,
// what the ledger records of each change, and the refusals of a booking or a hold.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

async function boughtCard(pay?: Harness, email = 'mette@eksempel.dk') {
  const harness = pay ?? (await paymentHarness())
  const { order, session } = await harness.checkoutCard({ email })
  await harness.fake.pay(session.id)
  const card = cardOfOrder(harness.db, order.id)
  if (!card) throw new Error('the payment made no card')
  return { pay: harness, order: harness.order(order.id), card }
}

const cardRow = (pay: Harness, cardId: number) => pay.db.select().from(packageCards).where(eq(packageCards.id, cardId)).get()!
const balance = (pay: Harness, cardId: number) => cardRow(pay, cardId).remaining
const book = (pay: Harness, cardId: number, date: string, time = '09:00', availability = pay.availability) =>
  bookWithCard(pay.db, { card: cardRow(pay, cardId), availability, date, time, mode: 'telefon', ipHash: 'ip-kort', now: pay.now() })
const booked = (pay: Harness, cardId: number, date: string, time = '09:00', availability = pay.availability) => {
  const outcome = book(pay, cardId, date, time, availability)
  if (outcome.status !== 'booket') throw new Error(`${date} ${time}: ${outcome.status}`)
  return outcome.booking
}
const cancel = (pay: Harness, id: number, by: 'gaest' | 'coach', availability = testAvailability()) => cancelBooking(pay.db, { id, by, availability, now: pay.now() })
const bookingRow = (pay: Harness, id: number) => pay.db.select().from(bookings).where(eq(bookings.id, id)).get()!
const ledger = (pay: Harness, cardId: number) => ledgerOf(pay.db, cardId).map(({ change, cause, bookingId }) => [change, cause, bookingId])
const removeAll = (pay: Harness, cardId: number) => {
  while (balance(pay, cardId) > 0) adjustCard(pay.db, { cardId, change: -1, reason: 'Holdt uden booking', now: pay.now() })
}

describe('a cancellation of a card’s session', () => {
  it('the coach’s gives the session back even two hours before and after the 14 days, and the ledger says it was hers, with the booking', async () => {
    const { pay, card } = await boughtCard()
    const first = booked(pay, card.id, '2026-04-27')
    const second = booked(pay, card.id, '2026-05-04')
    // Monday 27 April 9.00 is 07:00Z: two hours before, ten days after the 14 days ended.
    pay.setNow(new Date('2026-04-27T05:00:00Z'))
    expect(cancel(pay, first.id, 'coach').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(4)
    // The client's own, two days before: within the terms.
    pay.setNow(new Date('2026-05-02T07:00:00Z'))
    expect(cancel(pay, second.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(5)
    expect(adjustCard(pay.db, { cardId: card.id, change: -1, reason: 'Talt forkert', now: pay.now() }).status).toBe('justeret')
    expect(ledger(pay, card.id)).toEqual([
      [5, 'koebt', null],
      [-1, 'booket', first.id],
      [-1, 'booket', second.id],
      [1, 'coach-aflyste', first.id],
      [1, 'afbud', second.id],
      [-1, 'coach-fjernede', null],
    ])
  })

  it('the client’s within the 14 days gives it back even the evening before; after them, at exactly the terms’ 24 hours too, and the manage page says which rule', async () => {
    const { pay, card } = await boughtCard()
    const soon = booked(pay, card.id, '2026-04-20')
    const later = booked(pay, card.id, '2026-05-04')
    const late = booked(pay, card.id, '2026-05-04', '11:00')
    // Monday 20 April 9.00 is 07:00Z; 13 hours before (the link's cut-off is 12), within the 14 days of 10 April.
    pay.setNow(new Date('2026-04-19T18:00:00Z'))
    expect(cancellationRefundNote(pay.db, soon, pay.now())).toBe('Aflyser du nu, får du klippet tilbage på dit klippekort (du er inden for fortrydelsesfristen).')
    expect(cancel(pay, soon.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(3)
    // Exactly 24 hours before 4 May 9.00: »at least 24 hours before«.
    pay.setNow(new Date('2026-05-03T07:00:00Z'))
    expect(cancellationRefundNote(pay.db, later, pay.now())).toBe('Aflyser du nu, får du klippet tilbage på dit klippekort (mindst 24 timer før sessionen).')
    expect(cancel(pay, later.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(4)
    // A minute later than 24 hours before 4 May 11.00: the session is used.
    pay.setNow(new Date('2026-05-03T09:01:00Z'))
    expect(cancellationRefundNote(pay.db, late, pay.now())).toBe('Aflyser du nu, er klippet brugt efter vilkårene (senere end 24 timer før sessionen).')
    expect(cancel(pay, late.id, 'gaest').status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(4)
  })

  it('a session that begins the moment she cancels is used, even within the 14 days', async () => {
    const { pay, card } = await boughtCard()
    // Her file lets a booking be cancelled until it begins.
    const untilStart = testAvailability(TEST_FILE.replace('afbud_senest: 12 timer', 'afbud_senest: 0 minutter'))
    const session = booked(pay, card.id, '2026-04-20', '09:00', untilStart)
    pay.setNow(new Date('2026-04-20T07:00:00Z'))
    expect(cancellationRefundNote(pay.db, session, pay.now())).toBe('Aflyser du nu, er klippet brugt efter vilkårene (senere end 24 timer før sessionen).')
    expect(cancel(pay, session.id, 'gaest', untilStart).status).toBe('aflyst')
    expect(balance(pay, card.id)).toBe(4)
  })
})

describe('a klippekort withdrawn', () => {
  it('the evening before an upcoming session: that session comes back and is paid back with the unused ones; the ledger, the credit note’s cause and her e-mail say so', async () => {
    const { pay, order, card } = await boughtCard()
    booked(pay, card.id, '2026-04-13')
    const upcoming = booked(pay, card.id, '2026-04-20')
    // Before: the order page counts the upcoming session among the unused (4 of 5).
    pay.setNow(new Date('2026-04-19T20:00:00Z'))
    expect(orderView(pay.db, pay.order(order.id), pay.now(), '/ordre/x').withdrawalEffect).toContain('lige nu 3.060 kr.')
    // Eleven hours before 20 April 9.00, as the order page cancels (no cut-off).
    const outcome = withdrawCard(pay.db, order.id, pay.now(), (booking) => void cancelBooking(pay.db, { id: booking.id, by: 'gaest', availability: undefined, now: pay.now() }))
    expect(outcome).toEqual({ status: 'fortrudt', refundOere: 306_000, used: 1 })
    expect(pay.booking(upcoming.id).status).toBe('aflyst')
    expect(ledger(pay, card.id).slice(-2)).toEqual([
      [1, 'afbud', upcoming.id],
      [-4, 'fortrudt', null],
    ])
    expect(pay.db.select().from(orderRefunds).all()).toMatchObject([{ cause: 'fortrydelse', amountOere: 306_000 }])
    expect(effectsOf(pay.db, 'order-email').at(-1)).toMatchObject({ idempotencyKey: `order-${order.publicId}-fortrydelse`, payload: { kind: 'fortrydelse', amountOere: 306_000, at: pay.now().toISOString() } })
  })

  it('with every session held or removed: no ledger row of nothing, no refund, her acknowledgement still', async () => {
    const { pay, order, card } = await boughtCard()
    for (const [date, time] of [['2026-04-13', '09:00'], ['2026-04-13', '11:00'], ['2026-04-20', '09:00'], ['2026-04-20', '11:00']] as const) booked(pay, card.id, date, time)
    removeAll(pay, card.id)
    pay.setNow(new Date('2026-04-21T09:00:00Z'))
    const rows = ledgerOf(pay.db, card.id).length
    expect(withdrawCard(pay.db, order.id, pay.now(), () => undefined)).toEqual({ status: 'fortrudt', refundOere: 0, used: 5 })
    expect(ledgerOf(pay.db, card.id)).toHaveLength(rows)
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
    expect(effectsOf(pay.db, 'order-email').at(-1)).toMatchObject({ payload: { kind: 'fortrydelse', amountOere: 0 } })
  })

  it('an order not paid has no card to withdraw: nothing happens', async () => {
    const pay = await paymentHarness()
    const { order } = await pay.checkoutCard()
    expect(withdrawCard(pay.db, order.id, pay.now(), () => undefined)).toEqual({ status: 'allerede-fortrudt' })
    expect(pay.order(order.id)).toMatchObject({ status: 'awaiting_payment', withdrawnAt: null })
  })
})

describe('a klippekort expired', () => {
  it('with nothing left: marked, no ledger row of nothing, nothing paid back', async () => {
    const { pay, card } = await boughtCard()
    removeAll(pay, card.id)
    const rows = ledgerOf(pay.db, card.id).length
    pay.setNow(new Date('2026-10-10T22:00:00Z'))
    expect(expireCards(pay.db, pay.now())).toEqual({ expired: 1, refunded: 0 })
    expect(cardRow(pay, card.id).expiredAt).toBe(pay.now().toISOString())
    expect(ledgerOf(pay.db, card.id)).toHaveLength(rows)
  })
})

describe('the coach’s desk', () => {
  it('an unknown card is unknown; her reason is kept to 200 characters', async () => {
    const { pay, card } = await boughtCard()
    expect(adjustCard(pay.db, { cardId: card.id + 1, change: 1, reason: 'Ekstra', now: pay.now() })).toEqual({ status: 'ukendt' })
    expect(adjustCard(pay.db, { cardId: card.id, change: 1, reason: `  ${'a'.repeat(250)}  `, now: pay.now() }).status).toBe('justeret')
    expect(ledgerOf(pay.db, card.id).at(-1)!.reason).toBe('a'.repeat(200))
  })

  it('one client’s cards are hers only', async () => {
    const { pay, card } = await boughtCard()
    const other = await boughtCard(pay, 'anden@eksempel.dk')
    expect(cardsFor(pay.db, 'mette@eksempel.dk').map((row) => row.id)).toEqual([card.id])
    expect(cardsFor(pay.db).map((row) => row.id).sort()).toEqual([card.id, other.card.id].sort())
  })
})

describe('booking with a card', () => {
  it('a time not in her week is not offered, and nothing is taken', async () => {
    const { pay, card } = await boughtCard()
    expect(book(pay, card.id, '2026-04-20', '09:30').status).toBe('ikke-ledig')
    expect(book(pay, card.id, '2026-04-21', '09:00').status).toBe('ikke-ledig')
    expect(balance(pay, card.id)).toBe(5)
  })

  it('an empty card is told it has no session left, also for a time another has taken', async () => {
    const { pay, card } = await boughtCard()
    removeAll(pay, card.id)
    expect(pay.hold({ email: 'anden@eksempel.dk', date: '2026-04-20', time: '09:00', payNow: false }).status).toBe('holdt')
    expect(book(pay, card.id, '2026-04-20', '09:00').status).toBe('ingen-klip')
  })

  it('no session may begin at the midnight that ends the card’s last day', async () => {
    const { pay, card } = await boughtCard()
    // Sunday 11 October 2026 00:00 Danish time is the card's expiresAt (10 October 22:00Z).
    const midnight = testAvailability(TEST_FILE.replace('uge:\n', 'uge:\n  søndag: ["00:00"]\n'))
    pay.setNow(new Date('2026-10-01T08:00:00Z'))
    expect(book(pay, card.id, '2026-10-11', '00:00', midnight).status).toBe('udloebet')
    expect(book(pay, card.id, '2026-10-04', '00:00', midnight).status).toBe('booket')
  })

  it('stores no message of her own, and tells the coach it is a session off the card with what is left', async () => {
    const { pay, card } = await boughtCard()
    const session = booked(pay, card.id, '2026-04-20')
    expect(bookingRow(pay, session.id).note).toBe('')
    await pay.runOutbox()
    const toCoach = pay.transport.sent.filter((email) => email.to !== 'mette@eksempel.dk' && email.text.includes('Betaling:'))
    expect(toCoach.map((email) => email.text.match(/Betaling: .*/)![0])).toEqual(['Betaling: klip fra klippekort – 4 tilbage af 5'])
  })

  it('into a deleted database file fails instead of being reported as booked, as taken or as no session left', async () => {
    const { pay, card } = await boughtCard()
    rmSync(pay.db.$client.name)
    expect(() => book(pay, card.id, '2026-04-20')).toThrow('database file missing: the booking would not be kept')
  })
})

describe('holding a time and ordering a card', () => {
  it('a time not in her week is not offered; a hold into a deleted database file fails', async () => {
    const pay = await paymentHarness()
    expect(pay.hold({ time: '09:30' }).status).toBe('ikke-ledig')
    rmSync(pay.db.$client.name)
    expect(() => pay.hold()).toThrow('database file missing: the booking would not be kept')
  })

  it('are limited per sender: the attempt over the limit makes no order', async () => {
    vi.stubEnv('BOOKING_RATE_LIMIT', '1')
    const pay = await paymentHarness()
    expect(pay.hold({ email: 'mette@eksempel.dk' }).status).toBe('holdt')
    expect(pay.hold({ email: 'mette@eksempel.dk', time: '11:00' }).status).toBe('for-mange')
    const order = (requestKey: string) =>
      createPackageOrder(pay.db, { type: CARD, sessionType: PAID, terms: TERMS, details: { navn: 'Mette Sørensen', email: 'kort@eksempel.dk', telefon: '20 30 40 50' }, ipHash: 'ip-kort', now: pay.now(), requestKey })
    expect(order('a').status).toBe('oprettet')
    expect(order('b').status).toBe('for-mange')
  })

  it('record that they are paid at booking, and a card’s order that she asked to use it at once', async () => {
    const pay = await paymentHarness()
    const held = pay.hold()
    expect(held.status === 'holdt' && held.order).toMatchObject({ payment: 'ved-booking' })
    const { order } = await pay.checkoutCard()
    expect(order).toMatchObject({ payment: 'ved-booking', expressStart: true })
  })
})

describe('the rules a session type books by', () => {
  it('its own forms among the file’s, or its own when the file has none of them', () => {
    const availability = testAvailability()
    expect(availability.modes.length).toBeGreaterThan(1)
    expect(rulesFor(availability, { ...PAID, modes: ['video'] }).modes).toEqual(['video'])
    expect(rulesFor({ ...availability, modes: ['telefon'] }, { ...PAID, modes: ['fremmoede'] }).modes).toEqual(['fremmoede'])
    expect(rulesFor(availability, PAID).durationMinutes).toBe(60)
  })
})

describe('a card’s last valid day', () => {
  it.each([
    ['2026-04-10T09:00:00Z', 6, '2026-10-10'],
    ['2026-01-05T09:00:00Z', 3, '2026-04-05'],
    ['2026-08-31T09:00:00Z', 6, '2027-02-28'],
    ['2026-03-31T09:00:00Z', 1, '2026-04-30'],
    ['2026-12-31T23:30:00Z', 2, '2027-03-01'],
  ])('bought %s, valid %i months: through %s', (purchased, months, expected) => {
    expect(lastValidDate(new Date(purchased), months)).toBe(expected)
  })
})
