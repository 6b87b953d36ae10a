import { databaseFileProblem } from '#db/database'
import { openProblems } from '~/server/alerts/coach-alerts.server'
import { getDb } from '#db/connection'
import { rulesInForce } from '~/server/booking/availability.server'
import { busySourceStates } from '~/server/calendar/busy-sources.server'
import { log } from '~/server/log.server'

export type Health = { ok: true } | { ok: false; reason: string }

/**
 * Healthy means a contact message stored now would still be there after a restart: the database
 * answers, its file is the one the server opened, and it can be written.
 */
export function databaseHealth(): Health {
  try {
    const db = getDb()
    const problem = databaseFileProblem(db)
    if (problem) return { ok: false, reason: `database file ${problem}` }
    db.$client.prepare('SELECT 1').get()
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * The coach's calendars, when she has any: how many there are, how many fail and how many are too
 * old to trust. Counts only: /healthz is public, and a calendar's host or error is hers (which
 * calendar fails and why is in the server's log and in `npm run check:launch`). A failing calendar
 * closes booking but not the site, so it does not make the check fail.
 */
function calendarHealth() {
  const db = getDb()
  const availability = rulesInForce(db).availability
  const states = busySourceStates(db, availability?.calendarMaxAgeMinutes ?? 180)
  if (states.length === 0) return {}
  const stale = states.filter((state) => state.stale).length
  return { bookingOpenForCalendars: stale === 0, calendars: { total: states.length, failing: states.filter((state) => state.lastError !== null).length, stale } }
}

/**
 * How many problems the coach has been alerted to and are not over (booking closed by a calendar, a
 * calendar write given up, a broken booking.yaml): a count, never which or why.
 */
function openProblemCount() {
  try {
    return openProblems(getDb()).length
  } catch {
    return 0
  }
}

/** /healthz: 200 when healthy (`degraded` while the coach has an open problem), 503 with the reason otherwise; never stored. */
export function healthResponse() {
  const health = databaseHealth()
  if (!health.ok) log('error', 'health check failed', { reason: health.reason })
  const problems = health.ok ? openProblemCount() : 0
  const healthy = problems > 0 ? { status: 'degraded', problems } : { status: 'ok' }
  return Response.json(health.ok ? { ...healthy, ...calendarHealth() } : { status: 'unavailable', reason: health.reason }, {
    status: health.ok ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  })
}
