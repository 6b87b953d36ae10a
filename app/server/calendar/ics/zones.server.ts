import ICAL from 'ical.js'
import { findIana } from 'windows-iana'
import { TIME_ZONE } from '../../../lib/booking/time.ts'

/**
 * The zones a calendar's times are given in. Every lookup is scoped to one calendar text: nothing is
 * registered in ical.js's process-wide TimezoneService, whose first registration of a TZID would win
 * for every feed read after it. IANA names (and Windows names, through CLDR's windowsZones as the
 * `windows-iana` package carries it) are read with the runtime's own time-zone data (Intl); a zone
 * only the calendar defines is read from its VTIMEZONE, whose rules are expanded with a cap.
 */

/** The instant (UTC ms) a clock in the zone shows this wall time. */
export type Zone = { name: string; instant(year: number, month: number, day: number, hour?: number, minute?: number, second?: number): number }

const DAY = 86_400_000
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
function intlOffset(zone: string, instant: number) {
  let format = zoneFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    zoneFormats.set(zone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]))
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a wall time (given as if it were UTC) is shown, for a zone given by its offset at any
 * instant. A time skipped in spring is read as the instant after the gap, a repeated one as its first
 * occurrence: a busy time is kept, not lost.
 */
function wallToInstant(offsetAt: (instant: number) => number, asUtc: number) {
  // The zone's offsets a day before and a day after: they differ only around a change of the clocks.
  const before = asUtc - offsetAt(asUtc - DAY)
  const after = asUtc - offsetAt(asUtc + DAY)
  if (before === after) return before
  const shown = [before, after].filter((instant) => instant + offsetAt(instant) === asUtc)
  return shown.length > 0 ? Math.min(...shown) : before
}

export function wallTimeIn(zone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  return wallToInstant((instant) => intlOffset(zone, instant), Date.UTC(year, month - 1, day, hour, minute, second))
}

const intlZone = (name: string): Zone => ({ name, instant: (...wall) => wallTimeIn(name, ...wall) })

export const danishTime = intlZone(TIME_ZONE)
export const utc: Zone = { name: 'UTC', instant: (year, month, day, hour = 0, minute = 0, second = 0) => Date.UTC(year, month - 1, day, hour, minute, second) }

/**
 * The IANA zone a TZID means without the calendar's help: an IANA name, a Windows name (Outlook
 * writes "Romance Standard Time"), or an IANA name behind a publisher's prefix
 * ("/mozilla.org/20050126_1/Europe/Copenhagen", "/freeassociation.sourceforge.net/Europe/Berlin").
 */
export function ianaZoneOf(tzid: string): string | undefined {
  const name = tzid.trim().replace(/^"|"$/g, '')
  if (isIanaZone(name)) return name
  const windows = findIana(name)[0]
  if (windows && isIanaZone(windows)) return windows
  const prefixed = /(?:^|\/)((?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z0-9_+\-/]+)$/.exec(name)?.[1]
  return prefixed && isIanaZone(prefixed) ? prefixed : undefined
}

type Transition = { at: number; offset: number }

/** Thrown when a VTIMEZONE's rules would take more steps than allowed (a rule repeating every second since 1601). */
export class TooManySteps extends Error {}

/**
 * A zone from a calendar's own VTIMEZONE: each STANDARD/DAYLIGHT onset up to `untilYear`, at most
 * `maxSteps` rule steps in all, so a rule that repeats every second is refused rather than walked.
 */
export function vtimezoneZone(component: ICAL.Component, untilYear: number, maxSteps: number): Zone {
  const transitions: Transition[] = []
  let steps = 0
  for (const observance of [...component.getAllSubcomponents('standard'), ...component.getAllSubcomponents('daylight')]) {
    const start = observance.getFirstPropertyValue('dtstart') as ICAL.Time | null
    const from = (observance.getFirstPropertyValue('tzoffsetfrom') as ICAL.UtcOffset | null)?.toSeconds()
    const to = (observance.getFirstPropertyValue('tzoffsetto') as ICAL.UtcOffset | null)?.toSeconds()
    if (!start || from === undefined || to === undefined) continue
    const onset = (time: ICAL.Time) => {
      if (++steps > maxSteps) throw new TooManySteps()
      transitions.push({ at: Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second) - from * 1000, offset: to * 1000 })
    }
    onset(start)
    for (const rdate of observance.getAllProperties('rdate').flatMap((property) => property.getValues() as ICAL.Time[])) if (rdate instanceof ICAL.Time) onset(rdate)
    for (const rule of observance.getAllProperties('rrule').map((property) => property.getFirstValue() as ICAL.Recur)) {
      // UNTIL is UTC and the onsets are wall times: compared below as instants, not by ical.js.
      const until = rule.until ? Date.UTC(rule.until.year, rule.until.month - 1, rule.until.day, rule.until.hour, rule.until.minute, rule.until.second) : Infinity
      const recur = rule.clone()
      recur.until = null
      const floating = ICAL.Time.fromData({ year: start.year, month: start.month, day: start.day, hour: start.hour, minute: start.minute, second: start.second })
      const iterator = recur.iterator(floating)
      for (let next = iterator.next(); next && next.year <= untilYear; next = iterator.next()) {
        const at = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second) - from * 1000
        if (at > until) break
        onset(next)
      }
    }
  }
  transitions.sort((a, b) => a.at - b.at)
  if (transitions.length === 0) throw new TooManySteps()
  const offsetAt = (instant: number) => {
    // The last onset at or before the instant; before the first, the first observance's offset.
    let low = 0
    let high = transitions.length - 1
    if (instant < transitions[0]!.at) return transitions[0]!.offset
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (transitions[middle]!.at <= instant) low = middle
      else high = middle - 1
    }
    return transitions[low]!.offset
  }
  const name = String(component.getFirstPropertyValue('tzid') ?? '')
  return { name, instant: (year, month, day, hour = 0, minute = 0, second = 0) => wallToInstant(offsetAt, Date.UTC(year, month - 1, day, hour, minute, second)) }
}

/**
 * The zones one calendar text can name: the runtime's for IANA and Windows names, the text's own
 * VTIMEZONEs for the rest (each built once, on first use), Danish time for a zone nobody defines
 * (read as a floating time: her calendar app shows it as it stands, and she lives in Denmark).
 */
export function zoneTable(definitions: Map<string, () => Zone | undefined>) {
  const known = new Map<string, Zone>()
  return (tzid: string | undefined): Zone => {
    if (!tzid) return danishTime
    let zone = known.get(tzid)
    if (!zone) {
      const iana = isIanaZone(tzid.trim()) ? tzid.trim() : undefined
      zone = (iana && intlZone(iana)) || definitions.get(tzid)?.() || intlZone(ianaZoneOf(tzid) ?? TIME_ZONE)
      known.set(tzid, zone)
    }
    return zone
  }
}
