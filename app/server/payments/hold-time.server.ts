import type { Db } from '#db/database'
import { type Booking, type Order, bookings, orders } from '#db/schema'
import type { Availability } from '~/lib/booking/availability-schema'
import type { BookingDetails } from '~/lib/booking/booking-schema'
import { findOfferedSlot } from '~/lib/booking/slots'
import type { PaymentTerms, SessionType } from '~/lib/content/content-types'
import { formatKroner } from '~/lib/payments/money'
import { assertFileKept, isUniqueViolation, newBookingRow, newPublicId, queueEmails, refusal, takenAround } from '~/server/booking/bookings.server'
import { busyBetween } from '~/server/calendar/busy-sources.server'
import { hashToken, orderToken } from '~/server/links/links.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { queueEffects } from '~/server/outbox/outbox.server'
import { orderEmail } from '~/server/payments/orders.server'
import { eq } from 'drizzle-orm'

/**
 * A paid session's order and the hold on its time. The hold is a booking in status `holdt`: taken
 * for everyone else (the same overlap rule and unique index as a confirmed booking), e-mailed to
 * nobody, written to no calendar. Its order records what is bought, at which price and under which
 * terms, until when the time is held, and moves only forward (orders.server.ts, ORDER_STEPS).
 */

/** How long a time is held while the visitor pays; Stripe's Checkout lasts at least as long (30 minutes). */
export const HOLD_MINUTES = 30

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
            ...newBookingRow({ publicId, slot, details, ipHash, now }),
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

