import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, type Order, bookings, orders } from '#db/schema'
import type { Availability } from '~/lib/booking/availability-schema'
import type { BookingDetails } from '~/lib/booking/booking-schema'
import { findOfferedSlot } from '~/lib/booking/slots'
import type { PaymentTerms, SessionType } from '~/lib/content/content-types'
import { assertFileKept, isUniqueViolation, newPublicId, queueEmails, refusal, takenAround } from '~/server/booking/bookings.server'
import { busyBetween } from '~/server/calendar/busy-sources.server'
import { hashToken, manageToken, orderToken, siteOrigin } from '~/server/links/links.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { type NewEffect, queueEffects } from '~/server/outbox/outbox.server'
import { formatKroner } from '~/lib/payments/money'

/**
 * A paid session's order and the hold on its time. The hold is a booking in status `holdt`: taken
 * for everyone else (the same overlap rule and unique index as a confirmed booking), e-mailed to
 * nobody, written to no calendar. Its order records what is bought, at which price and under which
 * terms, until when the time is held, and moves only forward (ORDER_STEPS).
 */

/** How long a time is held while the visitor pays; Stripe's Checkout lasts at least as long (30 minutes). */
export const HOLD_MINUTES = 30

/** The statuses an order may move to from each status (anything else is refused). */
export const ORDER_STEPS: Record<Order['status'], ReadonlyArray<Order['status']>> = {
  awaiting_payment: ['paid', 'expired'],
  // A payment can still arrive after the hold ran out (the session was paid as it expired): money
  // that has arrived is a fact; the fulfilment then confirms the time or refunds it.
  expired: ['paid'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
}

/** The rules a session type books by: the file's times, buffer, notice and daily maximum, with its own length and forms. */
export const rulesFor = (availability: Availability, type: SessionType): Availability => ({
  ...availability,
  durationMinutes: type.minutes,
  modes: availability.modes.filter((mode) => type.modes.includes(mode)).length > 0 ? availability.modes.filter((mode) => type.modes.includes(mode)) : [...type.modes],
})

export type HoldOutcome =
  | { status: 'holdt'; order: Order; booking: Booking }
  | { status: 'samme-formular'; order: Order }
  | { status: 'taget' | 'ikke-ledig' | 'for-mange' }

type HoldRequest = {
  availability: Availability
  type: SessionType
  terms: PaymentTerms
  date: string
  time: string
  details: BookingDetails
  ipHash: string
  now: Date
  /** The form's own key: the same form posted twice finds the first order. */
  requestKey: string
  expressStart: boolean
  /** ved-booking holds the time for the checkout; bagefter (or payment switched off) confirms it at once. */
  payNow: boolean
}

/**
 * Holds a time and records its order in one immediate transaction: two visitors (or two server
 * processes) cannot hold one time, and a double click makes one order.
 */
export function holdTime(db: Db, request: HoldRequest): HoldOutcome {
  const { availability, type, terms, date, time, details, ipHash, now, requestKey, expressStart, payNow } = request
  const rules = rulesFor(availability, type)
  const slot = findOfferedSlot(rules, date, time)
  if (!slot) return { status: 'ikke-ledig' }
  const publicId = newPublicId()
  try {
    return db.$client
      .transaction((): HoldOutcome => {
        const earlier = db.select().from(orders).where(eq(orders.requestKey, requestKey)).get()
        if (earlier) return { status: 'samme-formular', order: earlier }
        if (takeAttempt(db, 'booking', ipHash, now) === undefined) return { status: 'for-mange' }
        const refused = refusal(rules, slot, takenAround(db, slot.date), busyBetween(db, slot.date, slot.date), now)
        if (refused) return { status: refused }
        const booking = db
          .insert(bookings)
          .values({
            publicId,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
            startsAt: slot.start.toISOString(),
            endsAt: slot.end.toISOString(),
            localDate: slot.date,
            mode: details.form,
            name: details.navn,
            email: details.email,
            emailKey: details.email.toLowerCase(),
            phone: details.telefon,
            note: details.besked,
            manageTokenHash: hashToken(manageToken(publicId)),
            ipHash,
            uid: `${publicId}@${new URL(siteOrigin()).host}`,
            status: payNow ? 'holdt' : 'bekraeftet',
            sessionTypeId: type.id,
          })
          .returning()
          .get()
        const orderPublicId = newPublicId()
        const order = db
          .insert(orders)
          .values({
            publicId: orderPublicId,
            tokenHash: hashToken(orderToken(orderPublicId)),
            requestKey,
            bookingId: booking.id,
            sessionTypeId: type.id,
            sessionName: type.name,
            minutes: type.minutes,
            amountOere: type.amountOere,
            currency: 'dkk',
            payment: payNow ? 'ved-booking' : 'bagefter',
            customerName: details.navn,
            customerEmail: details.email,
            holdUntil: payNow ? new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString() : null,
            termsVersion: terms.version,
            termsSnapshot: { ...terms, sessionType: type },
            expressStart,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          .returning()
          .get()
        // Paid afterwards: booked at once, its e-mails and calendar write with it.
        if (!payNow) {
          queueEmails(db, booking, 'bekraeftelse', now, { availability, paymentNote: `betales bagefter (${formatKroner(order.amountOere)}) – send betalingslinket fra dit skrivebord` })
          queueEffects(db, [orderEmail(order, 'bekraeftelse')], now)
        }
        assertFileKept(db)
        return { status: 'holdt', order, booking }
      })
      .immediate()
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'taget' }
    throw error
  }
}

/** One e-mail about an order to the client, as an outbox effect (payments/order-mail.server.ts writes it). */
export const orderEmail = (order: Pick<Order, 'id' | 'publicId'>, kind: string, facts: Record<string, unknown> = {}, suffix = ''): NewEffect => ({
  kind: 'order-email',
  idempotencyKey: `order-${order.publicId}-${kind}${suffix}`,
  payload: { orderId: order.id, kind, ...facts },
})

export const findOrder = (db: Db, id: number) => db.select().from(orders).where(eq(orders.id, id)).get()
export const findOrderByPublicId = (db: Db, publicId: string) => db.select().from(orders).where(eq(orders.publicId, publicId)).get()
export const findOrderBySession = (db: Db, sessionId: string) => db.select().from(orders).where(eq(orders.stripeSessionId, sessionId)).get()
export const findOrderByToken = (db: Db, token: string) => db.select().from(orders).where(eq(orders.tokenHash, hashToken(token))).get()
export const orderOfBooking = (db: Db, bookingId: number) => db.select().from(orders).where(eq(orders.bookingId, bookingId)).get()

/**
 * Moves an order's status forward (ORDER_STEPS) with the other fields given, inside the caller's
 * transaction; undefined when the order is no longer where the move starts (another call got there first).
 */
export function moveOrder(db: Db, order: Order, to: Order['status'], fields: Partial<Order>, now: Date) {
  if (!ORDER_STEPS[order.status].includes(to)) return undefined
  return db
    .update(orders)
    .set({ ...fields, status: to, updatedAt: now.toISOString() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning()
    .get()
}

/**
 * Frees a hold whose payment did not come: the order expires and the time is free again. Only
 * from awaiting payment, in one transaction; the caller has made sure Stripe will take no payment
 * for it (the session is expired there, or was never made).
 */
export function releaseHold(db: Db, orderId: number, now: Date) {
  return db.$client
    .transaction(() => {
      const order = findOrder(db, orderId)
      if (!order || order.status !== 'awaiting_payment') return false
      moveOrder(db, order, 'expired', {}, now)
      if (order.bookingId !== null) {
        db.update(bookings)
          .set({ status: 'udloebet', updatedAt: now.toISOString() })
          .where(and(eq(bookings.id, order.bookingId), eq(bookings.status, 'holdt')))
          .run()
      }
      return true
    })
    .immediate()
}

/** Stores the Checkout Session made for an order (its id and address); a session already stored stays. */
export function storeSession(db: Db, orderId: number, session: { id: string; url: string | null }, now: Date) {
  db.update(orders)
    .set({ stripeSessionId: session.id, checkoutUrl: session.url, updatedAt: now.toISOString() })
    .where(and(eq(orders.id, orderId), sql`${orders.stripeSessionId} is null`))
    .run()
  return findOrder(db, orderId)!
}

/** Orders that may still turn into a payment: awaiting it, or expired within the last three days (Stripe retries that long). */
export function ordersToCatchUp(db: Db, now: Date) {
  const since = new Date(now.getTime() - 3 * 86_400_000).toISOString()
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['awaiting_payment', 'expired']), sql`${orders.stripeSessionId} is not null`, sql`${orders.createdAt} >= ${since}`))
    .all()
}
