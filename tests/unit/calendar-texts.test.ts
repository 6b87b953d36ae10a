import { describe, expect, it } from 'vitest'
import { configuredBusySources } from '~/server/calendar/busy-sources.server'
import { caldavConfig } from '~/server/calendar/caldav.server'
import { parseBusyTimes as readBusyTimes } from '~/server/calendar/ics-busy.server'
import { wallTimeIn } from '~/server/calendar/ics/zones.server'
import { loadedAfresh } from '../helpers'

// The calendar texts the site reads and the settings that name the calendars, without a server:
// what a busy time is (and is not), how CalDAV's answer is unpacked, what is never shown.

const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//da', ...events.flatMap((lines, index) => ['BEGIN:VEVENT', `UID:e${index}@test`, 'DTSTAMP:20260401T120000Z', ...lines, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n')
const WEEK = { from: Date.parse('2026-04-19T22:00:00Z'), to: Date.parse('2026-04-26T22:00:00Z') }
const iso = (intervals: Array<[number, number, string]>) => intervals.map(([from, to, uid]) => [new Date(from).toISOString(), new Date(to).toISOString(), uid])
/** An event's lines as they are given, UID and all, for the cases where their order matters. */
const text = (...components: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//da', ...components.flat(), 'END:VCALENDAR'].join('\r\n')

/**
 * A module as a new server loads it. The helpers and tables a module makes when it loads (the XML
 * entities, the UID reader, a source's key) are made once per load: loaded afresh, a test sees what
 * they are now, not what an earlier import made (and Stryker, which switches a change on after the
 * modules have loaded, can try its changes to them here).
 */
const caldavModule = () => loadedAfresh<typeof import('~/server/calendar/caldav.server')>('~/server/calendar/caldav.server')
/** The busy intervals of one text, without what was skipped (the tests of skipping are in calendar-zones.test.ts). */
const parseBusyTimes = (text: string, window: { from: number; to: number }) => readBusyTimes(text, window).intervals
const icsModule = () => loadedAfresh<typeof import('~/server/calendar/ics-busy.server')>('~/server/calendar/ics-busy.server')

describe('busy times in an iCalendar text', () => {
  it('end with DTEND, or after DURATION, or at once for a moment; an all-day date lasts its Danish day', () => {
    const text = calendar(
      ['DTSTART:20260420T080000Z', 'DURATION:PT45M'],
      ['DTSTART:20260421T080000Z'],
      ['DTSTART:20260421T090000Z', 'DTEND:20260421T090000Z'],
      ['DTSTART;VALUE=DATE:20260422'],
      ['DTSTART;VALUE=DATE:20260423', 'DTEND;VALUE=DATE:20260425'],
    )
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([
      ['2026-04-20T08:00:00.000Z', '2026-04-20T08:45:00.000Z', 'e0@test'],
      ['2026-04-21T22:00:00.000Z', '2026-04-22T22:00:00.000Z', 'e3@test'],
      ['2026-04-22T22:00:00.000Z', '2026-04-24T22:00:00.000Z', 'e4@test'],
    ])
  })

  it('are only those that touch the window, and not the free or cancelled ones', async () => {
    const { parseBusyTimes: fresh } = await icsModule()
    const parseBusyTimes = (text: string, window: { from: number; to: number }) => fresh(text, window).intervals
    const text = calendar(
      ['DTSTART:20260419T210000Z', 'DTEND:20260419T220000Z'],
      ['DTSTART:20260419T213000Z', 'DTEND:20260419T223000Z'],
      ['DTSTART:20260426T215900Z', 'DTEND:20260426T230000Z'],
      ['DTSTART:20260426T220000Z', 'DTEND:20260426T230000Z'],
      ['DTSTART:20260421T080000Z', 'DTEND:20260421T090000Z', 'TRANSP:transparent'],
      ['DTSTART:20260421T100000Z', 'DTEND:20260421T110000Z', 'STATUS:cancelled'],
      ['DTSTART:20260421T120000Z', 'DTEND:20260421T130000Z', 'TRANSP:OPAQUE', 'STATUS:CONFIRMED'],
    )
    // e0 ends as the window begins and e3 begins as it ends: neither touches it.
    expect(parseBusyTimes(text, WEEK).map(([, , uid]) => uid)).toEqual(['e1@test', 'e6@test', 'e2@test'])
  })

  it('of a series are its occurrences in the window, in time order, and none after its end', async () => {
    // An endless series is read up to the window's end and no further: a reader that did not stop would never return.
    const { parseBusyTimes: fresh } = await icsModule()
    const parseBusyTimes = (text: string, window: { from: number; to: number }) => fresh(text, window).intervals
    const text = calendar(
      ['DTSTART:20260302T070000Z', 'DTEND:20260302T073000Z', 'RRULE:FREQ=DAILY'],
      ['DTSTART:20260302T120000Z', 'DTEND:20260302T123000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,FR'],
      ['DTSTART:20260410T120000Z', 'DTEND:20260410T123000Z', 'RRULE:FREQ=DAILY;UNTIL=20260418T000000Z'],
    )
    const busy = iso(parseBusyTimes(text, WEEK))
    expect(busy.filter(([, , uid]) => uid === 'e0@test').map(([from]) => from)).toEqual(
      ['20', '21', '22', '23', '24', '25', '26'].map((day) => `2026-04-${day}T07:00:00.000Z`),
    )
    expect(busy.filter(([, , uid]) => uid === 'e1@test').map(([from]) => from)).toEqual(['2026-04-20T12:00:00.000Z', '2026-04-24T12:00:00.000Z'])
    expect(busy.filter(([, , uid]) => uid === 'e2@test')).toEqual([])
    expect(busy.map(([from]) => from)).toEqual([...busy.map(([from]) => from)].sort())
  })

  it('of a series of RDATEs alone begin with its DTSTART, as RFC 5545 says; a moved first instance counts at its new time', () => {
    const text = calendar(
      ['DTSTART:20260420T080000Z', 'DTEND:20260420T090000Z', 'RDATE:20260422T080000Z,20260424T080000Z'],
      ['DTSTART:20260421T120000Z', 'DTEND:20260421T130000Z', 'RDATE:20260423T120000Z'],
      ['RECURRENCE-ID:20260421T120000Z', 'DTSTART:20260421T140000Z', 'DTEND:20260421T150000Z'],
    ).replace('UID:e2@test', 'UID:e1@test')
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([
      ['2026-04-20T08:00:00.000Z', '2026-04-20T09:00:00.000Z', 'e0@test'],
      ['2026-04-21T14:00:00.000Z', '2026-04-21T15:00:00.000Z', 'e1@test'],
      ['2026-04-22T08:00:00.000Z', '2026-04-22T09:00:00.000Z', 'e0@test'],
      ['2026-04-23T12:00:00.000Z', '2026-04-23T13:00:00.000Z', 'e1@test'],
      ['2026-04-24T08:00:00.000Z', '2026-04-24T09:00:00.000Z', 'e0@test'],
    ])
  })

  it('in a zone that only the calendar names (its VTIMEZONE) are read in that zone', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VTIMEZONE',
      'TZID:Kontoret',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0300',
      'TZOFFSETTO:+0300',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:office@test',
      'DTSTAMP:20260401T120000Z',
      'DTSTART;TZID=Kontoret:20260420T100000',
      'DTEND;TZID=Kontoret:20260420T110000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n')
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([['2026-04-20T07:00:00.000Z', '2026-04-20T08:00:00.000Z', 'office@test']])
  })

  it('of one series are not hidden by a moved instance of another series at the same time', () => {
    // ical.js relates every moved instance in a calendar to each series, whatever its UID: her weekly
    // 9.00 meeting vanished on the Monday another 9.00 series had an instance moved, and the time was offered.
    const text = calendar(
      ['DTSTART:20260406T070000Z', 'DTEND:20260406T080000Z', 'RRULE:FREQ=WEEKLY;COUNT=3'],
      ['DTSTART:20260401T070000Z', 'DTEND:20260401T073000Z', 'RRULE:FREQ=DAILY;COUNT=30'],
      ['RECURRENCE-ID:20260420T070000Z', 'DTSTART:20260420T120000Z', 'DTEND:20260420T123000Z'],
    ).replace('UID:e2@test', 'UID:e1@test')
    expect(iso(parseBusyTimes(text, WEEK)).filter(([from]) => from?.startsWith('2026-04-20'))).toEqual([
      ['2026-04-20T07:00:00.000Z', '2026-04-20T08:00:00.000Z', 'e0@test'],
      ['2026-04-20T12:00:00.000Z', '2026-04-20T12:30:00.000Z', 'e1@test'],
    ])
  })

  it('of a moved instance count at its new time also when the calendar holds no series for it', () => {
    // A feed can carry one moved instance of a series it does not hold (she was invited to that one meeting).
    const text = calendar(['RECURRENCE-ID:20260420T070000Z', 'DTSTART:20260421T120000Z', 'DTEND:20260421T123000Z'], ['DTSTART:20260422T080000Z', 'DTEND:20260422T090000Z'])
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([
      ['2026-04-21T12:00:00.000Z', '2026-04-21T12:30:00.000Z', 'e0@test'],
      ['2026-04-22T08:00:00.000Z', '2026-04-22T09:00:00.000Z', 'e1@test'],
    ])
  })

  it('carry their UID wherever it stands among the properties', () => {
    // Google writes DTSTART and DTEND before the UID. The UID is how a booking the site wrote into her
    // calendar is told from her own appointments, and how a moved instance finds its series.
    const busy = parseBusyTimes(
      text(
        ['BEGIN:VEVENT', 'DTSTART:20260420T080000Z', 'DTEND:20260420T090000Z', 'DTSTAMP:20260401T120000Z', 'UID:booking@holmcoaching.dk', 'END:VEVENT'],
        ['BEGIN:VEVENT', 'DTSTART:20260421T070000Z', 'DTEND:20260421T080000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'DTSTAMP:20260401T120000Z', 'UID:serie@test', 'END:VEVENT'],
        ['BEGIN:VEVENT', 'RECURRENCE-ID:20260422T070000Z', 'DTSTART:20260422T100000Z', 'DTEND:20260422T110000Z', 'DTSTAMP:20260401T120000Z', 'UID:serie@test', 'END:VEVENT'],
      ),
      WEEK,
    )
    expect(iso(busy)).toEqual([
      ['2026-04-20T08:00:00.000Z', '2026-04-20T09:00:00.000Z', 'booking@holmcoaching.dk'],
      ['2026-04-21T07:00:00.000Z', '2026-04-21T08:00:00.000Z', 'serie@test'],
      ['2026-04-22T10:00:00.000Z', '2026-04-22T11:00:00.000Z', 'serie@test'],
      ['2026-04-23T07:00:00.000Z', '2026-04-23T08:00:00.000Z', 'serie@test'],
    ])
  })

  it('of a whole day last its Danish day, whatever end or zone the date is given with', () => {
    // Her day off is a day in Denmark: an end on the same date (as some apps write it) or a date given
    // with New York's zone still closes the whole Danish day.
    const text = calendar(['DTSTART;VALUE=DATE:20260421', 'DTEND;VALUE=DATE:20260421'], ['DTSTART;TZID=America/New_York;VALUE=DATE:20260423'])
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([
      ['2026-04-20T22:00:00.000Z', '2026-04-21T22:00:00.000Z', 'e0@test'],
      ['2026-04-22T22:00:00.000Z', '2026-04-23T22:00:00.000Z', 'e1@test'],
    ])
  })

  it('in a zone neither the calendar nor the time-zone database knows are read as Danish time', () => {
    // As a floating time: her calendar app shows it as it stands, and she lives in Denmark.
    const text = calendar(['DTSTART;TZID=Kontoret uden zone:20260420T100000', 'DTEND;TZID=Kontoret uden zone:20260420T110000'])
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([['2026-04-20T08:00:00.000Z', '2026-04-20T09:00:00.000Z', 'e0@test']])
  })

  it('end in the zone their end is given in, or in their start’s zone when only a duration is given', () => {
    // A flight leaves Copenhagen at 10.00 and lands in New York at 12.40 there (18.40 Danish time).
    const text = calendar(
      ['DTSTART;TZID=Europe/Copenhagen:20260421T100000', 'DTEND;TZID=America/New_York:20260421T124000'],
      ['DTSTART;TZID=America/New_York:20260422T090000', 'DURATION:PT1H'],
    )
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([
      ['2026-04-21T08:00:00.000Z', '2026-04-21T16:40:00.000Z', 'e0@test'],
      ['2026-04-22T13:00:00.000Z', '2026-04-22T14:00:00.000Z', 'e1@test'],
    ])
  })

  it('of a series count neither an excluded first occurrence nor any occurrence twice', () => {
    const text = calendar(
      ['DTSTART:20260421T070000Z', 'DTEND:20260421T073000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'EXDATE:20260421T070000Z'],
      ['DTSTART:20260421T120000Z', 'DTEND:20260421T123000Z', 'RRULE:FREQ=DAILY;COUNT=2'],
    )
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([
      ['2026-04-21T12:00:00.000Z', '2026-04-21T12:30:00.000Z', 'e1@test'],
      ['2026-04-22T07:00:00.000Z', '2026-04-22T07:30:00.000Z', 'e0@test'],
      ['2026-04-22T12:00:00.000Z', '2026-04-22T12:30:00.000Z', 'e1@test'],
      ['2026-04-23T07:00:00.000Z', '2026-04-23T07:30:00.000Z', 'e0@test'],
    ])
  })

  it('are those of events only: a task or a journal entry in the calendar closes no time', () => {
    // CalDAV servers such as Nextcloud keep tasks in the same calendar; a feed can carry them too.
    const busy = parseBusyTimes(
      text(
        ['BEGIN:VTODO', 'UID:opgave@test', 'DTSTAMP:20260401T120000Z', 'DTSTART:20260421T120000Z', 'DURATION:PT1H', 'END:VTODO'],
        ['BEGIN:VJOURNAL', 'UID:dagbog@test', 'DTSTAMP:20260401T120000Z', 'DTSTART;VALUE=DATE:20260422', 'END:VJOURNAL'],
        ['BEGIN:VEVENT', 'UID:moede@test', 'DTSTAMP:20260401T120000Z', 'DTSTART:20260423T120000Z', 'DTEND:20260423T130000Z', 'END:VEVENT'],
      ),
      WEEK,
    )
    expect(iso(busy)).toEqual([['2026-04-23T12:00:00.000Z', '2026-04-23T13:00:00.000Z', 'moede@test']])
  })

  it('are read past a malformed event: one without a start is no time, one with an end and a duration ends at DTEND', () => {
    // Neither is valid iCalendar, but one bad event must not make the whole calendar unreadable (booking
    // would close once the copy is too old). DTEND counts, as ical.js reads it for a series.
    const text = calendar(['DURATION:PT1H'], ['DTSTART:20260421T080000Z', 'DTEND:20260421T090000Z', 'DURATION:PT3H'])
    expect(iso(parseBusyTimes(text, WEEK))).toEqual([['2026-04-21T08:00:00.000Z', '2026-04-21T09:00:00.000Z', 'e1@test']])
  })
})

describe('a wall time in a zone', () => {
  it('is the instant its clock shows it, in summer and in winter', () => {
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 4, 20, 10, 15, 30)).toISOString()).toBe('2026-04-20T08:15:30.000Z')
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 1, 5)).toISOString()).toBe('2026-01-04T23:00:00.000Z')
    expect(new Date(wallTimeIn('America/New_York', 2026, 11, 30, 9)).toISOString()).toBe('2026-11-30T14:00:00.000Z')
  })

  it('is right on either side of the nights the clocks change, and in them', () => {
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 3, 29, 0, 30)).toISOString()).toBe('2026-03-28T23:30:00.000Z')
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 3, 29, 1, 30)).toISOString()).toBe('2026-03-29T00:30:00.000Z')
    // 2.30 never shows in spring: read in winter time, it is 3.30 summer time.
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 3, 29, 2, 30)).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    // 2.30 shows twice in autumn: the first time counts.
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 10, 25, 2, 30)).toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(new Date(wallTimeIn('America/New_York', 2026, 3, 8, 1, 30)).toISOString()).toBe('2026-03-08T06:30:00.000Z')
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 3, 29, 3, 30)).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 10, 25, 1, 30)).toISOString()).toBe('2026-10-24T23:30:00.000Z')
    expect(new Date(wallTimeIn('Europe/Copenhagen', 2026, 10, 25, 3, 30)).toISOString()).toBe('2026-10-25T02:30:00.000Z')
  })
})

describe('the CalDAV settings', () => {
  it('are none without CALDAV_URL; the address is a collection, the password basic auth', () => {
    expect(caldavConfig({})).toBeUndefined()
    expect(caldavConfig({ CALDAV_URL: '   ' })).toBeUndefined()
    expect(caldavConfig({ CALDAV_URL: ' https://dav.example/cal ' })).toEqual({ url: 'https://dav.example/cal/', authorization: undefined })
    expect(caldavConfig({ CALDAV_URL: 'https://dav.example/cal/', CALDAV_USER: 'coach', CALDAV_PASSWORD: 'hemmelig' })).toEqual({
      url: 'https://dav.example/cal/',
      authorization: `Basic ${Buffer.from('coach:hemmelig').toString('base64')}`,
    })
    expect(caldavConfig({ CALDAV_URL: 'https://dav.example/cal', CALDAV_PASSWORD: 'app-kode' })?.authorization).toBe(`Basic ${Buffer.from(':app-kode').toString('base64')}`)
    expect(caldavConfig({ CALDAV_URL: 'https://dav.example/cal', CALDAV_USER: 'coach' })?.authorization).toBe(`Basic ${Buffer.from('coach:').toString('base64')}`)
  })

  it('take a user or a password alone out of the address into the sign-in (fetch refuses either in an address)', () => {
    const basic = (signIn: string) => `Basic ${Buffer.from(signIn).toString('base64')}`
    expect(caldavConfig({ CALDAV_URL: 'https://coach@dav.example/cal/' })).toEqual({ url: 'https://dav.example/cal/', authorization: basic('coach:') })
    expect(caldavConfig({ CALDAV_URL: 'https://:kode@dav.example/cal/' })).toEqual({ url: 'https://dav.example/cal/', authorization: basic(':kode') })
  })

  it('keep an address typed without https:// as typed, and name it as no address, so the site runs and says what is wrong', async () => {
    const { caldavLabel, calendarFailure } = await caldavModule()
    const mistyped = caldavConfig({ CALDAV_URL: 'dav.example/cal' })
    const invalid = (() => {
      try {
        new URL('samtale.ics', mistyped!.url)
      } catch (error) {
        return error
      }
    })()
    expect(calendarFailure(invalid, 'kunne ikke skrives')).toBe('ugyldig adresse – den skal begynde med https://')
    expect(mistyped).toEqual({ url: 'dav.example/cal/', authorization: undefined })
    expect(caldavLabel(mistyped!)).toBe('CalDAV-kalenderen (ugyldig adresse)')
    expect(configuredBusySources({ BUSY_CALENDAR_URLS: 'calendar.example/private-hemmelig/basic.ics', CALDAV_URL: 'dav.example/cal' }).map((source) => source.label)).toEqual([
      'kalender 1 i BUSY_CALENDAR_URLS (ugyldig adresse)',
      'CalDAV-kalenderen (ugyldig adresse)',
    ])
  })

  it('name the calendar by its host only, and an event by its UID made safe for a path', async () => {
    const { caldavLabel, eventPath } = await caldavModule()
    expect(caldavLabel({ url: 'https://coach:hemmelig@dav.example:8443/kalendere/privat/' })).toBe('CalDAV-kalenderen (dav.example:8443)')
    expect(eventPath('booking-abc_1.2@holmcoaching.dk')).toBe('booking-abc_1.2%40holmcoaching.dk.ics')
    expect(eventPath('../a b/ø?#')).toBe('..-a-b----.ics')
  })
})

describe("a CalDAV server's answer", () => {
  it('gives each calendar text, whatever the namespace prefix, in CDATA or escaped', async () => {
    const { calendarDataOf } = await caldavModule()
    const xml = `<?xml version="1.0"?>
<d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
  <d:response><d:propstat><d:prop><cal:calendar-data>BEGIN:VCALENDAR&#13;
SUMMARY:M&#248;de &amp; frokost &lt;3&gt; &quot;a&quot; &apos;b&apos; &#x1F600; &ukendt;
END:VCALENDAR</cal:calendar-data></d:prop></d:propstat></d:response>
  <d:response><d:propstat><d:prop><C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav" content-type="text/calendar">
  <![CDATA[BEGIN:VCALENDAR
SUMMARY:a &amp; b
END:VCALENDAR]]>
  </C:calendar-data></d:prop></d:propstat></d:response>
  <response><propstat><prop><calendar-data>BEGIN:VCALENDAR</calendar-data></prop></propstat></response>
</d:multistatus>`
    expect(calendarDataOf(xml)).toEqual([
      'BEGIN:VCALENDAR\r\nSUMMARY:Møde & frokost <3> "a" \'b\' 😀 &ukendt;\nEND:VCALENDAR',
      'BEGIN:VCALENDAR\nSUMMARY:a &amp; b\nEND:VCALENDAR',
      'BEGIN:VCALENDAR',
    ])
    expect(calendarDataOf('<d:multistatus xmlns:d="DAV:"/>')).toEqual([])
  })
})

describe('the calendars the settings name', () => {
  it('are each secret address (webcal:// read as https://) and the CalDAV calendar, named without the secret', async () => {
    const { configuredBusySources } = await loadedAfresh<typeof import('~/server/calendar/busy-sources.server')>('~/server/calendar/busy-sources.server')
    const sources = configuredBusySources({
      BUSY_CALENDAR_URLS: ' webcal://p01-caldav.icloud.com/published/2/hemmelig\n https://calendar.google.com/calendar/ical/x/private-hemmelig/basic.ics  ikke-en-adresse ',
      CALDAV_URL: 'https://dav.example/cal',
    })
    expect(sources.map(({ kind, label }) => [kind, label])).toEqual([
      ['ics', 'kalender 1 i BUSY_CALENDAR_URLS (p01-caldav.icloud.com)'],
      ['ics', 'kalender 2 i BUSY_CALENDAR_URLS (calendar.google.com)'],
      ['ics', 'kalender 3 i BUSY_CALENDAR_URLS (ugyldig adresse)'],
      ['caldav', 'CalDAV-kalenderen (dav.example)'],
    ])
    expect(sources[0]).toMatchObject({ url: 'https://p01-caldav.icloud.com/published/2/hemmelig' })
    // The key stays when the setting does, so the stored copy is found again; it is not the address.
    expect(new Set(sources.map((source) => source.key)).size).toBe(4)
    for (const source of sources) expect(source.key).toMatch(/^[0-9a-f]{16}$/)
    expect(configuredBusySources({ BUSY_CALENDAR_URLS: 'https://calendar.google.com/calendar/ical/x/private-hemmelig/basic.ics' })[0]!.key).toBe(sources[1]!.key)
  })

  it('are none without settings, and the same list while the settings stay', () => {
    expect(configuredBusySources({})).toEqual([])
    const env = { BUSY_CALENDAR_URLS: 'https://a.example/x.ics' }
    expect(configuredBusySources(env)).toBe(configuredBusySources({ ...env }))
    expect(configuredBusySources({ ...env, CALDAV_URL: 'https://dav.example/' })).toHaveLength(2)
    // Another CalDAV calendar is another source: the copy stored from the old one is not its copy.
    const caldavKey = (url: string) => configuredBusySources({ CALDAV_URL: url })[0]!.key
    expect(caldavKey('https://dav.example/a/')).not.toBe(caldavKey('https://dav.example/b/'))
  })
})
