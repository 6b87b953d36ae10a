import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Db } from '#db/database'
import { closeDb, getDb } from '#db/connection'
import { checkCoachAlerts, coachAlertHandler, openProblems } from '~/server/alerts/coach-alerts.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { refreshBusySources } from '~/server/calendar/busy-sources.server'
import { healthResponse } from '~/server/http/health.server'
import { runOutbox } from '~/server/outbox/worker.server'
import { googleLikeFeed } from '../../scripts/lib/busy-feed-fixture'
import { startFeedServer } from '../calendar-servers'
import { loadedAfresh, temporaryDatabase } from '../helpers'
import { effectsOf, insertCalendarWrite, setEffects } from '../outbox-rows'
import { NOW, TEST_FILE, memoryTransport } from './booking-helpers'

// What the coach is told without asking (item 5 of issue 45): one e-mail when a problem starts and
// one when it is over, queued through the outbox, remembered in the database across restarts, a
// line on the desk, and /healthz saying `degraded` while any is open.

const COACH = 'coach-alarm@eksempel.dk'
let bookingFile: string
beforeEach(() => {
  const dir = mkdtempSync(join(tmpdir(), 'coach-alerts-'))
  bookingFile = join(dir, 'booking.yaml')
  writeFileSync(bookingFile, TEST_FILE)
  vi.stubEnv('BOOKING_FILE', bookingFile)
  vi.stubEnv('COACH_EMAIL', COACH)
  vi.stubEnv('CONTACT_TO', 'kopier@eksempel.dk')
  vi.stubEnv('BUSY_CALENDAR_URLS', '')
  vi.stubEnv('CALDAV_URL', '')
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
})
afterEach(() => vi.unstubAllEnvs())

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000)

async function deliver(db: Db, transport = memoryTransport(), clock = () => minutes(24 * 60)) {
  await runOutbox({ db, handlers: { 'coach-alert': coachAlertHandler(transport) }, clock })
  return transport
}

describe('a calendar that closes booking', () => {
  it('gives one e-mail when booking closes and one when it opens again, to COACH_EMAIL, and none again after a restart', async () => {
    const feed = await startFeedServer(googleLikeFeed(5))
    onTestFinished(() => feed.stop())
    vi.stubEnv('BUSY_CALENDAR_URLS', feed.url)
    const { db } = temporaryDatabase()
    const refresh = (at: Date) => refreshBusySources({ db, now: at, windowMinutes: 28 * 1440 })

    // Before the first reading: closed, but nothing of hers has failed yet.
    expect(checkCoachAlerts(db, NOW)).toEqual({ started: [], ended: [] })
    await refresh(NOW)
    expect(bookableAvailability(db, NOW)).toBeDefined()
    feed.mode = 'fail'
    await refresh(minutes(60))
    // Failing, but the last good copy is younger than kalender_max_alder (3 hours): nothing to tell.
    expect(checkCoachAlerts(db, minutes(60))).toEqual({ started: [], ended: [] })
    await refresh(minutes(181))
    expect(bookableAvailability(db, minutes(181))).toBeUndefined()
    expect(checkCoachAlerts(db, minutes(181))).toEqual({ started: ['kalender-lukker-booking'], ended: [] })
    // The next checks, also by a server started afresh (a restart, or the other worker), repeat nothing.
    expect(checkCoachAlerts(db, minutes(186))).toEqual({ started: [], ended: [] })
    const afresh = await loadedAfresh<typeof import('~/server/alerts/coach-alerts.server')>('~/server/alerts/coach-alerts.server')
    expect(afresh.checkCoachAlerts(db, minutes(191))).toEqual({ started: [], ended: [] })
    expect(openProblems(db)).toEqual([{ id: 'kalender-lukker-booking', since: minutes(181).toISOString() }])

    feed.mode = 'ok'
    await refresh(minutes(240))
    expect(checkCoachAlerts(db, minutes(240))).toEqual({ started: [], ended: ['kalender-lukker-booking'] })
    expect(checkCoachAlerts(db, minutes(245))).toEqual({ started: [], ended: [] })
    expect(openProblems(db)).toEqual([])

    const transport = await deliver(db)
    expect(transport.sent.map((email) => [email.to, email.subject])).toEqual([
      [COACH, expect.stringMatching(/^Bookingen er lukket: en af dine kalendere kan ikke læses – /)],
      [COACH, expect.stringMatching(/^Bookingen er åben igen – /)],
    ])
    const [closed, opened] = transport.sent.map((email) => email.text.replace(/\s+/g, ' '))
    expect(closed).toContain('fra fredag 10. april kl. 14.01 tilbyder den ingen tider')
    expect(closed).toContain('kalender 1 i BUSY_CALENDAR_URLS (127.0.0.1:')
    expect(closed).toContain('sidst læst fredag 10. april kl. 11.00 (svarede 500)')
    expect(closed).toContain('Du får en e-mail mere, når det er i orden igen.')
    // Her secret address is never in an e-mail either.
    expect(closed).not.toContain(feed.secret)
    expect(opened).toContain('Bookingen var lukket fra fredag 10. april kl. 14.01 til fredag 10. april kl. 15.00.')
    // Delivered once: a second run sends nothing more.
    expect((await deliver(db)).sent).toEqual([])
  })

  // As an .env file gives it: a line `COACH_EMAIL=`, one with only spaces, or none at all.
  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['unset', undefined],
  ])('goes to CONTACT_TO when COACH_EMAIL is %s', async (_case, value) => {
    vi.stubEnv('COACH_EMAIL', value)
    const { db } = temporaryDatabase()
    writeFileSync(bookingFile, `${TEST_FILE}varighed: x\n`)
    checkCoachAlerts(db, NOW)
    expect((await deliver(db)).sent.map((email) => email.to)).toEqual(['kopier@eksempel.dk'])
  })
})

describe('a calendar write that gives up', () => {
  it('is told once when the outbox gives it up, and once when it has gone out after all', async () => {
    const { db } = temporaryDatabase()
    insertCalendarWrite(db, 'abc@www.eksempel.dk', 'put', { createdAt: NOW.toISOString(), status: 'pending', attempts: 9, lastError: 'kunne ikke forbinde (ECONNREFUSED)' })
    expect(checkCoachAlerts(db, NOW).started).toEqual([])
    setEffects(db, 'calendar-write', { status: 'failed', attempts: 10 })
    expect(checkCoachAlerts(db, minutes(1)).started).toEqual(['kalender-skrivning-opgivet'])
    expect(checkCoachAlerts(db, minutes(2)).started).toEqual([])
    const started = (await deliver(db)).sent
    expect(started.map((email) => email.subject)).toEqual([expect.stringMatching(/^En booking kunne ikke skrives i din kalender – /)])
    expect(started[0]!.text.replace(/\s+/g, ' ')).toContain('1 ændring venter. Sidste fejl: kunne ikke forbinde (ECONNREFUSED)')
    // »Prøv igen nu« on the desk, and the write goes out.
    setEffects(db, 'calendar-write', { status: 'sent', attempts: 1, lastError: null })
    expect(checkCoachAlerts(db, minutes(3)).ended).toEqual(['kalender-skrivning-opgivet'])
    expect(effectsOf(db, 'coach-alert').map((row) => row.idempotencyKey)).toEqual([
      `alarm-kalender-skrivning-opgivet-${minutes(1).toISOString()}-start`,
      `alarm-kalender-skrivning-opgivet-${minutes(1).toISOString()}-slut`,
    ])
  })
})

describe('a broken booking.yaml', () => {
  it('is told once with its line while the last good rules are in force, and once when it is fixed', async () => {
    const { db } = temporaryDatabase()
    expect(checkCoachAlerts(db, NOW).started).toEqual([])
    writeFileSync(bookingFile, TEST_FILE.replace('varighed: 30', 'varighed: tredive'))
    expect(checkCoachAlerts(db, minutes(1)).started).toEqual(['booking-yaml-fejl'])
    const text = (await deliver(db)).sent[0]!.text.replace(/\s+/g, ' ')
    expect(text).toContain('Siden bruger de sidste gyldige regler, indtil fejlen er rettet')
    expect(text).toMatch(/Fejlen: linje 1: /)
    writeFileSync(bookingFile, TEST_FILE)
    expect(checkCoachAlerts(db, minutes(2)).ended).toEqual(['booking-yaml-fejl'])
  })
})

describe('/healthz while a problem is open', () => {
  it('says degraded with a count, and ok again once it is over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coach-alerts-health-'))
    vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
    onTestFinished(() => {
      closeDb()
      rmSync(dir, { recursive: true, force: true })
    })
    const read = async () => (await healthResponse().json()) as Record<string, unknown>
    const db = getDb()
    return (async () => {
      expect(await read()).toEqual({ status: 'ok' })
      writeFileSync(bookingFile, `${TEST_FILE}ukendt_noegle: 1\n`)
      checkCoachAlerts(db, NOW)
      const degraded = healthResponse()
      expect(degraded.status).toBe(200)
      expect(await degraded.json()).toEqual({ status: 'degraded', problems: 1 })
      writeFileSync(bookingFile, TEST_FILE)
      checkCoachAlerts(db, minutes(1))
      expect(await read()).toEqual({ status: 'ok' })
    })()
  })
})
