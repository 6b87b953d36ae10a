import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    alias: { '~': fromRoot('./app'), '#content': fromRoot('./content'), '#db': fromRoot('./db') },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    env: { LOG_LEVEL: 'silent', BACKGROUND_JOBS: 'off', MAIL_OUTBOX_DIR: join(tmpdir(), 'coach-test-outbox'), BOOKING_LINK_SECRET: 'vitest-booking-link-secret' },
  },
})
