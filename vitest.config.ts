import { readFileSync, readdirSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export const TEST_FILES = ['tests/**/*.test.ts', 'tests/**/*.test.tsx']

/**
 * What makes a test file change state another file would see if the two shared one module graph:
 * replaced modules or a reset module registry, stubbed globals, fake clocks and timers, spies,
 * listeners on the process, a changed working directory or environment. (Environment variables
 * stubbed with vi.stubEnv are fine when the file restores them, below; a module loaded afresh,
 * `loadedAfresh` in tests/helpers.ts, is a new instance of its own and changes no other.)
 */
const CHANGES_SHARED_STATE = /vi\.(mock|doMock|unmock|stubGlobal|useFakeTimers|setSystemTime|spyOn|resetModules)\b|process\.(on|once|chdir)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\./
const changesSharedState = (source: string) => CHANGES_SHARED_STATE.test(source) || (source.includes('vi.stubEnv') && !source.includes('vi.unstubAllEnvs'))

/**
 * The test files that change none of it. Most of a test file's time was loading the app's modules
 * (React, the router, the server code) again in a fresh worker; these files share one module graph
 * per worker instead (`isolate: false`), each module loaded once. A file that starts doing any of
 * the above moves to the isolated project by itself.
 */
const sharedGraphFiles = readdirSync(fromRoot('./tests'), { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.test\.tsx?$/.test(path))
  .map((path) => `tests/${path}`)
  .filter((path) => !changesSharedState(readFileSync(fromRoot(`./${path}`), 'utf8')))

export default defineConfig({
  resolve: {
    alias: { '~': fromRoot('./app'), '#content': fromRoot('./content'), '#db': fromRoot('./db') },
  },
  test: {
    // Vitest keeps a core for itself by default: one worker on a two-core machine. Its own share of
    // the run is small (transforming is about 2 %), and most of a file's time is loading the app's
    // modules, so every core runs test files. (Stryker sets its own single worker.)
    maxWorkers: availableParallelism(),
    environment: 'node',
    // CONTENT_DIR and BOOKING_FILE: the tests read copies of the shipped content and availability
    // (tests/fixtures/content, tests/fixtures/facts/booking.yaml), never the coach's own files.
    env: { CONTENT_DIR: fromRoot('./tests/fixtures/content'), BOOKING_FILE: fromRoot('./tests/fixtures/facts/booking.yaml'), CONTENT_RECHECK_MS: '0', LOG_LEVEL: 'silent', BACKGROUND_JOBS: 'off', MAIL_OUTBOX_DIR: join(tmpdir(), 'coach-test-outbox'), BOOKING_LINK_SECRET: 'vitest-booking-link-secret' },
    projects: [
      { extends: true, test: { name: 'shared', include: sharedGraphFiles, isolate: false } },
      { extends: true, test: { name: 'isolated', include: TEST_FILES, exclude: sharedGraphFiles } },
    ],
  },
})
