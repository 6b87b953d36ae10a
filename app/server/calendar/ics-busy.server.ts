import ICAL from 'ical.js'
import { TIME_ZONE } from '~/lib/booking/time'

/**
 * The busy times in an iCalendar text, as calendars mean them: recurring series with their
 * exceptions (EXDATE, moved or cancelled instances), all-day events, times in a VTIMEZONE or an
 * IANA zone, floating times read as Danish time. Free (TRANSP:TRANSPARENT) and cancelled events
 * leave the time open. Only occurrences that touch the window are returned.
 */

/** [start, end, uid]: UTC milliseconds (end exclusive) and the event's UID. */
export type BusyInterval = [number, number, string]

const zoneFormats = new Map<string, Intl.DateTimeFormat>()

function isIanaZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** How far a zone's clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(zone: string, instant: number) {
  let format = zoneFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    zoneFormats.set(zone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]))
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a clock in an IANA zone shows this wall time. A time skipped in spring is read as
 * the instant after the gap, a repeated one as its first occurrence: a busy time is kept, not lost.
 */
export function wallTimeIn(zone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  // The zone's offsets a day before and a day after: they differ only around a change of the clocks.
  const before = asUtc - zoneOffset(zone, asUtc - DAY)
  const after = asUtc - zoneOffset(zone, asUtc + DAY)
  if (before === after) return before
  const shown = [before, after].filter((instant) => instant + zoneOffset(zone, instant) === asUtc)
  // A repeated time is shown twice (the first counts), a skipped one never: read with the offset before the gap.
  return shown.length > 0 ? Math.min(...shown) : before
}

/** The instant of an ical.js time: UTC, its VTIMEZONE, an IANA TZID, or Danish for floating times and dates. */
function instantOf(time: ICAL.Time, tzid: string | undefined) {
  const wall = (zone: string) => wallTimeIn(zone, time.year, time.month, time.day, time.hour, time.minute, time.second)
  if (time.isDate) return wall(TIME_ZONE)
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000
  if (tzid && isIanaZone(tzid)) return wall(tzid)
  if (tzid && time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000
  return wall(TIME_ZONE)
}

const tzidOf = (component: ICAL.Component, property: string) => {
  const value = component.getFirstProperty(property)?.getParameter('tzid')
  return typeof value === 'string' ? value : undefined
}

const isFree = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT' ||
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED'

/** An occurrence's end: its own, or a day for a date and nothing for a moment. */
function endOf(start: ICAL.Time, end: ICAL.Time | undefined) {
  if (end && end.compare(start) > 0) return end
  const next = start.clone()
  if (start.isDate) next.adjust(1, 0, 0, 0)
  return next
}

const uidOf = (component: ICAL.Component) => String(component.getFirstPropertyValue('uid') ?? '')

/** A day either side of the window: a zone's offset cannot move an occurrence further than that. */
const DAY = 86_400_000
const roughly = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute)

export function parseBusyTimes(text: string, window: { from: number; to: number }): BusyInterval[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[])
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid')
    if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(zone)
  }
  const series = new Map<string, ICAL.Event>()
  const singles: ICAL.Component[] = []
  const exceptions: ICAL.Component[] = []
  for (const component of calendar.getAllSubcomponents('vevent')) {
    if (component.hasProperty('recurrence-id')) exceptions.push(component)
    // No exceptions yet: ical.js would relate every moved instance in the calendar, whatever its UID; those of its own UID follow.
    else if (component.hasProperty('rrule') || component.hasProperty('rdate')) series.set(uidOf(component), new ICAL.Event(component, { exceptions: [] }))
    else singles.push(component)
  }
  for (const exception of exceptions) series.get(uidOf(exception))?.relateException(exception)

  const busy: BusyInterval[] = []
  const add = (component: ICAL.Component, start: ICAL.Time | null, end: ICAL.Time | null | undefined) => {
    if (!start || isFree(component)) return
    const from = instantOf(start, tzidOf(component, 'dtstart'))
    const to = instantOf(endOf(start, end ?? undefined), tzidOf(component, component.hasProperty('dtend') ? 'dtend' : 'dtstart'))
    if (to > window.from && from < window.to && to > from) busy.push([from, to, uidOf(component)])
  }
  // Years of single events: read straight from their properties (an ICAL.Event each costs ten times more).
  for (const component of singles) {
    const start = component.getFirstPropertyValue('dtstart') as ICAL.Time | null
    const duration = component.getFirstPropertyValue('duration') as ICAL.Duration | null
    let end = component.getFirstPropertyValue('dtend') as ICAL.Time | null
    if (!end && start && duration) {
      end = start.clone()
      end.addDuration(duration)
    }
    add(component, start, end)
  }
  for (const event of series.values()) {
    const iterator = event.iterator()
    // DTSTART is a series' first instance (RFC 5545, 3.8.5.2); ical.js leaves it out of a series of RDATEs alone.
    const first = event.component.hasProperty('rrule') ? undefined : event.startDate
    for (let next = first ?? iterator.next(); next; next = iterator.next()) {
      // A wall time read as UTC is within a day of the real instant: cheap enough to skip and stop on.
      if (roughly(next) > window.to + DAY) break
      const occurrence = event.getOccurrenceDetails(next)
      // A moved or changed instance is counted below, at its own time.
      if (roughly(occurrence.endDate) < window.from - DAY || occurrence.item !== event) continue
      add(event.component, occurrence.startDate, occurrence.endDate)
    }
  }
  // Moved instances at their new time, wherever the series itself fell (a cancelled one is free).
  for (const exception of exceptions) {
    const event = new ICAL.Event(exception)
    add(exception, event.startDate, event.endDate)
  }
  return busy.sort((a, b) => a[0] - b[0])
}
