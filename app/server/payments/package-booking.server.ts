import type { Db } from '#db/database'
import { type Booking, type PackageCard, bookings } from '#db/schema'
import type { Availability } from '~/lib/booking/availability-schema'
import type { BookingDetails } from '~/lib/booking/booking-schema'
import { findOfferedSlot } from '~/lib/booking/slots'
import { assertFileKept, isUniqueViolation, newBookingRow, newPublicId, queueEmails, refusal, takenAround } from '~/server/booking/bookings.server'
import { busyBetween } from '~/server/calendar/busy-sources.server'
import { rulesFor } from '~/server/payments/hold-time.server'
import { changeBalance, findCard, snapshotOf, usable } from '~/server/payments/package-ledger.server'

export type CardBookingOutcome = { status: 'booket'; booking: Booking; card: PackageCard } | { status: 'taget' | 'ikke-ledig' | 'ingen-klip' | 'udloebet' | 'ugyldig-form' }

/**
 * Books the card's next session at a free time without paying again: the booking form's rules
 * (its times, notice, buffer, daily maximum, her busy calendar) with the session type's length,
 * and one session off the balance, in one immediate transaction. A card holder's upcoming
 * booking does not stop the next one: the balance is her limit (docs/payments.md).
 */
export function bookWithCard(db: Db, { card, availability, date, time, mode, ipHash, now }: { card: PackageCard; availability: Availability; date: string; time: string; mode: BookingDetails['form']; ipHash: string; now: Date }): CardBookingOutcome {
  const sessionType = snapshotOf(db, card).sessionType
  const rules = rulesFor(availability, sessionType)
  if (!rules.modes.includes(mode)) return { status: 'ugyldig-form' }
  const slot = findOfferedSlot(rules, date, time)
  if (!slot) return { status: 'ikke-ledig' }
  try {
    return db.$client
      .transaction((): CardBookingOutcome => {
        const current = findCard(db, card.id)!
        // A session must begin while the card is valid.
        if (!usable(current, now) || slot.start.getTime() >= Date.parse(current.expiresAt)) return { status: 'udloebet' }
        if (current.remaining <= 0) return { status: 'ingen-klip' }
        const refused = refusal(rules, slot, takenAround(db, slot.date), busyBetween(db, slot.date, slot.date), now)
        if (refused) return { status: refused }
        const details: BookingDetails = { navn: current.customerName, email: current.customerEmail, telefon: current.phone, form: mode, besked: '' }
        const booking = db
          .insert(bookings)
          .values({ ...newBookingRow({ publicId: newPublicId(), slot, details, ipHash, now }), sessionTypeId: sessionType.id, packageCardId: current.id })
          .returning()
          .get()
        const taken = changeBalance(db, current.id, -1, 'booket', now, { bookingId: booking.id })
        // The last session went to another booking in the meantime: this one is undone with the transaction.
        if (!taken) throw new NoSessionLeft()
        queueEmails(db, booking, 'bekraeftelse', now, { availability, paymentNote: `klip fra klippekort – ${taken.remaining} tilbage af ${taken.total}` })
        assertFileKept(db)
        return { status: 'booket', booking, card: taken }
      })
      .immediate()
  } catch (error) {
    if (error instanceof NoSessionLeft) return { status: 'ingen-klip' }
    if (isUniqueViolation(error)) return { status: 'taget' }
    throw error
  }
}

class NoSessionLeft extends Error {}
