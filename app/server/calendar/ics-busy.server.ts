import { splitCalendar } from './ics/blocks.server.ts'
import { BadValue, type EventData, type Key, readEvent } from './ics/events.server.ts'
import { type Budget, type Window, expandSeries, spanOf } from './ics/expand.server.ts'
import { TooManySteps, type Zone, vtimezoneZone, zoneTable } from './ics/zones.server.ts'

/**
 * The busy times in iCalendar texts, as calendars mean them: recurring series with their exceptions
 * (EXDATE, moved or cancelled instances), all-day events as Danish days, times in any zone (IANA,
 * Windows, the calendar's own VTIMEZONE), floating times as Danish time. Free, cancelled and declined
 * events leave the time open. Only occurrences that touch the window are returned.
 *
 * It runs in a worker thread (busy-worker.server.ts) with a time limit, and it is plain TypeScript with
 * relative imports so Node loads it there without the bundler. An event that cannot be read is
 * skipped and reported by its line number, never by its text.
 */

/** [start, end, uid]: UTC milliseconds (end exclusive) and the event's UID. */
export type BusyInterval = [number, number, string]
/** An event or time zone that was skipped: the calendar text it is in (1 for a feed) and its line. */
export type Skipped = { text: number; line: number }
export type BusyReading = { intervals: BusyInterval[]; skipped: Skipped[] }

export type Limits = { seriesSteps: number; feedSteps: number; zoneSteps: number }
/**
 * A step of ical.js's iterator costs 10–20 µs here. A weekly series since 1990 takes 1,900 steps; an
 * unending series of fixed steps starts near the window, so even one every minute takes about 55,000
 * over the default five weeks. The feed's cap (about 5 s of steps) stays well inside the worker's time
 * limit. A VTIMEZONE's rules change the clocks once or twice a year: a few thousand steps reach any
 * year from 1601.
 */
export const LIMITS: Limits = { seriesSteps: 60_000, feedSteps: 300_000, zoneSteps: 5_000 }

const isAddress = (text: string | undefined): text is string => !!text && /^[^\s@]+@[^\s@]+$/.test(text.trim())

function readText(text: string, index: number, window: Window, owners: Set<string>, limits: Limits, budget: Budget, busy: BusyInterval[], skipped: Skipped[]) {
  const skip = (line: number) => skipped.push({ text: index + 1, line })
  const split = splitCalendar(text)
  split.badLines.forEach(skip)
  // Google names a person's own calendar by her address: her answers to invitations are under it.
  const own = isAddress(split.calendarName) ? new Set([...owners, split.calendarName.trim().toLowerCase()]) : owners
  const untilYear = new Date(window.to).getUTCFullYear() + 1
  const definitions = new Map<string, () => Zone | undefined>()
  for (const block of split.blocks.filter((block) => block.name === 'VTIMEZONE')) {
    const tzid = block.component.getFirstPropertyValue('tzid')
    if (typeof tzid !== 'string' || definitions.has(tzid)) continue
    definitions.set(tzid, () => {
      try {
        return vtimezoneZone(block.component, untilYear, limits.zoneSteps)
      } catch (error) {
        if (!(error instanceof TooManySteps)) throw error
        skip(block.line)
        return undefined
      }
    })
  }
  const zones = zoneTable(definitions)
  const events: EventData[] = []
  for (const block of split.blocks.filter((block) => block.name === 'VEVENT')) {
    try {
      const event = readEvent(block, zones, own)
      if (event) events.push(event)
      else skip(block.line)
    } catch (error) {
      skip(error instanceof BadValue ? error.line : block.line)
    }
  }
  const add = (event: EventData, [from, to]: [number, number]) => {
    if (to > window.from && from < window.to && to > from) busy.push([from, to, event.uid])
  }
  // A moved or cancelled instance replaces its series' occurrence, matched as an instant; it counts at its own time.
  const replaced = new Map<string, Set<Key>>()
  for (const event of events) {
    if (event.recurrenceId === undefined) continue
    replaced.set(event.uid, (replaced.get(event.uid) ?? new Set()).add(event.recurrenceId))
    if (!event.free) add(event, spanOf(event, event.start))
  }
  for (const event of events) {
    if (event.recurrenceId !== undefined || event.free) continue
    if (event.rules.length === 0 && event.rdates.length === 0) add(event, spanOf(event, event.start))
    else if (!expandSeries(event, replaced.get(event.uid) ?? new Set(), window, budget, (span) => add(event, span))) skip(event.line)
  }
}

/**
 * The busy times of one calendar (a feed) or of several texts (a CalDAV calendar's objects). Throws
 * NotACalendar for a text that is none, FeedTooHeavy when the series together take too many steps.
 */
export function parseBusyTimes(texts: string | string[], window: Window, { owners = [], limits = LIMITS }: { owners?: string[]; limits?: Limits } = {}): BusyReading {
  const busy: BusyInterval[] = []
  const skipped: Skipped[] = []
  const budget: Budget = { seriesSteps: limits.seriesSteps, feedSteps: limits.feedSteps, used: 0 }
  const ownerSet = new Set(owners.map((owner) => owner.trim().toLowerCase()))
  for (const [index, text] of (typeof texts === 'string' ? [texts] : texts).entries()) readText(text, index, window, ownerSet, limits, budget, busy, skipped)
  return { intervals: merged(busy), skipped }
}

/** In time order, with the overlapping occurrences of one event as one interval (a series every minute is one busy time). */
function merged(busy: BusyInterval[]) {
  busy.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const result: BusyInterval[] = []
  const last = new Map<string, BusyInterval>()
  for (const interval of busy) {
    const previous = last.get(interval[2])
    if (previous && interval[0] <= previous[1]) previous[1] = Math.max(previous[1], interval[1])
    else {
      const copy: BusyInterval = [interval[0], interval[1], interval[2]]
      result.push(copy)
      last.set(interval[2], copy)
    }
  }
  return result
}
