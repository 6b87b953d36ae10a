import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { insertPost, temporaryDatabase } from '../helpers'
import { captureLogLines } from '../log-capture'
import { TEST_FILE } from './booking-helpers'

// The server's background jobs with their defaults (the database of DATABASE_URL, the outbox as
// mail, the availability file of BOOKING_FILE), loaded afresh with the log on. The intervals and
// the clock are faked; the log is read from the streams it writes to. The modules are loaded once,
// before the tests, with the log on and the calendars' interval at its default (both are read at
// load); the rest of the environment is read at each call. (Loaded inside a test, their load-time
// code would count as that test's alone, and Stryker would try its mutants against these tests only.)

type Jobs = typeof import('~/server/jobs.server')
export type LogLine = Record<string, unknown> & { msg: string; level: string }

/**
 * Registers the hooks of a test file of the background jobs; the file's tests use what it returns.
 * `jobs`, `dir` and `databaseFile` are set by the hooks: read them from the object, never destructured.
 */
export function backgroundJobsHarness(now: Date) {
  const jobsTest = {
    jobs: undefined as unknown as Jobs,
    dir: '',
    databaseFile: '',
    lines: [] as LogLine[],
    /** The environment a test runs in, on top of the defaults a server meets. */
    useEnvironment(env: Record<string, string | undefined> = {}) {
      // No calendar of the developer's shell: a test names the ones it serves.
      const defaults = { LOG_LEVEL: 'info', BACKGROUND_JOBS: 'on', NODE_ENV: 'test', RESEND_API_KEY: undefined, BUSY_CALENDAR_URLS: undefined, CALDAV_URL: undefined }
      for (const [name, value] of Object.entries({ ...defaults, ...env })) vi.stubEnv(name, value)
    },
    withDatabase<T>(use: (db: Db) => T): T {
      const db = openDatabase(jobsTest.databaseFile)
      try {
        return use(db)
      } finally {
        db.$client.close()
      }
    },
    logged: (msg: string) => jobsTest.lines.filter((line) => line.msg === msg),
    /** Waits (in real time, briefly) for the jobs' asynchronous work to write a line. */
    async until(msg: string, count = 1) {
      for (let waited = 0; jobsTest.logged(msg).length < count && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10))
      return jobsTest.logged(msg)
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, 150)),
  }
  let closeDb: () => void

  beforeAll(async () => {
    vi.stubEnv('LOG_LEVEL', 'info')
    vi.stubEnv('BUSY_REFRESH_SECONDS', undefined)
    vi.resetModules()
    jobsTest.jobs = await import('~/server/jobs.server')
    closeDb = (await import('#db/connection')).closeDb
    vi.unstubAllEnvs()
  }, 60_000)
  afterAll(() => {
    vi.resetModules()
  })

  beforeEach(() => {
    const temporary = temporaryDatabase()
    jobsTest.dir = temporary.dir
    jobsTest.databaseFile = join(temporary.dir, 'site.db')
    insertPost(temporary.db, 'en-artikel', 'stress', '2024-05-01')
    temporary.db.$client.close()
    writeFileSync(join(temporary.dir, 'booking.yaml'), TEST_FILE)
    vi.stubEnv('DATABASE_URL', jobsTest.databaseFile)
    vi.stubEnv('BOOKING_FILE', join(temporary.dir, 'booking.yaml'))
    vi.stubEnv('MAIL_OUTBOX_DIR', join(temporary.dir, 'udbakke'))
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(now)
    captureLogLines(jobsTest.lines)
  })
  afterEach(async () => {
    jobsTest.jobs?.stopBackgroundJobs()
    // A run a timer started may still be under way: it ends before the next test changes the environment.
    await jobsTest.settle()
    closeDb?.()
    vi.restoreAllMocks()
    vi.useRealTimers()
    vi.unstubAllEnvs()
  })
  return jobsTest
}
