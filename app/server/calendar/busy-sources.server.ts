import { createHash } from 'node:crypto'
import { and, between, eq, ne } from 'drizzle-orm'
import type { Db } from '#db/database'
import { bookings, busySources } from '#db/schema'
import type { Busy } from '~/lib/booking/slots'
import { addDays } from '~/lib/booking/time'
import { type CaldavConfig, caldavConfig, caldavLabel, calendarFailure, eventsBetween, hostOf } from '~/server/calendar/caldav.server'
import { type BusyInterval, parseBusyTimes } from '~/server/calendar/ics-busy.server'

/**
 * The coach's busy times, read in the background from her calendars (secret iCal addresses and a
 * CalDAV calendar) and kept in the database as the last good copy of each. A page never waits on a
 * calendar: it reads what is stored. A secret address is never stored or logged; a source is named
 * by its position and host.
 */

export type BusySource = { key: string; label: string } & ({ kind: 'ics'; url: string } | { kind: 'caldav'; config: CaldavConfig })

const FETCH_TIMEOUT_MS = 10_000
/** A feed larger than this is refused: years of history are far below it. */
export const MAX_FEED_BYTES = 10 * 1024 * 1024
/** An unchanged feed is still read in full this often, so its series are expanded over the moving window. */
const FULL_READ_EVERY_MS = 6 * 60 * 60_000
const DAY_MS = 86_400_000

const keyOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

let known: { settings: string; sources: BusySource[] } | undefined

/**
 * The sources the environment names: BUSY_CALENDAR_URLS (space-separated) and CALDAV_URL. Every
 * booking page asks, so the list is made once per setting, not per request.
 */
export function configuredBusySources(env: NodeJS.ProcessEnv = process.env): BusySource[] {
  const settings = JSON.stringify([env.BUSY_CALENDAR_URLS, env.CALDAV_URL, env.CALDAV_USER, env.CALDAV_PASSWORD])
  if (known?.settings !== settings) known = { settings, sources: sourcesOf(env) }
  return known.sources
}

function sourcesOf(env: NodeJS.ProcessEnv): BusySource[] {
  const addresses = (env.BUSY_CALENDAR_URLS ?? '').split(/\s+/).filter(Boolean)
  const feeds = addresses.map((address, index): BusySource => {
    // Apple's public calendars are given as webcal://, which is https.
    const url = address.replace(/^webcal:\/\//i, 'https://')
    return { kind: 'ics', url, key: keyOf(url), label: `kalender ${index + 1} i BUSY_CALENDAR_URLS (${hostOf(url)})` }
  })
  const caldav = caldavConfig(env)
  return caldav ? [...feeds, { kind: 'caldav', config: caldav, key: keyOf(`caldav ${caldav.url}`), label: caldavLabel(caldav) }] : feeds
}

/** Reads a body up to the cap; a larger one is refused rather than held in memory. */
async function readCapped(response: Response) {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_FEED_BYTES) {
      await reader.cancel()
      throw new Error(`kalenderen er større end ${MAX_FEED_BYTES / 1024 / 1024} MB`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

type Stored = typeof busySources.$inferSelect
type Reading = { status: 'unchanged' } | { status: 'read'; intervals: BusyInterval[]; etag: string | null; lastModified: string | null }

async function readFeed(url: string, stored: Stored | undefined, window: { from: number; to: number }, now: Date, timeoutMs: number): Promise<Reading> {
  const fresh = stored?.parsedAt && now.getTime() - Date.parse(stored.parsedAt) < FULL_READ_EVERY_MS
  const headers: Record<string, string> = { Accept: 'text/calendar' }
  if (fresh && stored?.etag) headers['If-None-Match'] = stored.etag
  if (fresh && stored?.lastModified) headers['If-Modified-Since'] = stored.lastModified
  const response = await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) })
  if (response.status === 304 && fresh) return { status: 'unchanged' }
  if (!response.ok) throw new Error(`svarede ${response.status}`)
  const text = await readCapped(response)
  if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 2048))) throw new Error('svaret er ikke en kalender (iCal)')
  return { status: 'read', intervals: parseBusyTimes(text, window), etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
}

async function readCaldav(config: CaldavConfig, window: { from: number; to: number }): Promise<Reading> {
  const texts = await eventsBetween(config, window.from, window.to)
  return { status: 'read', intervals: texts.flatMap((text) => parseBusyTimes(text, window)), etag: null, lastModified: null }
}

export type RefreshResult = { label: string; ok: boolean; error?: string; intervals?: number }

/**
 * Reads every source once and stores what it got: new intervals, or only the time of a good
 * answer (304), or the failure (the last good intervals stay). The window runs from yesterday
 * through the booking window and a week more.
 */
export async function refreshBusySources({
  db,
  now = new Date(),
  windowMinutes,
  sources = configuredBusySources(),
  timeoutMs = FETCH_TIMEOUT_MS,
}: { db: Db; now?: Date; windowMinutes: number; sources?: BusySource[]; timeoutMs?: number }) {
  const window = { from: now.getTime() - DAY_MS, to: now.getTime() + windowMinutes * 60_000 + 7 * DAY_MS }
  return Promise.all(
    sources.map(async (source): Promise<RefreshResult> => {
      const stored = db.select().from(busySources).where(eq(busySources.sourceKey, source.key)).get()
      const at = now.toISOString()
      try {
        const reading = source.kind === 'ics' ? await readFeed(source.url, stored, window, now, timeoutMs) : await readCaldav(source.config, window)
        const values =
          reading.status === 'unchanged'
            ? { label: source.label, goodAt: at, checkedAt: at, lastError: null }
            : { label: source.label, goodAt: at, parsedAt: at, checkedAt: at, lastError: null, intervals: reading.intervals, etag: reading.etag, lastModified: reading.lastModified }
        db.insert(busySources)
          .values({ sourceKey: source.key, intervals: [], ...values })
          .onConflictDoUpdate({ target: busySources.sourceKey, set: values })
          .run()
        return { label: source.label, ok: true, intervals: reading.status === 'read' ? reading.intervals.length : stored?.intervals.length }
      } catch (error) {
        const lastError = calendarFailure(error, 'kunne ikke læses')
        db.insert(busySources)
          .values({ sourceKey: source.key, label: source.label, checkedAt: at, intervals: [], lastError })
          .onConflictDoUpdate({ target: busySources.sourceKey, set: { label: source.label, checkedAt: at, lastError } })
          .run()
        return { label: source.label, ok: false, error: lastError }
      }
    }),
  )
}

/**
 * The busy times of every configured source (or every source the server stored) that touch the Danish dates from..to. A booking the
 * site itself wrote into the CalDAV calendar is left out: it is a booking already, and a move must
 * not be blocked by the booking's own old time.
 */
export function busyBetween(db: Db, from: string, to: string, sources: BusySource[] | 'stored' = configuredBusySources()): Busy[] {
  if (sources.length === 0) return []
  const start = Date.parse(`${addDays(from, -1)}T00:00:00Z`)
  const end = Date.parse(`${addDays(to, 2)}T00:00:00Z`)
  // 'stored': what the running site reads, for a command run without its environment.
  const recent = new Date(Date.now() - DAY_MS).toISOString()
  const rows = db.select().from(busySources).all()
  const keys = new Set(sources === 'stored' ? rows.filter((row) => row.checkedAt >= recent).map((row) => row.sourceKey) : sources.map((source) => source.key))
  const own = new Set(
    db
      .select({ uid: bookings.uid })
      .from(bookings)
      .where(and(between(bookings.localDate, addDays(from, -1), addDays(to, 1)), ne(bookings.uid, '')))
      .all()
      .map((row) => row.uid),
  )
  return rows
    .filter((row) => keys.has(row.sourceKey))
    .flatMap((row) => row.intervals)
    .filter(([busyFrom, busyTo, uid]) => busyTo > start && busyFrom < end && !own.has(uid))
    .map(([busyFrom, busyTo]) => ({ start: busyFrom, end: busyTo }))
}

export type SourceState = { label: string; goodAt: string | null; lastError: string | null; stale: boolean }

/**
 * Each configured source and whether its last good copy is too old to trust (or missing). While
 * any is, booking offers no times: a time the coach may have filled must not be offered.
 */
export function busySourceStates(db: Db, maxAgeMinutes: number, now = new Date(), sources = configuredBusySources()): SourceState[] {
  if (sources.length === 0) return []
  const rows = new Map(db.select().from(busySources).all().map((row) => [row.sourceKey, row]))
  return sources.map((source) => {
    const row = rows.get(source.key)
    const goodAt = row?.goodAt ?? null
    const stale = !goodAt || now.getTime() - Date.parse(goodAt) > maxAgeMinutes * 60_000
    return { label: source.label, goodAt, lastError: row?.lastError ?? (row ? null : 'endnu ikke læst'), stale }
  })
}

/**
 * The sources the running server reads, as it last stored them (checked within a day): a command
 * run without the server's environment still tells which calendar is failing.
 */
export function storedSourceStates(db: Db, maxAgeMinutes: number, now = new Date()): SourceState[] {
  const since = new Date(now.getTime() - DAY_MS).toISOString()
  return db
    .select()
    .from(busySources)
    .all()
    .filter((row) => row.checkedAt >= since)
    .map((row) => ({ label: row.label, goodAt: row.goodAt, lastError: row.lastError, stale: !row.goodAt || now.getTime() - Date.parse(row.goodAt) > maxAgeMinutes * 60_000 }))
}
