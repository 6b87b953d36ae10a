import ICAL from 'ical.js'
import { type EventData, type Key, instantIn, keyOf } from './events.server.ts'
import { danishTime } from './zones.server.ts'

/**
 * The occurrences of a series that touch the window. A rule is walked on wall times (as ical.js
 * iterates) and every comparison with UNTIL, EXDATE and RECURRENCE-ID is made on instants. Nothing
 * is worked out for an occurrence before the window beyond its start, an unending series of fixed
 * steps starts near the window instead of at DTSTART, and every step counts against the series' and
 * the feed's budget: a rule that repeats every minute since 2016 cannot hold the reader.
 */

export type Window = { from: number; to: number }
export type Budget = { seriesSteps: number; feedSteps: number; used: number }

const DAY = 86_400_000
const SECOND = 1000
/** The length of one step of the frequencies whose steps are all alike on a wall clock. */
const FIXED_STEP: Record<string, number> = { SECONDLY: SECOND, MINUTELY: 60 * SECOND, HOURLY: 3600 * SECOND, DAILY: DAY, WEEKLY: 7 * DAY }

/** The feed needs more steps than it may take: it is refused as a whole. */
export class FeedTooHeavy extends Error {}

const wallAsUtc = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)

function fromWallAsUtc(ms: number, isDate: boolean) {
  const date = new Date(ms)
  return ICAL.Time.fromData({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds(), isDate })
}

/** An occurrence's start and end instants. */
export function spanOf(event: EventData, wall: ICAL.Time): [number, number] {
  const start = instantIn(wall, event.zone)
  if (event.length.days === 0) return [start, start + event.length.ms]
  const later = fromWallAsUtc(wallAsUtc(wall) + event.length.days * DAY, wall.isDate)
  return [start, (wall.isDate ? danishTime : event.zone).instant(later.year, later.month, later.day, later.hour, later.minute, later.second) + event.length.ms]
}

/**
 * A rule's iterator, started a whole number of steps after DTSTART, shortly before the window, when
 * that gives the same occurrences: a rule without COUNT whose steps are all alike.
 */
function iteratorFor(rule: ICAL.Recur, event: EventData, window: Window) {
  const step = FIXED_STEP[rule.freq] ?? 0
  const recur = rule.clone()
  recur.until = null
  let start = event.start
  if (step > 0 && !rule.count) {
    const period = step * Math.max(1, rule.interval || 1)
    const margin = event.length.days * DAY + event.length.ms + 2 * DAY
    const skip = Math.floor((window.from - margin - wallAsUtc(start)) / period)
    if (skip > 0) start = fromWallAsUtc(wallAsUtc(start) + skip * period, start.isDate)
  }
  return recur.iterator(start)
}

/**
 * Calls `emit` for each occurrence of a series that touches the window and is neither excluded nor
 * replaced by a moved instance. Returns false when the series took more steps than it may (what was
 * found until then is kept: a busy time is better kept than lost).
 */
export function expandSeries(event: EventData, replaced: Set<Key>, window: Window, budget: Budget, emit: (span: [number, number]) => void) {
  const seen = new Set<Key>()
  const visit = (wall: ICAL.Time) => {
    const span = spanOf(event, wall)
    const key = keyOf(wall, span[0])
    if (seen.has(key)) return
    seen.add(key)
    if (event.exdates.has(key) || replaced.has(key)) return
    // An all-day EXDATE in a timed series takes out that day's occurrence.
    if (!wall.isDate && event.exdates.has(`D${wall.year}-${wall.month}-${wall.day}`)) return
    if (span[1] > window.from && span[0] < window.to) emit(span)
  }
  // DTSTART is a series' first instance (RFC 5545, 3.8.5.2), whatever its rule says.
  visit(event.start)
  for (const rdate of event.rdates) visit(rdate)
  let steps = 0
  for (const [index, rule] of event.rules.entries()) {
    const until = event.untils[index]!
    const iterator = iteratorFor(rule, event, window)
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++budget.used > budget.feedSteps) throw new FeedTooHeavy()
      if (++steps > budget.seriesSteps) return false
      // A wall time read as UTC is within a day of the real instant: cheap enough to stop on.
      if (wallAsUtc(next) > window.to + DAY || wallAsUtc(next) - DAY > until) break
      if (wallAsUtc(next) < window.from - 2 * DAY - event.length.days * DAY - event.length.ms) continue
      if (instantIn(next, event.zone) > until) break
      visit(next)
    }
  }
  return true
}
