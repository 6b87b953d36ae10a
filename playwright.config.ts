import { existsSync } from 'node:fs'
import { chromium, defineConfig, devices } from '@playwright/test'

const PORT = 3210
export const E2E_DATA_DIR = 'data/e2e'

/** Playwright's own Chromium where it is installed, otherwise Debian's. */
const executablePath = existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium'

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath,
      // The closed network here otherwise floods Chromium with refused background connections.
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production build on a fresh database, as a visitor would meet it.
    command: `rm -rf ${E2E_DATA_DIR} && npm run build && node server.ts`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `${E2E_DATA_DIR}/site.db`,
      MAIL_OUTBOX_DIR: `${E2E_DATA_DIR}/outbox`,
      CONTACT_RATE_LIMIT: '1000',
      SITE_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'silent',
    },
  },
})
