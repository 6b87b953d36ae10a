import { randomInt } from 'node:crypto'
import { and, between, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm'
import { type Db, databaseFileProblem } from '#db/database'
import { type Booking, bookings, outbox } from '#db/schema'
import type { Availability } from '~/lib/booking/availability-schema'
import type { BookingDetails } from '~/lib/booking/booking-schema'
import { type Busy, type Slot, type Taken, findOfferedSlot, unavailability } from '~/lib/booking/slots'
import { addDays } from '~/lib/booking/time'
import { hashToken, manageToken, siteOrigin } from '~/server/links/links.server'
import { busyBetween } from '~/server/calendar/busy-sources.server'
import { type BookingEmailFacts } from '~/server/booking/booking-mail.server'
import { queueCalendarWrite } from '~/server/calendar/calendar-writes.server'
import { personKey, recipientHash } from '~/server/limits/sender.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { type NewEffect, queueEffects } from '~/server/outbox/outbox.server'
import { settleCancelledBooking } from '~/server/payments/cancellation.server'
import { settleCardBooking } from '~/server/payments/package-ledger.server'

/**
 * Bookings in the database. Every change is one immediate transaction that reads what is booked,
 * applies the rules and writes the booking together with the e-mails about it: two requests (or
 * two server processes) can never both take one time, and no change exists without its e-mails.
 */

const DAY_MS = 86_400_000
export const MAX_MOVES = 3
/** The reminder goes out this long before the conversation. */
export const REMINDER_BEFORE_MS = DAY_MS

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
/** Eight letters and digits without look-alikes (no i, l, o, 0, 1): easy to read aloud on the phone. */
export const newPublicId = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

export type ChangeRefused = 'taget' | 'ikke-ledig' | 'for-sent' | 'for-mange-flytninger' | 'aflyst'
/**
 * har-booking: the address has an upcoming booking; it is e-mailed about that one, and the visitor
 * is told what a new booking is told, so the answer never says whether someone has an appointment.
 */
export type CreateOutcome =
  | { status: 'booket'; booking: Booking; token: string }
  | { status: 'har-booking'; booking: Booking }
  | { status: 'taget' | 'ikke-ledig' | 'for-mange' }

/** What takes a time: a confirmed booking, and a paid session's time held while the visitor pays. */
export const takesTime = inArray(bookings.status, ['bekraeftet', 'holdt'])

/** Confirmed (or held) bookings near a date (a day either side covers any length and buffer the file allows). */
export function takenAround(db: Db, date: string, except?: number): Taken[] {
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, localDate: bookings.localDate })
    .from(bookings)
    .where(and(takesTime, between(bookings.localDate, addDays(date, -1), addDays(date, 1)), except === undefined ? undefined : ne(bookings.id, except)))
    .all()
}

/** Confirmed bookings from one Danish date through another, for the pages. */
export function takenBetween(db: Db, from: string, to: string): Taken[] {
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, localDate: bookings.localDate })
    .from(bookings)
    .where(and(takesTime, between(bookings.localDate, addDays(from, -1), addDays(to, 1))))
    .all()
}

/** Why the slot cannot be taken now, in the words the visitor is told (the coach's own busy times read as taken). */
export function refusal(availability: Availability, slot: Slot, taken: Taken[], busy: Busy[], now: Date) {
  const reason = unavailability(availability, slot, taken, now, busy)
  if (!reason) return undefined
  return reason === 'taget' || reason === 'optaget' || reason === 'dagen-fuld' ? ('taget' as const) : ('ikke-ledig' as const)
}

/**
 * The row of a new booking at `slot` for `details`: one shape for the free first conversation and a
 * paid session (which adds its status and type). The UID is fixed here, by the server that takes the
 * booking: every later change names the same event.
 */
export function newBookingRow({ publicId, slot, details, ipHash, now }: { publicId: string; slot: Slot; details: BookingDetails; ipHash: string; now: Date }) {
  return {
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
  }
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE'

type EmailKind = 'bekraeftelse' | 'flyttet' | 'aflyst'

const reminderWaiting = (bookingId: number) =>
  and(eq(outbox.kind, 'booking-email'), eq(outbox.bookingId, bookingId), eq(outbox.status, 'pending'), sql`json_extract(${outbox.payload}, '$.kind') = 'paamindelse'`)

/** One booking e-mail as an outbox effect; `dueAt` holds a reminder until its time. */
const bookingEmail = (booking: Booking, facts: Omit<BookingEmailFacts, 'sequence' | 'startsAt' | 'endsAt' | 'coachNote'> & { coachNote?: string | null }, idempotencyKey: string, dueAt?: Date): NewEffect => ({
  kind: 'booking-email',
  bookingId: booking.id,
  idempotencyKey,
  payload: { sequence: booking.sequence, startsAt: booking.startsAt, endsAt: booking.endsAt, coachNote: null, ...facts } satisfies BookingEmailFacts,
  dueAt,
})

/**
 * The e-mails of one change (to the visitor and to the coach), while confirmed the reminder, and
 * the calendar write. `coachNote`: what the coach wrote to the visitor on her desk, in the visitor's e-mail.
 */
export function queueEmails(db: Db, booking: Booking, kind: EmailKind, now: Date, { coachNote, availability, paymentNote }: { coachNote?: string; availability?: Availability; paymentNote?: string } = {}) {
  queueCalendarWrite(db, booking, now)
  const key = (emailKind: string, role: string) => `booking-${booking.publicId}-${emailKind}-${booking.sequence}-${role}`
  // A time inside the visitor's cut-off (the coach moved it to tomorrow morning) cannot be changed by the link.
  const manageable = kind === 'aflyst' || !tooLate(availability, booking, now, 'gaest')
  // A paid session's confirmation to the client is the order's (receipt, terms, withdrawal form: payments/order-mail.server.ts).
  // A session booked with a klippekort has no order of its own: the client gets the booking's confirmation.
  const roles = kind === 'bekraeftelse' && booking.sessionTypeId !== null && booking.packageCardId === null ? (['coach'] as const) : (['gaest', 'coach'] as const)
  const rows = roles.map((role) =>
    bookingEmail(
      booking,
      { kind, role, coachNote: role === 'gaest' && coachNote ? coachNote : null, ...(role === 'gaest' && !manageable ? { manageable } : {}), ...(role === 'coach' && paymentNote ? { paymentNote } : {}) },
      key(kind, role),
    ),
  )
  // Any reminder still waiting was about the old time (or a booking that is now cancelled).
  db.update(outbox).set({ status: 'skipped', nextAttemptAt: null }).where(reminderWaiting(booking.id)).run()
  const remindAt = Date.parse(booking.startsAt) - REMINDER_BEFORE_MS
  const reminders = booking.status === 'bekraeftet' && remindAt > now.getTime() ? [bookingEmail(booking, { kind: 'paamindelse', role: 'gaest' }, key('paamindelse', 'gaest'), new Date(remindAt))] : []
  queueEffects(db, [...rows, ...reminders], now)
}

export function assertFileKept(db: Db) {
  // Checked before the commit: a row written into a deleted or replaced file would vanish.
  const problem = databaseFileProblem(db)
  if (problem) throw new Error(`database file ${problem}: the booking would not be kept`)
}

/** Books a time: the rules, the limits and the insert in one immediate transaction. */
export function createBooking(
  db: Db,
  { availability, date, time, details, ipHash, now }: { availability: Availability; date: string; time: string; details: BookingDetails; ipHash: string; now: Date },
): CreateOutcome {
  const slot = findOfferedSlot(availability, date, time)
  if (!slot) return { status: 'ikke-ledig' }
  const publicId = newPublicId()
  const token = manageToken(publicId)
  try {
    return db.$client
      .transaction((): CreateOutcome => {
        const attempt = takeAttempt(db, 'booking', ipHash, now)
        if (attempt === undefined) return { status: 'for-mange' }
        // The time first: a taken time reads the same to every address, booked or not.
        const refused = refusal(availability, slot, takenAround(db, slot.date), busyBetween(db, slot.date, slot.date), now)
        if (refused) return { status: refused }
        // One upcoming booking per person: »a+2@…« is »a@…« (personKey); the upcoming bookings are few.
        const person = personKey(details.email)
        const upcoming = db
          .select()
          .from(bookings)
          .where(and(eq(bookings.status, 'bekraeftet'), gt(bookings.startsAt, now.toISOString())))
          .orderBy(bookings.startsAt)
          .all()
          .find((booking) => personKey(booking.emailKey) === person)
        if (upcoming) {
          // Its link again, to the address that booked it: at most RECIPIENT_CAPS['already-booked'] a day per person.
          if (takeAttempt(db, 'already-booked', recipientHash(upcoming.email), now) !== undefined) {
            queueEffects(db, [bookingEmail(upcoming, { kind: 'eksisterende', role: 'gaest' }, `booking-${upcoming.publicId}-eksisterende-${attempt}`)], now)
          }
          return { status: 'har-booking', booking: upcoming }
        }
        const booking = db.insert(bookings).values(newBookingRow({ publicId, slot, details, ipHash, now })).returning().get()
        queueEmails(db, booking, 'bekraeftelse', now, { availability })
        assertFileKept(db)
        return { status: 'booket', booking, token }
      })
      .immediate()
  } catch (error) {
    // The partial unique index: the last line of defence if a confirmed booking of this start exists.
    if (isUniqueViolation(error)) return { status: 'taget' }
    throw error
  }
}

export const findByToken = (db: Db, token: string) => db.select().from(bookings).where(eq(bookings.manageTokenHash, hashToken(token))).get()

export const findByCode = (db: Db, code: string) => db.select().from(bookings).where(eq(bookings.publicId, code.trim().toLowerCase())).get()

/** A visitor may change a booking until the file's cut-off before it; the coach any time before it ends. */
function tooLate(availability: Availability | undefined, booking: Booking, now: Date, by: 'gaest' | 'coach') {
  const limit = by === 'coach' ? Date.parse(booking.endsAt) : Date.parse(booking.startsAt) - (availability?.cancelCutoffMinutes ?? 0) * 60_000
  return now.getTime() > limit
}

export type ChangeOutcome = { status: 'aflyst' | 'flyttet'; booking: Booking } | { status: ChangeRefused | 'samme-tid' }

/** Cancels a confirmed booking: frees the time, raises SEQUENCE and queues the CANCEL e-mails (with the coach's reason, when she gives one). */
export function cancelBooking(
  db: Db,
  { id, by, availability, now, reason }: { id: number; by: 'gaest' | 'coach'; availability: Availability | undefined; now: Date; reason?: string },
): ChangeOutcome {
  return db.$client
    .transaction((): ChangeOutcome => {
      const current = db.select().from(bookings).where(eq(bookings.id, id)).get()
      if (!current || current.status !== 'bekraeftet') return { status: 'aflyst' }
      if (tooLate(availability, current, now, by)) return { status: 'for-sent' }
      const booking = db
        .update(bookings)
        .set({ status: 'aflyst', cancelledAt: now.toISOString(), cancelledBy: by, sequence: current.sequence + 1, updatedAt: now.toISOString(), ...herChoice(by) })
        .where(eq(bookings.id, id))
        .returning()
        .get()
      queueEmails(db, booking, 'aflyst', now, { coachNote: reason })
      // A klippekort's session: the session back when the terms give it; a paid session: the refund its stored terms give.
      if (booking.packageCardId !== null) settleCardBooking(db, booking, by, now)
      else if (booking.sessionTypeId !== null) settleCancelledBooking(db, booking, by, now)
      assertFileKept(db)
      return { status: 'aflyst', booking }
    })
    .immediate()
}

/**
 * Moves a confirmed booking to another free time: same UID, SEQUENCE + 1, in one transaction. The
 * coach (on her desk) keeps every rule but the notice (she may move a booking to tomorrow morning),
 * is not held to the visitor's cut-off or number of moves, and may add a note for the visitor.
 */
export function moveBooking(
  db: Db,
  { id, availability, date, time, now, by = 'gaest', note }: { id: number; availability: Availability; date: string; time: string; now: Date; by?: 'gaest' | 'coach'; note?: string },
): ChangeOutcome {
  try {
    return db.$client
      .transaction((): ChangeOutcome => {
        const current = db.select().from(bookings).where(eq(bookings.id, id)).get()
        if (!current || current.status !== 'bekraeftet') return { status: 'aflyst' }
        const rules = withLengthOf(by === 'coach' ? coachRules(availability) : availability, current)
        const slot = findOfferedSlot(rules, date, time)
        if (tooLate(availability, current, now, by)) return { status: 'for-sent' }
        // The time it already has: nothing moves, nothing is sent, and no move is used up.
        if (slot && slot.start.toISOString() === current.startsAt) return { status: 'samme-tid' }
        if (by === 'gaest' && current.moveCount >= MAX_MOVES) return { status: 'for-mange-flytninger' }
        if (!slot) return { status: 'ikke-ledig' }
        const refused = refusal(rules, slot, takenAround(db, slot.date, id), busyBetween(db, slot.date, slot.date), now)
        if (refused) return { status: refused }
        const booking = db
          .update(bookings)
          .set({
            startsAt: slot.start.toISOString(),
            endsAt: slot.end.toISOString(),
            localDate: slot.date,
            sequence: current.sequence + 1,
            // The visitor's own moves are limited; the coach's do not use them up.
            moveCount: by === 'gaest' ? current.moveCount + 1 : current.moveCount,
            updatedAt: now.toISOString(),
            ...herChoice(by),
          })
          .where(eq(bookings.id, id))
          .returning()
          .get()
        queueEmails(db, booking, 'flyttet', now, { coachNote: note, availability })
        assertFileKept(db)
        return { status: 'flyttet', booking }
      })
      .immediate()
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'taget' }
    throw error
  }
}

/**
 * A change the coach makes herself is her answer to whatever her calendar shows: the site's next
 * write replaces the event there, even a version she edited. A visitor's change never does
 * (calendar-writes.server.ts writes only over the version the site wrote).
 */
const herChoice = (by: 'gaest' | 'coach') => (by === 'coach' ? { calendarEtag: null, calendarConflictAt: null } : {})

/**
 * The rules a booking moves by: a paid session keeps its own length (its session type's), the free
 * conversation the file's.
 */
export const withLengthOf = (availability: Availability, booking: Pick<Booking, 'startsAt' | 'endsAt' | 'sessionTypeId'>): Availability =>
  booking.sessionTypeId === null ? availability : { ...availability, durationMinutes: (Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000 }

/** The rules the coach moves a booking by: the file's, without the notice. */
export const coachRules = (availability: Availability): Availability => ({ ...availability, noticeMinutes: 0 })

/** The coach notes that the visitor did not come (only once the conversation has begun). */
export function markNoShow(db: Db, { id, now }: { id: number; now: Date }) {
  return setOutcome(db, id, 'udeblevet', now)
}

/** The coach takes a no-show back (she marked the wrong booking, or the visitor came after all). */
export function undoNoShow(db: Db, { id, now }: { id: number; now: Date }) {
  return setOutcome(db, id, null, now)
}

function setOutcome(db: Db, id: number, outcome: 'udeblevet' | null, now: Date) {
  return db
    .update(bookings)
    .set({ outcome, updatedAt: now.toISOString() })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'bekraeftet'), lte(bookings.startsAt, now.toISOString())))
    .returning()
    .get()
}
