import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Real calendar servers for the tests: an HTTP server that serves an iCal feed as Google serves a
 * secret address (ETag, 304 on If-None-Match), and Radicale, a real CalDAV server (Debian package).
 */

export type FeedServer = {
  url: string
  /** The secret path part, as in Google's …/private-<secret>/basic.ics. */
  secret: string
  requests: Array<{ ifNoneMatch?: string }>
  setFeed(text: string): void
  /** 'ok' serves the feed; 'fail' answers 500; 'hang' never answers. */
  mode: 'ok' | 'fail' | 'hang'
  stop(): Promise<void>
}

export async function startFeedServer(feed: string): Promise<FeedServer> {
  let text = feed
  const secret = `private-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 24)}`
  const hanging = new Set<import('node:http').ServerResponse>()
  const state: FeedServer = {
    url: '',
    secret,
    requests: [],
    mode: 'ok',
    setFeed: (next) => {
      text = next
    },
    stop: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server: Server = createServer((request, response) => {
    state.requests.push({ ifNoneMatch: request.headers['if-none-match'] })
    if (!request.url?.includes(secret)) return response.writeHead(404).end()
    if (state.mode === 'hang') return void hanging.add(response)
    if (state.mode === 'fail') return response.writeHead(500).end('Internal Server Error')
    const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 16)}"`
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, { ETag: etag }).end()
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=UTF-8', ETag: etag }).end(text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/coach%40example.com/${secret}/basic.ics`
  return state
}

/** A loopback port nothing listens on now: a server to start there, or a calendar that refuses the connection. */
export async function freePort() {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export type Radicale = { calendarUrl: string; user: string; password: string; newCalendar(): Promise<string>; stop(): Promise<void> }

/** Radicale on a free loopback port with a folder of its own, one user and one calendar (MKCALENDAR). */
export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(join(tmpdir(), 'coach-radicale-'))
  const user = 'coach'
  const password = 'hemmeligt-kodeord'
  writeFileSync(join(dir, 'htpasswd'), `${user}:${password}\n`)
  const port = await freePort()
  const child: ChildProcess = spawn(
    '/usr/bin/radicale',
    [
      `--storage-filesystem-folder=${join(dir, 'collections')}`,
      `--server-hosts=127.0.0.1:${port}`,
      '--auth-type=htpasswd',
      `--auth-htpasswd-filename=${join(dir, 'htpasswd')}`,
      '--auth-htpasswd-encryption=plain',
    ],
    { stdio: 'ignore' },
  )
  const base = `http://127.0.0.1:${port}`
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  const calendarUrl = `${base}/${user}/kalender/`
  for (let tries = 0; ; tries++) {
    try {
      const made = await fetch(calendarUrl, { method: 'MKCALENDAR', headers: { Authorization: authorization } })
      if (made.status === 201) break
      throw new Error(`MKCALENDAR ${made.status}`)
    } catch (error) {
      if (tries > 100 || child.exitCode !== null) throw new Error(`Radicale did not start: ${String(error)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  let calendars = 0
  return {
    calendarUrl,
    user,
    password,
    /** A calendar of its own for one test: nothing another test left behind is in it. */
    newCalendar: async () => {
      const url = `${base}/${user}/kalender-${++calendars}/`
      const made = await fetch(url, { method: 'MKCALENDAR', headers: { Authorization: authorization } })
      if (made.status !== 201) throw new Error(`MKCALENDAR ${made.status}`)
      return url
    },
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
