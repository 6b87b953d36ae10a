import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderRefunds, packageCards } from '#db/schema'
import { cancelBooking, moveBooking } from '~/server/booking/bookings.server'
import { cancellationRefundNote, withdrawOrder } from '~/server/payments/cancellation.server'
import { releaseHold } from '~/server/payments/orders.server'
import { bookWithCard } from '~/server/payments/package-booking.server'
import { cardOfOrder } from '~/server/payments/packages.server'
import { refundByHand, sendPaymentLink } from '~/server/payments/payment-desk.server'
import { effectsOf } from '../../outbox-rows'
import { testAvailability } from '../booking-helpers'
import { paymentHarness } from './payment-harness'

// PAYMENTS.md failure cases 9 and 10: a cancellation inside and outside the terms' deadline, the
// coach's cancellation, the withdrawal within 14 days (two steps on the order page: the route's
// test; here what the second step does) and after them.

async function paidSession(date: string, time = '09:00') {
  const pay = await paymentHarness()
  const { order, booking, session } = await pay.checkout({ date, time })
  await pay.fake.pay(session.id)
  await pay.runOutbox()
  pay.transport.sent.length = 0
  return { pay, order: pay.order(order.id), booking: pay.booking(booking.id) }
}

/** A session paid afterwards (»bagefter«): confirmed at once, its order awaiting payment. */
async function unpaidSession(date = '2026-04-20') {
  const pay = await paymentHarness()
  const held = pay.payLater({ date })
  return { pay, order: pay.order(held.order.id), booking: pay.booking(held.booking.id) }
}

const cancel = (pay: Awaited<ReturnType<typeof paymentHarness>>, id: number, by: 'gaest' | 'coach') => cancelBooking(pay.db, { id, by, availability: testAvailability(), now: pay.now() })

describe('withdrawing (»Fortryd aftalen«)', () => {
  it('within 14 days, before the session: the whole amount back at once, the time freed, a receipt with content, date and time', async () => {
    const { pay, order, booking } = await paidSession('2026-04-20')
    pay.advance(60 * 24 * 3)
    const outcome = withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))
    expect(outcome).toMatchObject({ status: 'fortrudt', refundOere: 85_000 })
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000, withdrawnAt: pay.now().toISOString() })
    expect(pay.booking(booking.id).status).toBe('aflyst')
    await pay.runOutbox()
    expect(pay.fake.refunds).toMatchObject([{ amount: 85_000 }])
    const receipt = pay.transport.sent.find((email) => email.subject === 'Kvittering: du har fortrudt din aftale')!
    expect(receipt.text).toContain('Jeg har modtaget din fortrydelse mandag 13. april 2026 kl. 11.00 (dansk tid).')
    expect(receipt.text).toContain('Coachingsamtale, 60 min, mandag 20. april 2026 kl. 9.00–10.00')
    expect(receipt.text).toContain('Du får 850 kr. tilbage')
    // Asked again (a second click, a retry): nothing more.
    expect(withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))).toEqual({ status: 'allerede-fortrudt' })
    expect(effectsOf(pay.db, 'stripe-refund')).toHaveLength(1)
  })

  it('is refused after the 14 days, and once the session has begun', async () => {
    const late = await paidSession('2026-05-04')
    late.pay.advance(60 * 24 * 14 + 1)
    expect(withdrawOrder(late.pay.db, late.order.id, late.pay.now(), () => undefined)).toEqual({ status: 'frist-udloebet' })
    const begun = await paidSession('2026-04-20')
    // At the very minute it begins (9.00 Danish time), the right has lapsed.
    begun.pay.setNow(new Date('2026-04-20T07:00:00Z'))
    expect(withdrawOrder(begun.pay.db, begun.order.id, begun.pay.now(), () => undefined)).toEqual({ status: 'sessionen-er-begyndt' })
    begun.pay.setNow(new Date('2026-04-20T07:05:00Z'))
    expect(withdrawOrder(begun.pay.db, begun.order.id, begun.pay.now(), () => undefined)).toEqual({ status: 'sessionen-er-begyndt' })
    expect(effectsOf(begun.pay.db, 'stripe-refund')).toEqual([])
  })

  it('of a session paid afterwards and not paid yet: the order ends, the time is freed, and the receipt says there is nothing to pay back', async () => {
    const { pay, order, booking } = await unpaidSession()
    pay.advance(60 * 24 * 3)
    const outcome = withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))
    expect(outcome).toMatchObject({ status: 'fortrudt', refundOere: 0 })
    expect(pay.order(order.id)).toMatchObject({ status: 'expired', refundedOere: 0, withdrawnAt: pay.now().toISOString() })
    expect(pay.booking(booking.id).status).toBe('aflyst')
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
    // The acknowledgement names no refund (and so carries no credit note).
    expect(effectsOf(pay.db, 'order-email').filter((row) => row.payload.kind === 'fortrydelse').map((row) => row.payload)).toEqual([{ orderId: order.id, kind: 'fortrydelse', amountOere: 0, at: pay.now().toISOString() }])
    await pay.runOutbox()
    const receipt = pay.transport.sent.find((email) => email.subject === 'Kvittering: du har fortrudt din aftale')!
    expect(receipt.text).toContain('Du har ikke betalt noget, så der er intet at betale tilbage.')
  })

  it('is no withdrawal while the time is only held for its payment: the hold runs out as it would, and frees the time', async () => {
    const pay = await paymentHarness()
    const { order, booking } = await pay.checkout()
    expect(withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))).toEqual({ status: 'venter' })
    expect(pay.order(order.id)).toMatchObject({ status: 'awaiting_payment', withdrawnAt: null })
    expect(pay.booking(booking.id).status).toBe('holdt')
    expect(effectsOf(pay.db, 'order-email')).toEqual([])
  })

  it('is already over for an order the coach has refunded in full, and for a hold that ran out unpaid: no second acknowledgement', async () => {
    const { pay, order, booking } = await paidSession('2026-04-20')
    pay.advance(60)
    expect(cancel(pay, booking.id, 'coach').status).toBe('aflyst')
    const emails = effectsOf(pay.db, 'order-email').length
    expect(withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))).toEqual({ status: 'allerede-fortrudt' })
    expect(effectsOf(pay.db, 'order-email')).toHaveLength(emails)
    expect(pay.order(order.id).withdrawnAt).toBeNull()

    const lapsed = await paymentHarness()
    const held = await lapsed.checkout({ date: '2026-04-27' })
    releaseHold(lapsed.db, held.order.id, lapsed.now())
    expect(withdrawOrder(lapsed.db, held.order.id, lapsed.now(), (booked) => cancel(lapsed, booked.id, 'gaest'))).toEqual({ status: 'allerede-fortrudt' })
    expect(lapsed.order(held.order.id)).toMatchObject({ status: 'expired', withdrawnAt: null })
    expect(effectsOf(lapsed.db, 'order-email')).toEqual([])
    expect(effectsOf(lapsed.db, 'stripe-refund')).toEqual([])
  })
})

describe('cancelling a paid session', () => {
  it('by the client, after the withdrawal period but before the terms’ deadline: everything back', async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    pay.setNow(new Date('2026-04-30T07:00:00Z'))
    expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    expect(effectsOf(pay.db, 'stripe-refund').map((row) => row.idempotencyKey)).toEqual([`refund:${order.publicId}:afbud`])
  })

  it('by the client, later than the terms’ deadline: the late percentage, and the client is told', async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    // 18 hours before: inside the terms' 24 hours, outside the link's cut-off of 12 hours.
    pay.setNow(new Date('2026-05-03T13:00:00Z'))
    // The manage page says so before she cancels.
    expect(cancellationRefundNote(pay.db, booking, pay.now())).toBe('Aflyser du nu, får du 425 kr. tilbage (senere end 24 timer før sessionen: 50 %).')
    expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    expect(pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 42_500 })
    await pay.runOutbox()
    expect(pay.fake.refunds).toMatchObject([{ amount: 42_500 }])
    expect(pay.transport.sent.map((email) => email.subject)).toContain('Du får 425 kr. tilbage')
    // The coach's refund by hand afterwards is her first by hand, whatever came before it.
    expect(refundByHand(pay.db, booking.id, 100, pay.now())).toBe('refunderet')
    expect(pay.db.select().from(orderRefunds).all().map((refund) => refund.cause)).toEqual(['afbud', 'manuel-1'])
  })

  it('by the client, inside 24 hours but within 14 days of paying: everything back (a withdrawal)', async () => {
    const { pay, order, booking } = await paidSession('2026-04-20')
    pay.setNow(new Date('2026-04-19T12:00:00Z'))
    expect(cancellationRefundNote(pay.db, booking, pay.now())).toBe('Aflyser du nu, får du 850 kr. tilbage (du er inden for fortrydelsesfristen).')
    cancel(pay, booking.id, 'gaest')
    expect(pay.order(order.id).refundedOere).toBe(85_000)
  })

  it('by the coach: always everything, also inside the deadline and after the withdrawal period', async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    pay.setNow(new Date('2026-05-04T06:00:00Z'))
    expect(cancel(pay, booking.id, 'coach').status).toBe('aflyst')
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    expect(effectsOf(pay.db, 'stripe-refund').map((row) => row.idempotencyKey)).toEqual([`refund:${order.publicId}:coach-aflyste`])
    await pay.runOutbox()
    expect(pay.fake.refunds).toMatchObject([{ amount: 85_000 }])
  })
})

describe('cancelling, at the edges of the terms', () => {
  it('by the client exactly 24 hours before (»senest 24 timer før«): everything back, as the manage page said', async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    pay.setNow(new Date('2026-05-03T07:00:00Z'))
    expect(cancellationRefundNote(pay.db, booking, pay.now())).toBe('Aflyser du nu, får du 850 kr. tilbage (mindst 24 timer før sessionen).')
    expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
  })

  it('by the client after the coach refunded part by hand: the rest back by the terms, each refund once', async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    pay.setNow(new Date('2026-04-30T07:00:00Z'))
    expect(refundByHand(pay.db, booking.id, 100, pay.now())).toBe('refunderet')
    expect(pay.order(order.id)).toMatchObject({ status: 'partially_refunded', refundedOere: 10_000 })
    expect(cancellationRefundNote(pay.db, pay.booking(booking.id), pay.now())).toBe('Aflyser du nu, får du 750 kr. tilbage (mindst 24 timer før sessionen).')
    expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    expect(pay.order(order.id)).toMatchObject({ status: 'refunded', refundedOere: 85_000 })
    expect(pay.db.select().from(orderRefunds).all().map(({ cause, amountOere }) => [cause, amountOere])).toEqual([['manuel-1', 10_000], ['afbud', 75_000]])
    await pay.runOutbox()
    expect(pay.fake.refunds.map((refund) => refund.amount)).toEqual([10_000, 75_000])
  })

  it('after the coach refunded everything by hand: the manage page promises nothing more, and nothing more is paid', async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    pay.setNow(new Date('2026-04-30T07:00:00Z'))
    expect(refundByHand(pay.db, booking.id, 850, pay.now())).toBe('refunderet')
    expect(cancellationRefundNote(pay.db, pay.booking(booking.id), pay.now())).toBe('Aflyser du nu, får du ikke noget tilbage efter vilkårene.')
    expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    expect(effectsOf(pay.db, 'stripe-refund')).toHaveLength(1)
    expect(pay.order(order.id).refundedOere).toBe(85_000)
  })

  it('a session paid afterwards and not paid yet: the page says there is nothing to pay back, and the order simply ends', async () => {
    const { pay, order, booking } = await unpaidSession('2026-05-04')
    pay.setNow(new Date('2026-05-03T13:00:00Z'))
    expect(cancellationRefundNote(pay.db, booking, pay.now())).toBe('Du har ikke betalt endnu, så der er intet at betale tilbage.')
    expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    expect(pay.order(order.id)).toMatchObject({ status: 'expired', refundedOere: 0 })
    expect(effectsOf(pay.db, 'stripe-refund')).toEqual([])
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).toEqual(['bekraeftelse'])
  })

  it.each(['cancelled by the client', 'withdrawn'] as const)('a session paid afterwards whose payment link was sent, %s: the link is expired at Stripe and takes no money', async (how) => {
    const { pay, order, booking } = await unpaidSession()
    expect(await sendPaymentLink(pay.context, booking.id)).toBe('link-sendt')
    const link = pay.order(order.id).stripeSessionId!
    if (how === 'withdrawn') withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))
    else expect(cancel(pay, booking.id, 'gaest').status).toBe('aflyst')
    await pay.runOutbox()
    expect(pay.fake.sessions.get(link)!.status).toBe('expired')
    // Opened again from her e-mail, it can no longer be paid: nothing is charged, refunded or confirmed.
    await pay.fake.pay(link)
    expect(pay.order(order.id)).toMatchObject({ status: 'expired', refundedOere: 0 })
    expect(pay.booking(booking.id).status).toBe('aflyst')
    expect(pay.fake.refunds).toEqual([])
    expect(effectsOf(pay.db, 'order-email').map((row) => row.payload.kind)).not.toContain('kvittering')
  })

  it('a klippekort’s session: the page says whether the session comes back, by the card’s terms', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkoutCard()
    await pay.fake.pay(session.id)
    const card = cardOfOrder(pay.db, order.id)!
    const booked = bookWithCard(pay.db, { card: pay.db.select().from(packageCards).where(eq(packageCards.id, card.id)).get()!, availability: pay.availability, date: '2026-05-04', time: '09:00', mode: 'telefon', ipHash: 'ip-kort', now: pay.now() })
    if (booked.status !== 'booket') throw new Error(`not booked: ${booked.status}`)
    pay.setNow(new Date('2026-05-02T07:00:00Z'))
    expect(cancellationRefundNote(pay.db, booked.booking, pay.now())).toBe('Aflyser du nu, får du klippet tilbage på dit klippekort (mindst 24 timer før sessionen).')
    pay.setNow(new Date('2026-05-03T15:00:00Z'))
    expect(cancellationRefundNote(pay.db, booked.booking, pay.now())).toBe('Aflyser du nu, er klippet brugt efter vilkårene (senere end 24 timer før sessionen).')
  })
})

describe('moving a paid session', () => {
  it('keeps its own length (60 minutes), not the free conversation’s, and refunds nothing', async () => {
    const { pay, order, booking } = await paidSession('2026-04-20')
    expect(moveBooking(pay.db, { id: booking.id, availability: testAvailability(), date: '2026-04-27', time: '10:00', now: pay.now() }).status).toBe('flyttet')
    const moved = pay.booking(booking.id)
    expect([moved.startsAt, moved.endsAt]).toEqual(['2026-04-27T08:00:00.000Z', '2026-04-27T09:00:00.000Z'])
    expect(pay.order(order.id).status).toBe('paid')
  })
})

