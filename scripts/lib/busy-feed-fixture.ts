/**
 * A calendar feed as Google serves a coach's secret iCal address: years of history (2,000 events
 * in all), a VTIMEZONE, and the cases a naive reader gets wrong. Used by the calendar tests and by
 * `npm run bench`; every case is near Monday 20 April 2026, the week the tests book in.
 */

const stamp = '20260401T120000Z'

const copenhagen = `BEGIN:VTIMEZONE
TZID:Europe/Copenhagen
X-LIC-LOCATION:Europe/Copenhagen
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`

const event = (uid: string, lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${stamp}`, ...lines, 'END:VEVENT'].join('\r\n')

/**
 * The cases, each named for the slot table in the tests (Danish times, the week of 20 April 2026):
 * - a weekly series on Mondays 9.00–9.45 since 2024, except 27 April (EXDATE), with the instance
 *   of 4 May moved to Tuesday 5 May 13.00–13.45 (RECURRENCE-ID);
 * - an all-day day off on Wednesday 22 April;
 * - a meeting in New York 10.00–11.00 on Thursday 23 April (16.00–17.00 Danish time);
 * - a floating event (no zone) on Friday 24 April 10.00–10.30, read as Danish time;
 * - a free (TRANSPARENT) event on Thursday 23 April 17.00–18.00, which must not close anything;
 * - a cancelled event on Monday 20 April 11.00–11.30 and a cancelled instance of a daily series.
 */
export const feedCases = [
  event('weekly-supervision@google.com', [
    'DTSTART;TZID=Europe/Copenhagen:20240108T090000',
    'DTEND;TZID=Europe/Copenhagen:20240108T094500',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    'EXDATE;TZID=Europe/Copenhagen:20260427T090000',
    'SUMMARY:Supervision',
  ]),
  event('weekly-supervision@google.com', [
    'RECURRENCE-ID;TZID=Europe/Copenhagen:20260504T090000',
    'DTSTART;TZID=Europe/Copenhagen:20260505T130000',
    'DTEND;TZID=Europe/Copenhagen:20260505T134500',
    'SUMMARY:Supervision (flyttet)',
  ]),
  event('day-off@google.com', ['DTSTART;VALUE=DATE:20260422', 'DTEND;VALUE=DATE:20260423', 'SUMMARY:Fridag']),
  event('new-york@google.com', [
    'DTSTART;TZID=America/New_York:20260423T100000',
    'DTEND;TZID=America/New_York:20260423T110000',
    'SUMMARY:Kursus i New York (online)',
  ]),
  event('floating@google.com', ['DTSTART:20260424T100000', 'DTEND:20260424T103000', 'SUMMARY:Tandlæge']),
  event('free@google.com', ['DTSTART:20260423T150000Z', 'DTEND:20260423T160000Z', 'TRANSP:TRANSPARENT', 'SUMMARY:Husk at ringe']),
  event('cancelled@google.com', ['DTSTART:20260420T090000Z', 'DTEND:20260420T093000Z', 'STATUS:CANCELLED', 'SUMMARY:Aflyst møde']),
  event('daily-walk@google.com', ['DTSTART;TZID=Europe/Copenhagen:20260413T140000', 'DTEND;TZID=Europe/Copenhagen:20260413T143000', 'RRULE:FREQ=DAILY;COUNT=30', 'SUMMARY:Gåtur']),
  event('daily-walk@google.com', [
    'RECURRENCE-ID;TZID=Europe/Copenhagen:20260421T140000',
    'DTSTART;TZID=Europe/Copenhagen:20260421T140000',
    'DTEND;TZID=Europe/Copenhagen:20260421T143000',
    'STATUS:CANCELLED',
  ]),
]

/** Single past events, one a day back from 2026, until the feed holds `total` events. */
function history(count: number) {
  const events: string[] = []
  for (let index = 0; index < count; index++) {
    const day = new Date(Date.UTC(2026, 0, 1) - (index + 1) * 86_400_000)
    const date = day.toISOString().slice(0, 10).replaceAll('-', '')
    events.push(event(`history-${index}@google.com`, [`DTSTART:${date}T080000Z`, `DTEND:${date}T090000Z`, `SUMMARY:Klient ${index}`]))
  }
  return events
}

export function googleLikeFeed(total = 2000) {
  const events = [...feedCases, ...history(Math.max(0, total - feedCases.length))]
  return ['BEGIN:VCALENDAR', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Coach', 'X-WR-TIMEZONE:Europe/Copenhagen', copenhagen, ...events, 'END:VCALENDAR', ''].join('\r\n')
}

/**
 * Years of standing appointments: `count` unending weekly series since January 2016, each at its own
 * hour and weekday, in Copenhagen time. Every refresh expands all of them over the window.
 */
export function seriesHistoryFeed(count = 200) {
  const events = Array.from({ length: count }, (_, index) => {
    const day = String(4 + (index % 5)).padStart(2, '0')
    const hour = String(8 + (index % 9)).padStart(2, '0')
    return event(`serie-${index}@google.com`, [`DTSTART;TZID=Europe/Copenhagen:201601${day}T${hour}0000`, `DTEND;TZID=Europe/Copenhagen:201601${day}T${hour}3000`, 'RRULE:FREQ=WEEKLY', `SUMMARY:Fast klient ${index}`])
  })
  return ['BEGIN:VCALENDAR', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'VERSION:2.0', copenhagen, ...events, 'END:VCALENDAR', ''].join('\r\n')
}
