import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { writeArticle } from './articles'
import { type LogLine, logLinesOf } from './log-lines'
import { ownPublicFolder } from '../scripts/lib/public-copy'

/**
 * A production server of a test's own (`node server.ts` on the suite's build), for what the
 * shared one cannot show without disturbing the other specs: another SITE_URL, an unavailable
 * database, a controlled set of articles, a shutdown. Its own free port and folder (database,
 * outbox, log file); stdout and stderr go to the log file, never to the test output.
 */
export type ServerInstance = {
  url: string
  dir: string
  databaseFile: string
  outbox: string
  logFile: string
  /** Every line the server has written so far, parsed (the production log is one JSON object a line). */
  logLines: () => LogLine[]
  /** Sends a signal and resolves with the exit code once the process has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
  /** The process itself, to send a signal without waiting for the exit. */
  process: ChildProcess
  exited: Promise<number | null>
}


export type InstanceOptions = {
  env?: Record<string, string>
  /** Runs before the server starts, with the folder the instance will use (e.g. to seed its database). */
  prepare?: (paths: { dir: string; databaseFile: string; outbox: string }) => void
  /** The instance is up when this path answers at all (any status): /healthz is 503 without a database. */
  readyPath?: string
}

const NODE = resolve('node_modules/.bin/node')

export function freePort() {
  return new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

const running = new Set<ChildProcess>()
// If the worker itself ends abruptly, its servers end with it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * The time a `beforeAll` that starts a server (and seeds its blog) gets: a hook has the test's 30 s
 * unless it says otherwise (`test.describe.configure` sets the tests' time, not the hooks'), and on
 * a busy machine seeding and starting take longer than a test may.
 */
export const SERVER_START_TIMEOUT_MS = 90_000

export async function startServerInstance({ env = {}, prepare, readyPath = '/healthz' }: InstanceOptions = {}): Promise<ServerInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'coach-e2e-instance-'))
  const paths = { dir, databaseFile: join(dir, 'site.db'), outbox: join(dir, 'outbox') }
  const logFile = join(dir, 'server.log')
  prepare?.(paths)
  const port = await freePort()
  const url = `http://localhost:${port}`
  const log = openSync(logFile, 'a')
  const inherited = { ...process.env }
  delete inherited.LOG_LEVEL
  const child = spawn(NODE, ['server.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: paths.databaseFile,
      MAIL_OUTBOX_DIR: paths.outbox,
      SITE_URL: url,
      CONTACT_RATE_LIMIT: '1000',
      BACKGROUND_JOBS: 'off',
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  running.add(child)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => (running.delete(child), done(code))))

  const logText = () => readFileSync(logFile, 'utf8')
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  for (const deadline = Date.now() + 60_000; ; ) {
    try {
      await fetch(`${url}${readyPath}`)
      break
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop('SIGKILL')
      throw new Error(`The server instance did not start:\n${logText()}`)
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    ...paths,
    logFile,
    logLines: () => logLinesOf(logText()),
    stop,
    process: child,
    exited,
  }
}

/** Ends an instance however the test went, and removes its folder. */
export async function disposeServerInstance(instance: ServerInstance) {
  const stopped = instance.stop('SIGTERM')
  const timeout = setTimeout(() => instance.process.kill('SIGKILL'), 5_000)
  await stopped
  clearTimeout(timeout)
  rmSync(instance.dir, { recursive: true, force: true })
}

/**
 * `npm run db:seed` for one database and one content folder, as the coach runs it. Its covers go to
 * `env.PUBLIC_DIR` (the server's, when it should show them) or to a folder of their own: never into
 * the project's public/.
 */
export function seedDatabase(databaseFile: string, contentDir: string, env: Record<string, string> = {}) {
  const publicDir = env.PUBLIC_DIR ?? ownPublicFolder(mkdtempSync(join(tmpdir(), 'coach-public-')))
  return execFileSync(NODE, [resolve('node_modules/tsx/dist/cli.mjs'), 'db/seed.ts', contentDir], {
    env: { ...process.env, DATABASE_URL: databaseFile, ...env, PUBLIC_DIR: publicDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/**
 * A production server of its own on a blog of exactly these articles, for the tests of one
 * describe block; `content` is the articles' folder (a test may add one and seed again), `dispose`
 * ends the server and removes the folder.
 */
export async function startFixtureBlog(articles: Array<Parameters<typeof writeArticle>[1]>, env: Record<string, string> = {}) {
  const content = mkdtempSync(join(tmpdir(), 'coach-content-'))
  const site = mkdtempSync(join(tmpdir(), 'coach-public-'))
  const removeContent = () => (rmSync(content, { recursive: true, force: true }), rmSync(site, { recursive: true, force: true }))
  try {
    for (const article of articles) writeArticle(content, article)
    const withPublic = { PUBLIC_DIR: ownPublicFolder(site), ...env }
    const server = await startServerInstance({ env: withPublic, prepare: ({ databaseFile }) => seedDatabase(databaseFile, content, { PUBLIC_DIR: withPublic.PUBLIC_DIR }) })
    return { server, content, dispose: async () => (await disposeServerInstance(server), removeContent()) }
  } catch (error) {
    removeContent()
    throw error
  }
}
