import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { packageCards } from '#db/schema'
import { cancelBooking } from '~/server/booking/bookings.server'
import { bookWithCard } from '~/server/payments/package-booking.server'
import { cardHolders, deskCards } from '~/server/payments/package-desk.server'
import { expireCards, ledgerOf, withdrawCard } from '~/server/payments/package-ledger.server'
import { cardOfOrder } from '~/server/payments/packages.server'
import { TEST_FILE, testAvailability } from '../booking-helpers'
import { paymentHarness } from './payment-harness'

// A klippekort that is over – expired or withdrawn – before the job or a cancellation has caught
// up with it: the coach's desk tells it as over at once, and a session cancelled after the end
// gives nothing back to a card that has nothing left to use it for.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

async function boughtCard() {
  const pay = await paymentHarness()
  const { order, session } = await pay.checkoutCard()
  await pay.fake.pay(session.id)
  const card = cardOfOrder(pay.db, order.id)
  if (!card) throw new Error('the payment made no card')
  return { pay, order: pay.order(order.id), card }
}

const cardRow = (pay: Harness, cardId: number) => pay.db.select().from(packageCards).where(eq(packageCards.id, cardId)).get()!
const booked = (pay: Harness, cardId: number, date: string, time: string, availability = pay.availability) => {
  const outcome = bookWithCard(pay.db, { card: cardRow(pay, cardId), availability, date, time, mode: 'telefon', ipHash: 'ip-kort', now: pay.now() })
  if (outcome.status !== 'booket') throw new Error(`${date} ${time}: ${outcome.status}`)
  return outcome.booking
}

describe('a klippekort past its last day, before the job has marked it', () => {
  it('is told as expired on the coach’s desk from the very midnight, and its sessions no longer count in her balance', async () => {
    const { pay, card } = await boughtCard()
    const desk = () => ({ state: deskCards(pay.db, 'mette@eksempel.dk', pay.now())[0]!.state, balance: cardHolders(pay.db, pay.now())[0]!.balance })
    pay.setNow(new Date('2026-10-10T21:59:59Z'))
    expect(desk()).toEqual({ state: 'gyldigt til og med lørdag 10. oktober 2026', balance: 5 })
    // Midnight Danish time ends Saturday 10 October: the job has not run yet.
    pay.setNow(new Date('2026-10-10T22:00:00Z'))
    expect(cardRow(pay, card.id).expiredAt).toBeNull()
    expect(desk()).toEqual({ state: 'udløbet – var gyldigt til og med lørdag 10. oktober 2026', balance: 0 })
  })
})

describe('a session cancelled by the coach after the card is over', () => {
  it('withdrawn during a session that has begun: the coach’s cancellation of it gives nothing back to the withdrawn card', async () => {
    const { pay, order, card } = await boughtCard()
    const ongoing = booked(pay, card.id, '2026-04-13', '09:00')
    // 13 April 9.30 (07:30Z), within the 14 days: the session has begun, so it is paid for and not cancelled by the withdrawal.
    pay.setNow(new Date('2026-04-13T07:30:00Z'))
    expect(withdrawCard(pay.db, order.id, pay.now(), () => undefined)).toEqual({ status: 'fortrudt', refundOere: 306_000, used: 1 })
    const rows = ledgerOf(pay.db, card.id).length
    pay.setNow(new Date('2026-04-13T07:40:00Z'))
    expect(cancelBooking(pay.db, { id: ongoing.id, by: 'coach', availability: pay.availability, now: pay.now() }).status).toBe('aflyst')
    expect(cardRow(pay, card.id).remaining).toBe(0)
    expect(ledgerOf(pay.db, card.id)).toHaveLength(rows)
  })

  it('expired during the last session of its last day: the coach’s cancellation of it gives nothing back to the expired card', async () => {
    const { pay, card } = await boughtCard()
    // Saturday 10 October 23.30 (21:30Z) begins before the card's end at midnight and runs past it.
    const lateEvening = testAvailability(TEST_FILE.replace('uge:\n', 'uge:\n  lørdag: ["23:30"]\n'))
    pay.setNow(new Date('2026-10-01T08:00:00Z'))
    const last = booked(pay, card.id, '2026-10-10', '23:30', lateEvening)
    pay.setNow(new Date('2026-10-10T22:00:00Z'))
    expect(expireCards(pay.db, pay.now())).toEqual({ expired: 1, refunded: 1 })
    const rows = ledgerOf(pay.db, card.id).length
    pay.setNow(new Date('2026-10-10T22:10:00Z'))
    expect(cancelBooking(pay.db, { id: last.id, by: 'coach', availability: lateEvening, now: pay.now() }).status).toBe('aflyst')
    expect(cardRow(pay, card.id).remaining).toBe(0)
    expect(ledgerOf(pay.db, card.id)).toHaveLength(rows)
  })
})
