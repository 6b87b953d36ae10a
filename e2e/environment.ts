import { execFileSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * Where the end-to-end suite runs: a free port and a folder of its own per run (E2E_PORT may
 * choose the port), so it passes beside other servers and other runs. Chosen once, in the process
 * that reads playwright.config.ts; the workers inherit the same values through the environment.
 */
function freePort() {
  const probe = "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim()
}

process.env.E2E_PORT ||= freePort()
process.env.E2E_DATA_DIR ||= join(tmpdir(), `coach-e2e-${process.env.E2E_PORT}`)

export const PORT = Number(process.env.E2E_PORT)
export const BASE_URL = `http://localhost:${PORT}`
export const DATA_DIR = process.env.E2E_DATA_DIR
export const DATABASE_FILE = join(DATA_DIR, 'site.db')
export const OUTBOX = join(DATA_DIR, 'outbox')
/** The server's JSON log lines; a failing test shows the ones written while it ran. */
export const SERVER_LOG = join(DATA_DIR, 'server.log')

/**
 * What the shared server (and every instance, which inherits the environment) reads as the coach's
 * files: copies of the shipped ones, never her own content/, so a new, changed or renamed article,
 * a real phone number or new prices of hers change no test. The process that reads
 * playwright.config.ts makes the folder once per run: her facts (tests/fixtures/content, CONTENT_DIR),
 * the availability (tests/fixtures/facts/booking.yaml, BOOKING_FILE) and the articles
 * (tests/fixtures/blog and the end-to-end tests' own tests/fixtures/e2e-blog, BLOG_DIR). One article
 * there (fixtur-gaaturen-foer-morgenmaden) is in no other folder: e2e/fixture-blog.spec.ts looks
 * for it. The facts in content/*.ts and the portrait are built into the site and still the project's.
 */
export const CONTENT_DIR = join(tmpdir(), `coach-e2e-${PORT}-content`)
export const BLOG_DIR = join(CONTENT_DIR, 'blog')
export const BOOKING_FILE = join(CONTENT_DIR, 'booking.yaml')
export const FIXTURE_BLOG_DIRS = ['tests/fixtures/blog', 'tests/fixtures/e2e-blog'].map((dir) => resolve(dir))
Object.assign(process.env, { CONTENT_DIR, BLOG_DIR, BOOKING_FILE })
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_CONTENT_READY) {
  rmSync(CONTENT_DIR, { recursive: true, force: true })
  cpSync(resolve('tests/fixtures/content'), CONTENT_DIR, { recursive: true })
  cpSync(resolve('tests/fixtures/facts/booking.yaml'), BOOKING_FILE)
  for (const dir of FIXTURE_BLOG_DIRS) cpSync(dir, BLOG_DIR, { recursive: true })
  process.env.E2E_CONTENT_READY = '1'
}
