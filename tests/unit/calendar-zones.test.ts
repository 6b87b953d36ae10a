import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type BusyReading, LIMITS, parseBusyTimes } from '~/server/calendar/ics-busy.server'
import { FeedTooHeavy } from '~/server/calendar/ics/expand.server'

// Feeds as the calendar services write them (tests/fixtures/calendars), each with the busy times a
// person works out by hand from the feed and a zone table: a feed must read the same whichever feed
// was read before it in the process (ical.js's zone registry is process-wide, first come first served).

const WINDOW = { from: Date.parse('2026-04-13T00:00:00Z'), to: Date.parse('2026-05-11T00:00:00Z') }
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/calendars', `${name}.ics`), 'utf8')
const readable = ({ intervals, skipped }: BusyReading) => ({ busy: intervals.map(([from, to, uid]) => `${uid} ${new Date(from).toISOString().slice(5, 16)}–${new Date(to).toISOString().slice(5, 16)}`), skipped })

/** Busy times in UTC, month-day and time: e.g. 04-13T07:00 is 9.00 on a Danish (summer time) clock. */
const expected: Record<string, ReturnType<typeof readable>> = {
  // Windows zone names without a VTIMEZONE; UNTIL is the last instance's start in UTC, as Exchange writes it.
  'outlook-windows-zones': {
    busy: [
      'outlook-weekly 04-13T07:00–04-13T08:00',
      'outlook-weekly 04-20T07:00–04-20T08:00',
      'outlook-london 04-21T13:00–04-21T14:00',
      'outlook-weekly 04-27T07:00–04-27T08:00',
      'outlook-allday-away 04-30T22:00–05-01T22:00',
    ],
    skipped: [],
  },
  // IANA TZIDs without a VTIMEZONE; EXDATE and RECURRENCE-ID in UTC against a series in Berlin time.
  'proton-iana-no-vtimezone': {
    busy: ['proton-daily 04-14T08:00–04-14T09:00', 'proton-daily 04-16T13:00–04-16T14:00', 'proton-daily 04-17T08:00–04-17T09:00', 'proton-daily 04-18T08:00–04-18T09:00', 'proton-new-york 04-23T14:00–04-23T15:00'],
    skipped: [],
  },
  // 10.00 in Copenhagen (summer time, whatever the feed's stale VTIMEZONE says) to 13.00 in New York: 9 hours.
  'travel-dtend-other-zone': { busy: ['flight 04-22T08:00–04-22T17:00'], skipped: [] },
  // Her declined invitation and her declined instance of a series leave her free; another's decline does not.
  invitations: { busy: ['team-series 04-21T12:00–04-21T13:00', 'declined-by-another 04-28T10:00–04-28T11:00', 'team-series 05-05T12:00–05-05T13:00'], skipped: [] },
  // An unreadable start (line 13) and a line that is no property (line 21): those two events only.
  'one-broken-event': {
    busy: ['good-before 04-29T08:00–04-29T09:00', 'good-after 04-29T14:00–04-29T15:00'],
    skipped: [
      { text: 1, line: 21 },
      { text: 1, line: 13 },
    ],
  },
  // The same TZID defined differently in two feeds: each is read with its own.
  'office-a': { busy: ['office-a 04-30T07:00–04-30T08:00'], skipped: [] },
  'office-b': { busy: ['office-b 04-30T15:00–04-30T16:00'], skipped: [] },
  // A Windows name with the feed's own VTIMEZONE: British summer time.
  'gmt-with-vtimezone': { busy: ['london-with-zone 05-05T08:00–05-05T09:00'], skipped: [] },
  // A VTIMEZONE repeating every second since 1601 is refused (line 4); its event is read as Danish time.
  'every-second-since-1601': { busy: ['every-second 04-20T08:00–04-20T09:00'], skipped: [{ text: 1, line: 4 }] },
}

describe('busy times of feeds as calendar services write them', () => {
  it('are the instants worked out by hand, whichever order the feeds are read in', () => {
    const names = Object.keys(expected)
    for (const order of [names, [...names].reverse()]) {
      const read = Object.fromEntries(order.map((name) => [name, readable(parseBusyTimes(fixture(name), WINDOW))]))
      expect(read).toEqual(expected)
    }
  })

  it('never carry the text of a line they skipped', () => {
    const reading = parseBusyTimes(fixture('one-broken-event'), WINDOW)
    expect(JSON.stringify(reading)).not.toMatch(/Hanne|Hemmelig|2026-04-29 10:00/)
  })

  it('take her addresses from the settings for an invitation in a calendar that does not name her', () => {
    const text = fixture('invitations').replace('X-WR-CALNAME:birgitte@holmcoaching.dk', 'X-WR-CALNAME:Arbejde')
    const uids = (owners: string[]) => parseBusyTimes(text, WINDOW, { owners }).intervals.map(([, , uid]) => uid)
    expect(uids([])).toContain('declined')
    expect(uids(['BIRGITTE@holmcoaching.dk '])).not.toContain('declined')
  })
})

describe('a series that would take too long to work out', () => {
  const series = (rule: string, start = '20260101T080000Z') =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:tung@test', 'DTSTAMP:20260401T120000Z', `DTSTART:${start}`, 'DURATION:PT1M', `RRULE:${rule}`, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')

  it('every minute since 2016 starts near the window and is one busy time per day it covers', () => {
    const started = performance.now()
    const { intervals, skipped } = parseBusyTimes(series('FREQ=MINUTELY;BYHOUR=9', '20160104T080000Z'), WINDOW)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(skipped).toEqual([])
    // 9.00–10.00 UTC every day of the window, merged minute by minute into one interval a day.
    expect(intervals).toHaveLength(28)
    expect(new Date(intervals[0]![0]).toISOString()).toBe('2026-04-13T09:00:00.000Z')
    expect(new Date(intervals[0]![1]).toISOString()).toBe('2026-04-13T10:00:00.000Z')
  })

  it('with COUNT is walked from its start up to the cap, then skipped and reported by its line', () => {
    const { skipped } = parseBusyTimes(series('FREQ=MINUTELY;COUNT=10000000', '20160104T080000Z'), WINDOW)
    expect(skipped).toEqual([{ text: 1, line: 3 }])
  })

  it('makes the whole feed fail when its series together take more steps than a feed may', () => {
    // Three series each within the series' cap, together over the feed's.
    const limits = { ...LIMITS, seriesSteps: 5_000, feedSteps: 10_000 }
    const many = (count: number) => series('FREQ=MINUTELY;COUNT=4000').replace(/BEGIN:VEVENT[\s\S]*END:VEVENT/, (event) => Array.from({ length: count }, () => event).join('\r\n'))
    expect(parseBusyTimes(many(2), WINDOW, { limits }).skipped).toEqual([])
    expect(() => parseBusyTimes(many(3), WINDOW, { limits })).toThrow(FeedTooHeavy)
  })
})
