// No Intl.DateTimeFormat: building a Danish formatter with a time zone costs a phone some 15 ms
// of its first task on every page (the module is part of the first load), for one date format.
const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december']

/** The last Sunday of a month at 01:00 UTC, when Denmark changes its clocks (the EU rule). */
function lastSundayAtOneUtc(year: number, month: number) {
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

/** Danish time is UTC+2 from the last Sunday of March to the last Sunday of October, else UTC+1. */
function danishOffsetMs(time: number) {
  const year = new Date(time).getUTCFullYear()
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9)
  return (summer ? 2 : 1) * 60 * 60 * 1000
}

/** "18. september 2025", as Danes write dates, in Danish time whatever the server's zone. */
export function formatDanishDate(iso: string) {
  const time = Date.parse(iso)
  const danish = new Date(time + danishOffsetMs(time))
  return `${danish.getUTCDate()}. ${MONTHS[danish.getUTCMonth()]} ${danish.getUTCFullYear()}`
}
