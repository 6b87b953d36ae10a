import { existsSync } from 'node:fs'
import { chromium, defineConfig, devices } from '@playwright/test'
import { BASE_URL, BLOG_DIR, BOOKING_FILE, CONTENT_DIR, DATABASE_FILE, DATA_DIR, OUTBOX, PORT, SERVER_LOG } from './e2e/environment'

/** Playwright's own Chromium where it is installed, otherwise Debian's. */
const executablePath = existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium'

if (!process.env.TEST_WORKER_INDEX) console.log(`End-to-end: ${BASE_URL} · database ${DATABASE_FILE} · outbox ${OUTBOX} · server log ${SERVER_LOG}`)

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Three spec files at a time against the one shared server (a spec's tests run in order): every
  // spec keeps its data apart (its own e-mail addresses, its own server for other settings). A spec
  // waits on its servers and the browser much of the time, so a third keeps both cores busy: 197
  // tests in 4.4 min against 5.3 with two (7 December 2026). E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // No retries, in CI or anywhere: a flaky test is a bug to fix, not to paper over.
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath,
      // The closed network here otherwise floods Chromium with refused background connections.
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production build on a fresh database, as a visitor would meet it. The server's log goes
    // to a file: the test output shows tests, and a failing test shows the lines it caused.
    command: `rm -rf "${DATA_DIR}" && mkdir -p "${DATA_DIR}" && npm run build >/dev/null && exec node server.ts >> "${SERVER_LOG}" 2>&1`,
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: DATABASE_FILE,
      MAIL_OUTBOX_DIR: OUTBOX,
      // The default limit (5 per 15 minutes) has its own test with two senders (sender-limit.spec.ts).
      CONTACT_RATE_LIMIT: '1000',
      SITE_URL: BASE_URL,
      // A copy of the fixture content (e2e/environment.ts), never the coach's own files: her facts,
      // the availability, and the articles the fresh database is seeded from.
      CONTENT_DIR,
      BOOKING_FILE,
      BLOG_DIR,
    },
  },
})
