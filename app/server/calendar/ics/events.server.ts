import ICAL from 'ical.js'
import type { Block } from './blocks.server.ts'
import { type Zone, danishTime, utc } from './zones.server.ts'

/**
 * One VEVENT as the busy-time reader needs it: its times as instants, compared as instants (a UTC
 * EXDATE or RECURRENCE-ID matches an occurrence given in a named zone), whether it leaves her free,
 * and for a series its rules and how long each occurrence lasts.
 */

/** An occurrence's key: its instant for a time, its date for an all-day date (a date is a day wherever it is read). */
export type Key = string

export type EventData = {
  uid: string
  line: number
  free: boolean
  /** DTSTART as a wall time (floating) and the zone it is read in; a date is read as a Danish day. */
  start: ICAL.Time
  zone: Zone
  /** How long an occurrence lasts: whole days on its clock, then exact milliseconds (RFC 5545, 3.8.5.3). */
  length: { days: number; ms: number }
  rules: ICAL.Recur[]
  /** UNTIL of each rule as an instant (a date: the end of that Danish day), or Infinity. */
  untils: number[]
  rdates: ICAL.Time[]
  exdates: Set<Key>
  recurrenceId?: Key
}

const DAY = 86_400_000
const floating = (time: ICAL.Time) =>
  ICAL.Time.fromData({ year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second, isDate: time.isDate })

/** The instant of a wall time in its zone: a date is the start of the Danish day, a UTC time is itself. */
export function instantIn(time: ICAL.Time, zone: Zone) {
  if (time.isDate) return danishTime.instant(time.year, time.month, time.day)
  return (isUtc(time) ? utc : zone).instant(time.year, time.month, time.day, time.hour, time.minute, time.second)
}

export const keyOf = (time: ICAL.Time, instant: number): Key => (time.isDate ? `D${time.year}-${time.month}-${time.day}` : String(instant))

const isUtc = (time: ICAL.Time) => time.zone === ICAL.Timezone.utcTimezone

type Zones = (tzid: string | undefined) => Zone

/** Reads the times of one property, each with its instant. */
function timesOf(component: ICAL.Component, name: string, zones: Zones) {
  return component.getAllProperties(name).flatMap((property) => {
    const tzid = property.getParameter('tzid')
    const zone = zones(typeof tzid === 'string' ? tzid : undefined)
    return (property.getValues() as Array<ICAL.Time | ICAL.Period>).map((value) => {
      const time = value instanceof ICAL.Period ? value.start : value
      return { time, instant: instantIn(time, zone) }
    })
  })
}

/** Her own answer to an invitation, by her addresses: a declined meeting leaves her free. */
function declined(component: ICAL.Component, owners: Set<string>) {
  return component.getAllProperties('attendee').some((attendee) => {
    const address = String(attendee.getFirstValue() ?? '').replace(/^mailto:/i, '').trim().toLowerCase()
    return owners.has(address) && String(attendee.getParameter('partstat') ?? '').toUpperCase() === 'DECLINED'
  })
}

const upper = (component: ICAL.Component, name: string) => String(component.getFirstPropertyValue(name) ?? '').toUpperCase()

/** Free time: marked free (Outlook's own busy status included), cancelled, or declined by her. */
const isFree = (component: ICAL.Component, owners: Set<string>) =>
  upper(component, 'transp') === 'TRANSPARENT' || upper(component, 'x-microsoft-cdo-busystatus') === 'FREE' || upper(component, 'status') === 'CANCELLED' || declined(component, owners)

/**
 * The event, or undefined for one without a start (no time at all). A value ical.js cannot read
 * throws a BadValue naming the line it stands on.
 */
export function readEvent(block: Block, zones: Zones, owners: Set<string>): EventData | undefined {
  let reading = 'dtstart'
  try {
    const component = block.component
    const startProperty = component.getFirstProperty('dtstart')
    const start = startProperty?.getFirstValue() as ICAL.Time | undefined
    if (!start) return undefined
    const tzidOf = (name: string) => {
      const tzid = component.getFirstProperty(name)?.getParameter('tzid')
      return typeof tzid === 'string' ? tzid : undefined
    }
    const zone = isUtc(start) ? utc : zones(tzidOf('dtstart'))
    const startInstant = instantIn(start, zone)
    reading = 'dtend'
    const end = component.getFirstPropertyValue('dtend') as ICAL.Time | null
    reading = 'duration'
    const duration = component.getFirstPropertyValue('duration') as ICAL.Duration | null
    let length = { days: start.isDate ? 1 : 0, ms: 0 }
    if (end && start.isDate) length = { days: Math.max(1, Math.round((instantIn(end, danishTime) - startInstant) / DAY)), ms: 0 }
    // DTEND in its own zone (a flight from Copenhagen landing in New York): the exact time between.
    else if (end) length = { days: 0, ms: Math.max(0, instantIn(end, zones(tzidOf('dtend'))) - startInstant) }
    else if (duration && !duration.isNegative) length = { days: duration.weeks * 7 + duration.days, ms: ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1000 }
    reading = 'rrule'
    const rules = component.getAllProperties('rrule').map((property) => property.getFirstValue() as ICAL.Recur)
    const untils = rules.map((rule) => {
      if (!rule.until) return Infinity
      // A date as UNTIL takes in its whole day; a time without Z is read in DTSTART's zone.
      if (rule.until.isDate) return danishTime.instant(rule.until.year, rule.until.month, rule.until.day + 1) - 1
      return instantIn(rule.until, zone)
    })
    reading = 'rdate'
    const rdates = timesOf(component, 'rdate', zones).map(({ time }) => floating(time))
    reading = 'exdate'
    const exdates = new Set(timesOf(component, 'exdate', zones).map(({ time, instant }) => keyOf(time, instant)))
    reading = 'recurrence-id'
    const [recurrence] = timesOf(component, 'recurrence-id', zones)
    reading = 'uid'
    return {
      uid: String(component.getFirstPropertyValue('uid') ?? ''),
      line: block.line,
      free: isFree(component, owners),
      start: floating(start),
      zone,
      length,
      rules,
      untils,
      rdates,
      exdates,
      recurrenceId: recurrence && keyOf(recurrence.time, recurrence.instant),
    }
  } catch (error) {
    throw new BadValue(block.lineOf(reading), { cause: error })
  }
}

export class BadValue extends Error {
  // No parameter property: this file runs in a worker thread on Node's own type stripping.
  readonly line: number
  constructor(line: number, options?: ErrorOptions) {
    super(`linje ${line}`, options)
    this.line = line
  }
}
