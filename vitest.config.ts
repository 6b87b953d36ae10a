import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    alias: { '~': fromRoot('./app'), '#content': fromRoot('./content'), '#db': fromRoot('./db') },
  },
  test: {
    // Vitest keeps a core for itself by default: one worker on a two-core machine. Its own share of
    // the run is small (transforming is about 2 %), and most of a file's time is loading the app's
    // modules, so every core runs test files. (Stryker sets its own single worker.)
    maxWorkers: availableParallelism(),
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    // CONTENT_DIR: the tests read a copy of the shipped content (tests/fixtures/content), never the coach's own files.
    env: { CONTENT_DIR: fromRoot('./tests/fixtures/content'), CONTENT_RECHECK_MS: '0', LOG_LEVEL: 'silent', BACKGROUND_JOBS: 'off', MAIL_OUTBOX_DIR: join(tmpdir(), 'coach-test-outbox'), BOOKING_LINK_SECRET: 'vitest-booking-link-secret' },
  },
})
