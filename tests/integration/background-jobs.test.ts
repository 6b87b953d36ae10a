import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { contactMessages, newsletterSubscribers, outbox } from '#db/schema'
import { queueEffects } from '~/server/outbox/outbox.server'
import { HEARTBEAT, readState } from '~/server/app-state.server'
import { createBooking } from '~/server/booking/bookings.server'
import { insertPost } from '../helpers'
import { setEffects } from '../outbox-rows'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'
import { backgroundJobsHarness } from './jobs-harness'

// The background jobs' e-mails and purges, at their defaults (tests/integration/jobs-harness.ts).

// The launch check as it is, unless a test says what it finds (the shipped content always has placeholders).
const launch = vi.hoisted(() => ({ placeholders: undefined as Array<{ what: string; where: string }> | undefined }))
vi.mock('~/server/launch-check.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/server/launch-check.server')>()
  return { ...actual, currentLaunchPlaceholders: () => launch.placeholders ?? actual.currentLaunchPlaceholders() }
})

const jobsTest = backgroundJobsHarness(NOW)
const { useEnvironment, withDatabase, logged, until, settle } = jobsTest

/** A stored message whose e-mails wait in the outbox, as the contact form leaves it. */
function contactMessage(db: Db, createdAt: string, publicId: string) {
  const { id } = db
    .insert(contactMessages)
    .values({ createdAt, firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '', serviceType: 'parcoaching', address: '', message: 'Hej.', ipHash: 'hash', publicId })
    .returning()
    .get()
  queueEffects(db, [{ kind: 'contact-email', contactMessageId: id, idempotencyKey: `kontakt-${publicId}` }], new Date(createdAt))
}

describe('the background jobs', () => {
  it('at start delete what is past retention and send what waits, and say so in the log', async () => {
    withDatabase((db) => {
      // 365 days for contact messages: one from 2025-01-01 goes, one from an hour ago is sent.
      contactMessage(db, '2025-01-01T10:00:00.000Z', 'gammel')
      contactMessage(db, '2026-04-10T08:00:00.000Z', 'ny')
      // A booking of June 2025 (90 days after it ended it goes) whose e-mails went long ago …
      const old = createBooking(db, { availability: testAvailability(), date: '2025-06-16', time: '10:00', details: details('gammel@eksempel.dk'), ipHash: 'a', now: new Date('2025-06-10T09:00:00Z') })
      if (old.status !== 'booket') throw new Error(old.status)
      setEffects(db, 'booking-email', { status: 'sent' })
      mkdirSync(join(jobsTest.dir, 'udbakke'))
      writeFileSync(join(jobsTest.dir, 'udbakke', `booking-${old.booking.publicId}-bekraeftelse-0-gaest.json`), '{}')
      // … and one for Monday whose two confirmations wait.
      expect(createBooking(db, { availability: testAvailability(), date: MONDAY, time: '10:00', details: details(), ipHash: 'b', now: NOW }).status).toBe('booket')
      // A newsletter sign-up never confirmed goes after three days.
      db.insert(newsletterSubscribers)
        .values({ publicId: 'ubekraeftet', email: 'ole@eksempel.dk', emailKey: 'ole@eksempel.dk', createdAt: '2026-04-01T00:00:00.000Z', confirmedAt: null, unsubscribeTokenHash: 'u', ipHash: 'i' })
        .run()
    })
    useEnvironment()
    jobsTest.jobs.startBackgroundJobs()
    expect(vi.getTimerCount()).toBe(2)

    expect((await until('old contact messages deleted'))[0]).toMatchObject({ level: 'info', messages: 1, outboxFiles: 0 })
    expect((await until('unconfirmed newsletter sign-ups deleted'))[0]).toMatchObject({ level: 'info', unconfirmed: 1, outboxFiles: 0 })
    expect((await until('old bookings deleted'))[0]).toMatchObject({ level: 'info', bookings: 1, outboxFiles: 1 })
    // The new message's two e-mails and Monday's two confirmations; the calendar writes are skipped (no CalDAV here).
    expect((await until('outbox run'))[0]).toMatchObject({ level: 'info', tried: 3, delivered: 3, failed: 0 })
    await settle()
    expect(jobsTest.lines.filter((line) => line.level !== 'info')).toEqual([])
  })

  it('announce an article whose date has come to the confirmed subscribers, once, and send the notice', async () => {
    withDatabase((db) => {
      db.insert(newsletterSubscribers)
        .values({ publicId: 'laeser', email: 'anne@eksempel.dk', emailKey: 'anne@eksempel.dk', createdAt: '2026-01-01T00:00:00.000Z', confirmedAt: '2026-01-01T00:00:00.000Z', unsubscribeTokenHash: 'u', ipHash: 'i' })
        .run()
      // en-artikel (2024) was out before anyone signed up: the seed announced it to nobody.
      db.$client.prepare("INSERT INTO newsletter_announced_articles VALUES ('en-artikel', '2024-05-01T00:00:00.000Z')").run()
      insertPost(db, 'kommer-nu', 'stress', new Date(NOW.getTime() - 60_000).toISOString())
      insertPost(db, 'kommer-senere', 'stress', new Date(NOW.getTime() + 24 * 60 * 60 * 1000).toISOString())
    })
    useEnvironment()
    jobsTest.jobs.startBackgroundJobs()
    expect((await until('new articles announced'))[0]).toMatchObject({ level: 'info', articles: ['kommer-nu'], queued: 1 })
    expect((await until('outbox run'))[0]).toMatchObject({ tried: 1, delivered: 1, failed: 0 })
    await settle()
    expect(jobsTest.lines.filter((line) => line.level !== 'info')).toEqual([])
  })

  it('tell the coach once when booking.yaml is broken: the alert is queued and sent in the same run, and not again in the next', async () => {
    const broken = join(jobsTest.dir, 'booking.yaml')
    writeFileSync(broken, 'aabningstider:\n  mandag: [9.00–\n')
    useEnvironment({ BOOKING_FILE: broken, COACH_EMAIL: 'coach@eksempel.dk' })
    jobsTest.jobs.startBackgroundJobs()
    expect((await until('outbox run'))[0]).toMatchObject({ tried: 1, delivered: 1 })
    const alerts = () => jobsTest.withDatabase((db) => db.select({ key: outbox.idempotencyKey, status: outbox.status }).from(outbox).where(eq(outbox.kind, 'coach-alert')).all())
    expect(alerts()).toEqual([{ key: expect.stringContaining('booking-yaml-fejl'), status: 'sent' }])
    // The next run (its heartbeat) finds the problem still open and queues nothing.
    const heartbeat = () => jobsTest.withDatabase((db) => readState(db, HEARTBEAT)?.value)
    const first = heartbeat()
    // A minute on at each poll: a tick while the first run is still finishing (it logs before its
    // last step) is skipped, as in production, and a later one runs.
    await vi.waitFor(() => {
      vi.advanceTimersByTime(60_000)
      expect(heartbeat()).not.toBe(first)
    })
    await settle()
    expect(alerts()).toHaveLength(1)
  })

  it('start once: a second start adds no timers, and nothing is logged when there was nothing to do', async () => {
    useEnvironment()
    jobsTest.jobs.startBackgroundJobs()
    jobsTest.jobs.startBackgroundJobs()
    expect(vi.getTimerCount()).toBe(2)
    await settle()
    expect(jobsTest.lines).toEqual([])
    jobsTest.jobs.stopBackgroundJobs()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('try again every minute and delete every six hours', async () => {
    useEnvironment()
    const every = vi.spyOn(globalThis, 'setInterval')
    jobsTest.jobs.startBackgroundJobs()
    expect(every.mock.calls.map(([, ms]) => ms)).toEqual([60_000, 6 * 60 * 60 * 1000])
    await settle()
    withDatabase((db) => contactMessage(db, '2026-04-10T08:59:00.000Z', 'venter'))
    vi.advanceTimersToNextTimer()
    expect(Date.now() - NOW.getTime()).toBe(60_000)
    expect((await until('outbox run'))[0]).toMatchObject({ tried: 1, delivered: 1 })

    // Six hours after the start, one more contact message (from 2025-04-09, the clock now later) is past its year.
    withDatabase((db) => contactMessage(db, '2025-04-09T12:00:00.000Z', 'udloebet'))
    vi.advanceTimersByTime(6 * 60 * 60 * 1000 - 60_000)
    expect((await until('old contact messages deleted'))[0]).toMatchObject({ messages: 1 })
  })

  it('log each job that fails as an error with its cause, and run it again the next time', async () => {
    // DATABASE_URL below a plain file: the database cannot be opened.
    writeFileSync(join(jobsTest.dir, 'fil'), 'ikke en mappe')
    const unopenable = join(jobsTest.dir, 'fil', 'site.db')
    useEnvironment({ DATABASE_URL: unopenable })
    jobsTest.jobs.startBackgroundJobs()
    for (const msg of ['outbox run failed', 'contact purge failed', 'newsletter purge failed', 'booking purge failed']) {
      const [line] = await until(msg)
      expect(line, msg).toMatchObject({ level: 'error' })
      expect(line!.error, msg).toBe(`EEXIST: file already exists, mkdir '${join(jobsTest.dir, 'fil')}'`)
    }
    vi.advanceTimersToNextTimer()
    expect(await until('outbox run failed', 2)).toHaveLength(2)
  })

  it('never keep the process alive by themselves', async () => {
    useEnvironment()
    vi.useRealTimers()
    const every = vi.spyOn(globalThis, 'setInterval')
    jobsTest.jobs.startBackgroundJobs()
    const timers = every.mock.results.map((result) => result.value as NodeJS.Timeout)
    expect(timers).toHaveLength(2)
    expect(timers.map((timer) => timer.hasRef())).toEqual([false, false])
  })

  it('do not run when BACKGROUND_JOBS is off', async () => {
    useEnvironment({ BACKGROUND_JOBS: 'off' })
    withDatabase((db) => contactMessage(db, '2026-04-10T08:00:00.000Z', 'ny'))
    jobsTest.jobs.startBackgroundJobs()
    expect(vi.getTimerCount()).toBe(0)
    await settle()
    expect(jobsTest.lines).toEqual([])
  })

  it('in production, name what still has to be replaced before launch in one warning', async () => {
    useEnvironment({ NODE_ENV: 'production', RESEND_API_KEY: undefined })
    jobsTest.jobs.startBackgroundJobs()
    const [warning] = logged('not ready for launch: placeholders remain (npm run check:launch lists them)')
    expect(warning?.level).toBe('warn')
    expect(warning?.placeholders).toContain('RESEND_API_KEY er ikke sat – uden den når e-mails ikke frem, de lægges kun i udbakke-mappen (miljøvariabler på serveren)')
  })

  it('in production, say nothing about the launch once nothing is left to replace', async () => {
    launch.placeholders = []
    onTestFinished(() => void (launch.placeholders = undefined))
    useEnvironment({ NODE_ENV: 'production' })
    jobsTest.jobs.startBackgroundJobs()
    await settle()
    expect(jobsTest.lines).toEqual([])
  })

  it('log a purge that deletes an old message together with its e-mail in the outbox', async () => {
    withDatabase((db) => contactMessage(db, '2025-01-01T10:00:00.000Z', 'gammel'))
    mkdirSync(join(jobsTest.dir, 'udbakke'))
    const email = join(jobsTest.dir, 'udbakke', 'contact-gammel-notification.json')
    writeFileSync(email, '{}')
    utimesSync(email, new Date('2025-01-01T10:00:05Z'), new Date('2025-01-01T10:00:05Z'))
    useEnvironment()
    jobsTest.jobs.startBackgroundJobs()
    expect((await until('old contact messages deleted'))[0]).toMatchObject({ level: 'info', messages: 1, outboxFiles: 1 })
  })

  it('never start a run while the one before is still sending: a hanging send holds back the next message', async () => {
    withDatabase((db) => {
      contactMessage(db, '2026-04-10T08:00:00.000Z', 'foerste')
      contactMessage(db, '2026-04-10T08:01:00.000Z', 'anden')
    })
    // Resend's API, whose first answer does not come until the test lets it.
    const keys: string[] = []
    let arrived!: () => void
    let answer!: () => void
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve))
    const firstAnswered = new Promise<void>((resolve) => (answer = resolve))
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '')
      if (keys.length === 1) {
        arrived()
        await firstAnswered
      }
      return new Response(JSON.stringify({ id: `e-${keys.length}` }), { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
    onTestFinished(() => {
      answer()
      vi.unstubAllGlobals()
    })
    useEnvironment({ RESEND_API_KEY: 're_test_jobs' })
    jobsTest.jobs.startBackgroundJobs()
    await firstArrived
    vi.advanceTimersByTime(60_000)
    await settle()
    expect(keys).toEqual(['contact-foerste-notification'])
    const statusOf = () => {
      const db = openDatabase(jobsTest.databaseFile)
      const rows = db
        .select({ publicId: contactMessages.publicId, status: outbox.status })
        .from(contactMessages)
        .innerJoin(outbox, eq(outbox.contactMessageId, contactMessages.id))
        .orderBy(contactMessages.id)
        .all()
      db.$client.close()
      return rows
    }
    expect(statusOf()).toEqual([
      { publicId: 'foerste', status: 'sending' },
      { publicId: 'anden', status: 'pending' },
    ])

    answer()
    expect((await until('outbox run'))[0]).toMatchObject({ tried: 2, delivered: 2, failed: 0 })
    expect(keys).toEqual(['contact-foerste-notification', 'contact-foerste-confirmation', 'contact-anden-notification', 'contact-anden-confirmation'])
    expect(statusOf().map((row) => row.status)).toEqual(['sent', 'sent'])
  })
})
