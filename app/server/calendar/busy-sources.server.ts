import { createHash } from 'node:crypto'
import { and, between, eq, ne } from 'drizzle-orm'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { type Booking, bookings, busySources, outbox } from '#db/schema'
import type { Busy } from '~/lib/booking/slots'
import { addDays } from '~/lib/booking/time'
import { type CaldavConfig, caldavConfig, caldavLabel, calendarFailure, eventsBetween, hostOf } from '~/server/calendar/caldav.server'
import { readBusyOffThread } from '~/server/calendar/busy-reader.server'
import type { BusyInterval, Skipped } from '~/server/calendar/ics-busy.server'

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
/** A feed is fetched in full at least this often, whatever its server says of changes. */
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

type Window = { from: number; to: number }
type Reading = { intervals: BusyInterval[]; skipped: Skipped[]; etag: string | null; lastModified: string | null }
type Options = { window: Window; now: Date; timeoutMs: number; parseTimeLimitMs?: number }

/**
 * The last full text of each feed this process fetched: an unchanged feed (304) is expanded again
 * from it over the window as it is now, so a raised `senest` or the passing days never wait for the
 * next full read. In memory only: another process, or this one after a restart, fetches in full.
 */
const heldTexts = new Map<string, { text: string; fetchedAt: number; etag: string | null; lastModified: string | null }>()

/**
 * Her own addresses, to know her answer among an invitation's attendees: the site's settings and, when
 * the calendar names one, its own (Google's secret address holds the calendar's address; a CalDAV user
 * is often hers).
 */
function ownerAddresses(source: BusySource, env: NodeJS.ProcessEnv = process.env) {
  const path = source.kind === 'ics' ? (URL.parse(source.url)?.pathname ?? '') : ''
  const fromPath = path.split('/').map((part) => decodeURIComponent(part.replace(/%(?![0-9a-f]{2})/gi, '%25')))
  return [env.COACH_EMAIL, env.CONTACT_TO, site.email, env.CALDAV_USER, ...fromPath].filter((address): address is string => !!address && address.includes('@'))
}

async function readFeed(source: BusySource & { kind: 'ics' }, { window, now, timeoutMs, parseTimeLimitMs }: Options): Promise<Reading> {
  const held = heldTexts.get(source.key)
  const fresh = held && now.getTime() - held.fetchedAt < FULL_READ_EVERY_MS
  const headers: Record<string, string> = { Accept: 'text/calendar' }
  if (fresh && held.etag) headers['If-None-Match'] = held.etag
  if (fresh && held.lastModified) headers['If-Modified-Since'] = held.lastModified
  const response = await fetch(source.url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
  let copy = held
  if (!(response.status === 304 && fresh)) {
    if (!response.ok) throw new Error(`svarede ${response.status}`)
    const text = await readCapped(response)
    if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 2048))) throw new Error('svaret er ikke en kalender (iCal)')
    copy = { text, fetchedAt: now.getTime(), etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
  }
  const reading = await readBusyOffThread({ texts: [copy!.text], window, owners: ownerAddresses(source) }, { timeLimitMs: parseTimeLimitMs })
  // Held once it has been read: a text that cannot be read is fetched in full again.
  heldTexts.set(source.key, copy!)
  return { ...reading, etag: copy!.etag, lastModified: copy!.lastModified }
}

async function readCaldav(source: BusySource & { kind: 'caldav' }, { window, parseTimeLimitMs }: Options): Promise<Reading> {
  const texts = await eventsBetween(source.config, window.from, window.to)
  const reading = await readBusyOffThread({ texts, window, owners: ownerAddresses(source) }, { timeLimitMs: parseTimeLimitMs })
  return { ...reading, etag: null, lastModified: null }
}

/** `skipped`: the events (or time zones) that could not be read, by line; the rest of the calendar counts. */
export type RefreshResult = { label: string; ok: boolean; error?: string; intervals?: number; skipped?: Skipped[] }

/**
 * Reads every source once and stores what it got: its intervals over the window as it is now (from
 * the text held in memory when the feed answered 304), or the failure (the last good intervals
 * stay). The window runs from yesterday through the booking window and a week more.
 */
export async function refreshBusySources({
  db,
  now = new Date(),
  windowMinutes,
  sources = configuredBusySources(),
  timeoutMs = FETCH_TIMEOUT_MS,
  parseTimeLimitMs,
}: { db: Db; now?: Date; windowMinutes: number; sources?: BusySource[]; timeoutMs?: number; parseTimeLimitMs?: number }) {
  const window = { from: now.getTime() - DAY_MS, to: now.getTime() + windowMinutes * 60_000 + 7 * DAY_MS }
  return Promise.all(
    sources.map(async (source): Promise<RefreshResult> => {
      const at = now.toISOString()
      try {
        const options = { window, now, timeoutMs, parseTimeLimitMs }
        const reading = source.kind === 'ics' ? await readFeed(source, options) : await readCaldav(source, options)
        const values = { label: source.label, goodAt: at, parsedAt: at, checkedAt: at, lastError: null, intervals: reading.intervals, etag: reading.etag, lastModified: reading.lastModified }
        db.insert(busySources)
          .values({ sourceKey: source.key, ...values })
          .onConflictDoUpdate({ target: busySources.sourceKey, set: values })
          .run()
        return { label: source.label, ok: true, intervals: reading.intervals.length, ...(reading.skipped.length > 0 ? { skipped: reading.skipped } : {}) }
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

/** A busy time with the calendar it came from (its label) and its event's UID. */
export type LabelledBusy = Busy & { label: string; uid: string }

/**
 * The busy times of every configured source (or every source the server stored) that touch the
 * Danish dates from..to, named by their calendar. A booking the site itself wrote into the CalDAV
 * calendar is left out while it stands at the booking's own time: it is a booking already, and a
 * move must not be blocked by the booking's own old time. At any other time it is the coach's
 * edit (she moved the event in her calendar) and counts as busy where she put it.
 */
export function labelledBusyBetween(db: Db, from: string, to: string, sources: BusySource[] | 'stored' = configuredBusySources()): LabelledBusy[] {
  if (sources.length === 0) return []
  const start = Date.parse(`${addDays(from, -1)}T00:00:00Z`)
  const end = Date.parse(`${addDays(to, 2)}T00:00:00Z`)
  // 'stored': what the running site reads, for a command run without its environment.
  const recent = new Date(Date.now() - DAY_MS).toISOString()
  const rows = db.select().from(busySources).all()
  const keys = new Set(sources === 'stored' ? rows.filter((row) => row.checkedAt >= recent).map((row) => row.sourceKey) : sources.map((source) => source.key))
  const own = new Map(
    db
      .select({ uid: bookings.uid, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(and(between(bookings.localDate, addDays(from, -1), addDays(to, 1)), ne(bookings.uid, '')))
      .all()
      .map((row) => [row.uid, [Date.parse(row.startsAt), Date.parse(row.endsAt)] as const]),
  )
  const atItsOwnTime = (busyFrom: number, busyTo: number, uid: string) => {
    const time = own.get(uid)
    return time !== undefined && time[0] === busyFrom && time[1] === busyTo
  }
  return rows
    .filter((row) => keys.has(row.sourceKey))
    .flatMap((row) =>
      row.intervals
        .filter(([busyFrom, busyTo, uid]) => busyTo > start && busyFrom < end && !atItsOwnTime(busyFrom, busyTo, uid))
        .map(([busyFrom, busyTo, uid]) => ({ start: busyFrom, end: busyTo, label: row.label, uid })),
    )
}

/**
 * Where her calendar has a booking's event, when she has moved it to another time than the
 * booking's (as her calendar was last read). Nothing while the site's own write of the event waits,
 * is being tried or gave up, or was carried out after that reading: then the calendar shows the
 * site's old version, not her edit.
 */
export function movedInHerCalendar(db: Db, booking: Pick<Booking, 'uid' | 'startsAt' | 'endsAt'>): Busy | undefined {
  const writes = db.select({ status: outbox.status, sentAt: outbox.sentAt }).from(outbox).where(and(eq(outbox.kind, 'calendar-write'), eq(outbox.eventUid, booking.uid))).all()
  if (writes.some((write) => write.status === 'pending' || write.status === 'sending' || write.status === 'failed')) return undefined
  const lastWrite = writes.reduce((latest, write) => (write.sentAt && write.sentAt > latest ? write.sentAt : latest), '')
  const [start, end] = [Date.parse(booking.startsAt), Date.parse(booking.endsAt)]
  for (const row of db.select().from(busySources).all()) {
    if (!row.goodAt || row.goodAt < lastWrite) continue
    const found = row.intervals.filter(([, , uid]) => uid === booking.uid)
    if (found.length > 0 && !found.some(([from, to]) => from === start && to === end)) return { start: found[0]![0], end: found[0]![1] }
  }
  return undefined
}

/** The busy times that touch the Danish dates from..to, as the slot rules take them. */
export function busyBetween(db: Db, from: string, to: string, sources: BusySource[] | 'stored' = configuredBusySources()): Busy[] {
  return labelledBusyBetween(db, from, to, sources).map(({ start, end }) => ({ start, end }))
}

export type SourceState = { label: string; goodAt: string | null; lastError: string | null; stale: boolean; read?: boolean }

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
    return { label: source.label, goodAt, lastError: row?.lastError ?? (row ? null : 'endnu ikke læst'), stale, read: row !== undefined }
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
