/**
 * Danish time (Europe/Copenhagen) for bookings, in one place. A local date is 'YYYY-MM-DD', a local
 * time 'HH:MM'; instants are Dates (UTC). Plain calendar arithmetic runs on UTC dates, where days
 * are always 24 hours long; only the conversion to and from instants knows the time zone.
 */

export const TIME_ZONE = 'Europe/Copenhagen'

const localParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

export type LocalDateTime = { date: string; time: string }

/** The date and time on a clock in Denmark at this instant. */
export function toLocal(instant: Date): LocalDateTime {
  const part = Object.fromEntries(localParts.formatToParts(instant).map(({ type, value }) => [type, value]))
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` }
}

export function isLocalDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const day = dateAsUtc(value)
  // Month 13 is no date at all (and would throw below); 30 February rolls over into March.
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value)
}
export const isLocalTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value)

/**
 * A clock time as a Dane writes it, »14.30« as the site does or »14:30«, the hour with or without
 * its leading zero, as 'HH:MM'; undefined when it is no time of day. YAML reads an unquoted 14.30 as
 * the number 14.3, so a number is read back with two decimals (14.3 → 14.30, 9.05 → 9.05).
 */
export function readClockTime(value: string | number): string | undefined {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim()
  const match = /^(\d{1,2})[.:](\d{2})$/.exec(text)
  const time = match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : undefined
  return time && isLocalTime(time) ? time : undefined
}

const dateAsUtc = (date: string) => new Date(`${date}T00:00:00Z`)

/**
 * Every instant at which a Danish clock shows this date and time: none in the hour skipped in
 * spring, two in the hour repeated in autumn, otherwise one. Denmark is UTC+1 or UTC+2.
 */
export function fromLocalAll(date: string, time: string): Date[] {
  return readingsOf(date, time).filter((instant) => {
    const local = toLocal(instant)
    return local.date === date && local.time === time
  })
}

const HOUR = 3_600_000
/** The date and time read as summer time and as winter time, in that order (earlier first). */
const readingsOf = (date: string, time: string) => [2, 1].map((hours) => new Date(Date.parse(`${date}T${time}:00Z`) - hours * HOUR))

/**
 * The first and the last instant a Danish date and time can mean, for the edges of a closed part of
 * a day: the one instant of most times; the first and the second showing of a time the clock repeats;
 * for a time it skips, the moment it jumps past it (Danish clocks change on a whole UTC hour).
 */
export function localSpan(date: string, time: string): [Date, Date] {
  const all = fromLocalAll(date, time)
  if (all.length > 0) return [all[0]!, all.at(-1)!]
  const jump = new Date(Math.ceil((readingsOf(date, time)[0]!.getTime() + 1) / HOUR) * HOUR)
  return [jump, jump]
}

/** The one instant of a Danish date and time, or undefined when the clock skips or repeats it. */
export function fromLocal(date: string, time: string): Date | undefined {
  const all = fromLocalAll(date, time)
  return all.length === 1 ? all[0] : undefined
}

export function addDays(date: string, days: number) {
  const day = dateAsUtc(date)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** 0 = Monday … 6 = Sunday, as a Danish week runs. */
export function weekdayIndex(date: string) {
  return (dateAsUtc(date).getUTCDay() + 6) % 7
}

export const weekdays = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'] as const
const months = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december']

/** The Monday of the ISO week a date lies in. */
export const mondayOf = (date: string) => addDays(date, -weekdayIndex(date))

/** '2026-W14' for any date in that ISO week. */
export function isoWeek(date: string) {
  const thursday = addDays(mondayOf(date), 3)
  // The year as its four digits: '0999', which Number() would make 999, no date.
  const year = thursday.slice(0, 4)
  const week = Math.floor((dateAsUtc(thursday).getTime() - dateAsUtc(`${year}-01-01`).getTime()) / (7 * 86_400_000)) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

/** The Monday of an ISO week ('2026-W14'), or undefined for anything else. */
export function mondayOfIsoWeek(week: string) {
  const match = /^(\d{4})-W(\d{2})$/.exec(week)
  if (!match) return undefined
  const number = Number(match[2])
  const monday = addDays(mondayOf(`${match[1]}-01-04`), (number - 1) * 7)
  return number >= 1 && isoWeek(monday) === week ? monday : undefined
}

/** 'tirsdag 7. april' */
export function formatDay(date: string) {
  const day = dateAsUtc(date)
  return `${weekdays[weekdayIndex(date)]} ${day.getUTCDate()}. ${months[day.getUTCMonth()]}`
}

/** 2026, 12 → 'december 2026', the month of a hand-over to her bookkeeping. */
export const formatMonthWithYear = (year: number, month: number) => `${months[month - 1]} ${year}`

/** '2026-04-07' → '7. april 2026', the date of a receipt or a credit note. */
export function formatDateWithYear(date: string) {
  const day = dateAsUtc(date)
  return `${day.getUTCDate()}. ${months[day.getUTCMonth()]} ${date.slice(0, 4)}`
}
/** 'tirsdag 7. april 2026', for a date kept or shown beyond this year (a klippekort's last day). */
export const formatDayWithYear = (date: string) => `${formatDay(date)} ${date.slice(0, 4)}`

/** '09:00' → '9.00', as Danish writes the time of day. */
export const formatTime = (time: string) => time.replace(/^0(?=\d)/, '').replace(':', '.')

/** 'tirsdag 7. april kl. 10.00' for an instant, in Danish time. */
export function formatInstant(instant: Date) {
  const { date, time } = toLocal(instant)
  return `${formatDay(date)} kl. ${formatTime(time)}`
}

/** 'tirsdag 7. april 2026 kl. 10.00', for what is kept for years (a receipt, an acknowledgement). */
export function formatInstantWithYear(instant: Date) {
  const { date, time } = toLocal(instant)
  return `${formatDay(date)} ${date.slice(0, 4)} kl. ${formatTime(time)}`
}

/** 'tirsdag 7. april 2026 kl. 10.00–10.30' */
export const formatPeriodWithYear = (start: Date, end: Date) => `${formatInstantWithYear(start)}–${formatTime(toLocal(end).time)}`

/** 'tirsdag 7. april kl. 10.00–10.30' */
export function formatPeriod(start: Date, end: Date) {
  return `${formatInstant(start)}–${formatTime(toLocal(end).time)}`
}

/** The year of a date, for texts that cross New Year. */
export const yearOf = (date: string) => Number(date.slice(0, 4))
