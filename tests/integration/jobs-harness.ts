import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { type Db, openDatabase } from '#db/connection'
import { insertPost, temporaryDatabase } from '../helpers'
import { captureLogLines } from '../log-capture'
import { TEST_FILE } from './booking-helpers'

// The server's background jobs with their defaults (the database of DATABASE_URL, the outbox as
// mail, the availability file of BOOKING_FILE), loaded afresh with the log on. The intervals and
// the clock are faked; the log is read from the streams it writes to. The modules are loaded once,
// before the tests: only the log's switch is read at load, the rest of the environment at each
// call. (Loaded inside a test, their load-time code would count as that test's alone, and Stryker
// would try its mutants against these tests only.)

type Jobs = typeof import('~/server/jobs.server')
export type LogLine = Record<string, unknown> & { msg: string; level: string }

/** Registers the hooks of a test file of the background jobs; the file's tests use what it returns. */
export function backgroundJobsHarness(now: Date) {
  const harness = {
    jobs: undefined as unknown as Jobs,
    dir: '',
    databaseFile: '',
    lines: [] as LogLine[],
    /** The environment a test runs in, on top of the defaults a server meets. */
    useEnvironment(env: Record<string, string | undefined> = {}) {
      for (const [name, value] of Object.entries({ LOG_LEVEL: 'info', BACKGROUND_JOBS: 'on', NODE_ENV: 'test', RESEND_API_KEY: undefined, ...env })) vi.stubEnv(name, value)
    },
    withDatabase<T>(use: (db: Db) => T): T {
      const db = openDatabase(harness.databaseFile)
      try {
        return use(db)
      } finally {
        db.$client.close()
      }
    },
    logged: (msg: string) => harness.lines.filter((line) => line.msg === msg),
    /** Waits (in real time, briefly) for the jobs' asynchronous work to write a line. */
    async until(msg: string, count = 1) {
      for (let waited = 0; harness.logged(msg).length < count && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10))
      return harness.logged(msg)
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, 150)),
  }
  let closeDb: () => void

  beforeAll(async () => {
    vi.stubEnv('LOG_LEVEL', 'info')
    vi.resetModules()
    harness.jobs = await import('~/server/jobs.server')
    closeDb = (await import('#db/connection')).closeDb
    vi.unstubAllEnvs()
  }, 60_000)
  afterAll(() => {
    vi.resetModules()
  })

  beforeEach(() => {
    const temporary = temporaryDatabase()
    harness.dir = temporary.dir
    harness.databaseFile = join(temporary.dir, 'site.db')
    insertPost(temporary.db, 'en-artikel', 'stress', '2024-05-01')
    temporary.db.$client.close()
    writeFileSync(join(temporary.dir, 'booking.yaml'), TEST_FILE)
    vi.stubEnv('DATABASE_URL', harness.databaseFile)
    vi.stubEnv('BOOKING_FILE', join(temporary.dir, 'booking.yaml'))
    vi.stubEnv('MAIL_OUTBOX_DIR', join(temporary.dir, 'udbakke'))
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(now)
    captureLogLines(harness.lines)
  })
  afterEach(async () => {
    harness.jobs?.stopBackgroundJobs()
    // A run a timer started may still be under way: it ends before the next test changes the environment.
    await harness.settle()
    closeDb?.()
    vi.restoreAllMocks()
    vi.useRealTimers()
    vi.unstubAllEnvs()
  })
  return harness
}
