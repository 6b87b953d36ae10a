import { site } from '~/server/content/content.server'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import type { Booking } from '#db/schema'
import type { Availability } from '~/lib/booking/availability-schema'
import { modeLabels } from '~/lib/booking/booking-form'
import type { BookingWeek, ChosenSlot, DayOfSlots, ManagedBooking } from '~/lib/booking/page-data'
import { firstFreeSlot, freeSlotsByDay, offeredSlots, parseSlotKey, slotKey, unavailability } from '~/lib/booking/slots'
import { addDays, formatDay, formatInstant, formatPeriod, formatTime, isoWeek, mondayOfIsoWeek, toLocal } from '~/lib/booking/time'
import { openAvailability } from '~/server/booking/availability.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { findByToken, takenBetween, withLengthOf } from '~/server/booking/bookings.server'
import { isTokenShaped } from '~/server/links/links.server'
import { busyBetween } from '~/server/calendar/busy-sources.server'
import { cancellationRefundNote } from '~/server/payments/cancellation.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'

/** What a page is computed from; tests pass their own. `availability` is undefined while booking is closed. */
export type PageSources = { clock?: Clock; db?: Db; availability?: Availability }
function sources({ clock = systemClock, db = getDb(), ...rest }: PageSources) {
  const now = clock()
  return { now, db, availability: 'availability' in rest ? rest.availability : bookableAvailability(db, now) }
}

/** What takes time from Danish dates from..to: bookings and the coach's busy times, read once per page. */
const occupiedBetween = (db: Db, from: string, to: string) => ({ taken: takenBetween(db, from, to), busy: busyBetween(db, from, to) })
type Occupied = ReturnType<typeof occupiedBetween>

function days(availability: Availability, { taken, busy }: Occupied, from: string, to: string, now: Date) {
  return freeSlotsByDay(availability, taken, now, from, to, busy).map(
    (day): DayOfSlots => ({ date: day.date, label: formatDay(day.date), slots: day.slots.map((slot) => ({ key: slotKey(slot), time: formatTime(slot.time), label: formatInstant(slot.start) })) }),
  )
}

/** One week of free times: the asked week within the booking window, else the week of the first free time. */
export function bookingWeek(week: string | undefined, options: PageSources = {}): BookingWeek {
  const { now, db, availability } = sources(options)
  if (!availability) return { open: false }
  const today = toLocal(now).date
  const last = toLocal(new Date(now.getTime() + availability.windowMinutes * 60_000)).date
  const firstWeek = isoWeek(today)
  // Every week the page can show lies between the first week's Monday and the window's last week.
  const occupied = occupiedBetween(db, mondayOfIsoWeek(firstWeek)!, addDays(last, 6))
  const first = firstFreeSlot(availability, occupied.taken, now, occupied.busy)
  const asked = week ? mondayOfIsoWeek(week) : undefined
  const monday = mondayOfIsoWeek(asked && asked <= last && asked >= mondayOfIsoWeek(firstWeek)! ? isoWeek(asked) : isoWeek(first?.date ?? today))!
  const sunday = addDays(monday, 6)
  return {
    open: true,
    week: isoWeek(monday),
    label: `${formatDay(monday)} – ${formatDay(sunday)}`,
    days: days(availability, occupied, monday, sunday, now),
    previousWeek: isoWeek(monday) > firstWeek ? isoWeek(addDays(monday, -7)) : undefined,
    nextWeek: addDays(monday, 7) <= last ? isoWeek(addDays(monday, 7)) : undefined,
    firstFree: first ? { key: slotKey(first), label: formatInstant(first.start) } : undefined,
  }
}

/** The time a visitor chose, if it can still be booked. */
export function chosenSlot(key: string, options: PageSources = {}): ChosenSlot {
  const { now, db, availability } = sources(options)
  if (!availability) return { state: 'lukket' }
  const parsed = parseSlotKey(key)
  const slot = parsed && offeredSlots(availability, parsed.date).find((candidate) => candidate.time === parsed.time)
  if (!parsed || !slot) return { state: 'ikke-ledig', week: parsed ? isoWeek(parsed.date) : undefined }
  if (unavailability(availability, slot, takenBetween(db, slot.date, slot.date), now, busyBetween(db, slot.date, slot.date))) return { state: 'ikke-ledig', week: isoWeek(slot.date) }
  return {
    state: 'ledig',
    key,
    label: formatInstant(slot.start),
    ends: formatTime(toLocal(slot.end).time),
    week: isoWeek(slot.date),
    modes: availability.modes.map((mode) => ({ value: mode, label: modeLabels[mode] })),
  }
}

/** A booking as its manage link shows it: always its current state, also after a move. */
export function managedBooking(token: string, options: PageSources = {}): ManagedBooking | undefined {
  if (!isTokenShaped(token)) return undefined
  const { now, db, availability } = sources(options)
  const booking = findByToken(db, token)
  if (!booking) return undefined
  // The cut-off holds whatever the calendars do; only the times to move to need them.
  const cutoffMinutes = ('availability' in options ? availability : openAvailability(db))?.cancelCutoffMinutes ?? 0
  const start = new Date(booking.startsAt)
  const changeable = booking.status === 'bekraeftet' && now.getTime() <= start.getTime() - cutoffMinutes * 60_000
  const today = toLocal(now).date
  const last = availability ? toLocal(new Date(now.getTime() + availability.windowMinutes * 60_000)).date : today
  const hours = Math.round(cutoffMinutes / 60)
  return {
    code: booking.publicId,
    name: booking.name,
    // A held or run-out time was never confirmed to anyone: its link shows no booking.
    status: booking.status === 'bekraeftet' ? 'bekraeftet' : 'aflyst',
    period: formatPeriod(start, new Date(booking.endsAt)),
    mode: modeLabels[booking.mode],
    changeable,
    cutoff: cutoffMinutes % 60 === 0 ? `${hours} ${hours === 1 ? 'time' : 'timer'}` : `${cutoffMinutes} minutter`,
    moveTo: changeable && availability ? movesFor(booking, withLengthOf(availability, booking), db, today, last, now) : [],
    addToCalendar: booking.status === 'bekraeftet' ? addToCalendarLinks(booking) : undefined,
    ...(changeable && booking.sessionTypeId !== null ? { refundNote: cancellationRefundNote(db, booking, now) } : {}),
  }
}

/**
 * The times a booking may move to: its own time is given up by the move, so it counts neither
 * against the pause around it nor against the day's maximum (as the move itself, `moveBooking`,
 * counts it); the time it already has is not offered.
 */
function movesFor(booking: Booking, availability: Availability, db: Db, today: string, last: string, now: Date) {
  const occupied = occupiedBetween(db, today, last)
  const others = { ...occupied, taken: occupied.taken.filter((other) => other.startsAt !== booking.startsAt) }
  return days(availability, others, today, last, now)
    .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.key !== slotKey(toLocal(new Date(booking.startsAt)))) }))
    .filter((day) => day.slots.length > 0)
}

/**
 * Links that open a new event in the visitor's own calendar. Nothing secret goes to Google or
 * Microsoft: the manage link stays in the e-mail.
 */
function addToCalendarLinks(booking: Booking) {
  const title = `Uforpligtende samtale med ${site.name}`
  const details = `${modeLabels[booking.mode]}. Flyt eller aflys via linket i din bekræftelse på e-mail.`
  const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  const google = new URLSearchParams({ action: 'TEMPLATE', text: title, dates: `${compact(booking.startsAt)}/${compact(booking.endsAt)}`, details })
  const outlook = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: title, startdt: booking.startsAt, enddt: booking.endsAt, body: details })
  // Outlook on the web has two homes: outlook.live.com for personal accounts (Outlook.com, Hotmail),
  // outlook.office.com for work and school accounts (Microsoft 365); neither opens the other's.
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
    outlookWork: `https://outlook.office.com/calendar/0/deeplink/compose?${outlook}`,
  }
}
