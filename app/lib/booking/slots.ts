import type { Availability } from '~/lib/booking/availability-schema'
import { holidayOn } from '~/lib/booking/holidays'
import { addDays, fromLocal, isLocalDate, isLocalTime, localSpan, toLocal, weekdayIndex } from '~/lib/booking/time'

/** A time a visitor may book: its Danish date and clock time, and the instants it begins and ends. */
export type Slot = { date: string; time: string; start: Date; end: Date }

/** A confirmed booking as the availability sees it. */
export type Taken = { startsAt: string; endsAt: string; localDate: string }

/** A time the coach is busy in her own calendar (UTC milliseconds, end exclusive). */
export type Busy = { start: number; end: number }

const MINUTE = 60_000

/** Whether two periods come closer than the buffer: the pause after a conversation is kept on both sides. */
const closerThanBuffer = (start: number, end: number, otherStart: number, otherEnd: number, buffer: number) => start < otherEnd + buffer && otherStart < end + buffer

/**
 * Whether the coach has closed this slot: a holiday, a closed day or period, or a closed part of a
 * day that the slot or the pause after it overlaps anywhere, not only at its start, and from
 * whichever day (a slot late in the evening can run into a part closed after midnight).
 */
function isClosed(availability: Availability, slot: Slot) {
  if (availability.holidaysClosed && holidayOn(slot.date)) return true
  const buffer = availability.bufferMinutes * MINUTE
  // A slot and its pause last at most 8 hours (varighed and mellemrum are at most 240 minutes
  // each): only a part of its own day or the next can reach it, and the others are passed over
  // before their instants are worked out (every booking page asks this of every slot in its window).
  const nextDay = addDays(slot.date, 1)
  return availability.closed.some((period) => {
    if (!period.fromTime) return slot.date >= period.from && slot.date <= period.to
    if (period.from !== slot.date && period.from !== nextDay) return false
    const [from] = localSpan(period.from, period.fromTime)
    const [, to] = localSpan(period.from, period.toTime!)
    return slot.start < to && from.getTime() < slot.end.getTime() + buffer
  })
}

/** Every time the week and the extra days name on one Danish date, with whether a holiday or closed period takes it. */
export function plannedSlots(availability: Availability, date: string): Array<Slot & { closed: boolean }> {
  const times = new Set([...(availability.week[weekdayIndex(date)] ?? []), ...(availability.extra[date] ?? [])])
  return [...times].sort().flatMap((time) => {
    const start = fromLocal(date, time)
    if (!start) return []
    const slot = { date, time, start, end: new Date(start.getTime() + availability.durationMinutes * MINUTE) }
    return [{ ...slot, closed: isClosed(availability, slot) }]
  })
}

/** The times the file offers on one Danish date, whoever has booked them. */
export function offeredSlots(availability: Availability, date: string): Slot[] {
  return plannedSlots(availability, date)
    .filter((slot) => !slot.closed)
    .map(({ closed: _closed, ...slot }) => slot)
}

export type Unavailable = 'lukket' | 'for-tidligt' | 'for-sent' | 'taget' | 'optaget' | 'dagen-fuld'

/**
 * Why a slot cannot be booked now, or undefined when it can. The one rule for the page and for
 * the booking transaction: notice and window from `now`, the buffer around every confirmed booking
 * (whatever length it was booked with) and every busy time in the coach's own calendars, and the
 * coach's maximum per day (which counts bookings only).
 */
export function unavailability(availability: Availability, slot: Slot, taken: readonly Taken[], now: Date, busy: readonly Busy[] = []): Unavailable | undefined {
  if (!availability.open) return 'lukket'
  if (slot.start.getTime() < now.getTime() + availability.noticeMinutes * MINUTE) return 'for-tidligt'
  if (slot.start.getTime() > now.getTime() + availability.windowMinutes * MINUTE) return 'for-sent'
  const buffer = availability.bufferMinutes * MINUTE
  const [start, end] = [slot.start.getTime(), slot.end.getTime()]
  if (taken.some((booking) => closerThanBuffer(start, end, Date.parse(booking.startsAt), Date.parse(booking.endsAt), buffer))) return 'taget'
  if (busy.some((period) => closerThanBuffer(start, end, period.start, period.end, buffer))) return 'optaget'
  if (taken.filter((booking) => booking.localDate === slot.date).length >= (availability.maxPerDay ?? Infinity)) return 'dagen-fuld'
  return undefined
}

/** The slot of a Danish date and time if the file offers it (free or not). */
export function findOfferedSlot(availability: Availability, date: string, time: string) {
  return offeredSlots(availability, date).find((slot) => slot.time === time)
}

/** Free slots per date from `from` through `to` (Danish dates), days without any left out. */
export function freeSlotsByDay(availability: Availability, taken: readonly Taken[], now: Date, from: string, to: string, busy: readonly Busy[] = []) {
  const days: Array<{ date: string; slots: Slot[] }> = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const slots = offeredSlots(availability, date).filter((slot) => !unavailability(availability, slot, taken, now, busy))
    if (slots.length > 0) days.push({ date, slots })
  }
  return days
}

/** The first free slot within the booking window, if any. */
export function firstFreeSlot(availability: Availability, taken: readonly Taken[], now: Date, busy: readonly Busy[] = []) {
  const today = toLocal(now).date
  const last = toLocal(new Date(now.getTime() + availability.windowMinutes * MINUTE)).date
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const slot = offeredSlots(availability, date).find((candidate) => !unavailability(availability, candidate, taken, now, busy))
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
