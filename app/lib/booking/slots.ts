import type { Availability } from '~/lib/booking/availability-schema'
import { holidayOn } from '~/lib/booking/holidays'
import { addDays, fromLocal, isLocalDate, isLocalTime, toLocal, weekdayIndex } from '~/lib/booking/time'

/** A time a visitor may book: its Danish date and clock time, and the instants it begins and ends. */
export type Slot = { date: string; time: string; start: Date; end: Date }

/** A confirmed booking as the availability sees it. */
export type Taken = { startsAt: string; endsAt: string; localDate: string }

const MINUTE = 60_000

/** Whether the coach has closed this date and time (a day off, a period, part of a day, a holiday). */
function isClosed(availability: Availability, date: string, time: string) {
  if (availability.holidaysClosed && holidayOn(date)) return true
  return availability.closed.some((period) =>
    period.fromTime ? period.from === date && time >= period.fromTime && time < period.toTime! : date >= period.from && date <= period.to,
  )
}

/** The times the file offers on one Danish date, whoever has booked them. */
export function offeredSlots(availability: Availability, date: string): Slot[] {
  const times = new Set([...(availability.week[weekdayIndex(date)] ?? []), ...(availability.extra[date] ?? [])])
  return [...times]
    .sort()
    .filter((time) => !isClosed(availability, date, time))
    .flatMap((time) => {
      const start = fromLocal(date, time)
      return start ? [{ date, time, start, end: new Date(start.getTime() + availability.durationMinutes * MINUTE) }] : []
    })
}

export type Unavailable = 'lukket' | 'for-tidligt' | 'for-sent' | 'taget' | 'dagen-fuld'

/**
 * Why a slot cannot be booked now, or undefined when it can. The one rule for the page and for
 * the booking transaction: notice and window from `now`, the buffer around every confirmed booking
 * (whatever length it was booked with), and the coach's maximum per day.
 */
export function unavailability(availability: Availability, slot: Slot, taken: readonly Taken[], now: Date): Unavailable | undefined {
  if (!availability.open) return 'lukket'
  if (slot.start.getTime() < now.getTime() + availability.noticeMinutes * MINUTE) return 'for-tidligt'
  if (slot.start.getTime() > now.getTime() + availability.windowMinutes * MINUTE) return 'for-sent'
  const buffer = availability.bufferMinutes * MINUTE
  const overlaps = taken.some(
    (booking) => slot.start.getTime() < Date.parse(booking.endsAt) + buffer && Date.parse(booking.startsAt) < slot.end.getTime() + buffer,
  )
  if (overlaps) return 'taget'
  if (taken.filter((booking) => booking.localDate === slot.date).length >= (availability.maxPerDay ?? Infinity)) return 'dagen-fuld'
  return undefined
}

/** The slot of a Danish date and time if the file offers it (free or not). */
export function findOfferedSlot(availability: Availability, date: string, time: string) {
  return offeredSlots(availability, date).find((slot) => slot.time === time)
}

/** Free slots per date from `from` through `to` (Danish dates), days without any left out. */
export function freeSlotsByDay(availability: Availability, taken: readonly Taken[], now: Date, from: string, to: string) {
  const days: Array<{ date: string; slots: Slot[] }> = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const slots = offeredSlots(availability, date).filter((slot) => !unavailability(availability, slot, taken, now))
    if (slots.length > 0) days.push({ date, slots })
  }
  return days
}

/** The first free slot within the booking window, if any. */
export function firstFreeSlot(availability: Availability, taken: readonly Taken[], now: Date) {
  const today = toLocal(now).date
  const last = toLocal(new Date(now.getTime() + availability.windowMinutes * MINUTE)).date
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const slot = offeredSlots(availability, date).find((candidate) => !unavailability(availability, candidate, taken, now))
    if (slot) return slot
  }
  return undefined
}

/** The slot address: '2026-04-07T10:00'. */
export const slotKey = (slot: { date: string; time: string }) => `${slot.date}T${slot.time}`

/** The date and time of a slot address, if it names a real date and time of day (not 30 February, not 25:00). */
export function parseSlotKey(key: string) {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(key)
  return match && isLocalDate(match[1]!) && isLocalTime(match[2]!) ? { date: match[1]!, time: match[2]! } : undefined
}
