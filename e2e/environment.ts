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
 * The articles the shared server (and every instance that seeds on first start) shows: the shipped
 * articles (tests/fixtures/blog) and the end-to-end tests' own (tests/fixtures/e2e-blog), copied
 * into a folder of the run's own by the process that reads playwright.config.ts; never the coach's
 * content/blog, so a new, changed or renamed article of hers changes no test. One article there
 * (fixtur-gaaturen-foer-morgenmaden) is in no other folder: e2e/fixture-blog.spec.ts looks for it.
 */
export const BLOG_DIR = join(tmpdir(), `coach-e2e-${PORT}-blog`)
export const FIXTURE_BLOG_DIRS = ['tests/fixtures/blog', 'tests/fixtures/e2e-blog'].map((dir) => resolve(dir))
process.env.BLOG_DIR = BLOG_DIR
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_BLOG_READY) {
  rmSync(BLOG_DIR, { recursive: true, force: true })
  for (const dir of FIXTURE_BLOG_DIRS) cpSync(dir, BLOG_DIR, { recursive: true })
  process.env.E2E_BLOG_READY = '1'
}
