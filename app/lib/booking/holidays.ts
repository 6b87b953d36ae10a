import { addDays } from '~/lib/booking/time'

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, also called Meeus/Butcher). */
export function easterSunday(year: number) {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * The Danish public holidays (helligdage) of a year, by date. Store bededag was abolished as a
 * public holiday from 2024. Grundlovsdag, juleaftensdag and nytårsaftensdag are not public
 * holidays; the coach closes them in content/booking.yaml like any other day off.
 */
export function danishHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year)
  const fromEaster: Array<[number, string]> = [
    [-3, 'skærtorsdag'],
    [-2, 'langfredag'],
    [0, 'påskedag'],
    [1, '2. påskedag'],
    ...(year < 2024 ? ([[26, 'store bededag']] as Array<[number, string]>) : []),
    [39, 'Kristi himmelfartsdag'],
    [49, 'pinsedag'],
    [50, '2. pinsedag'],
  ]
  return new Map([
    [`${year}-01-01`, 'nytårsdag'],
    ...fromEaster.map(([offset, name]) => [addDays(easter, offset), name] as [string, string]),
    [`${year}-12-25`, 'juledag'],
    [`${year}-12-26`, '2. juledag'],
  ])
}

/** The holiday on a date, if any. */
export function holidayOn(date: string) {
  return danishHolidays(Number(date.slice(0, 4))).get(date)
}
