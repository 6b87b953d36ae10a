/**
 * `npm run test:deploy`: the production server behind the documented front, on loopback: Varnish
 * (deploy/default.vcl, standing in for a CDN) → Caddy (deploy/Caddyfile, as plain http on a free
 * port, trusting Varnish as it would trust a CDN) → `node server.ts` with TRUST_PROXY=loopback and
 * two workers, on a listening socket held as systemd holds deploy/coach-site.socket.
 * Prints one row per promise with what was seen, and exits 1 if any is not kept.
 * Needs the Debian packages caddy and varnish (.ci/run installs them) and a build (made if missing).
 * Writes nothing to the working tree: its database, content copy and logs live in a temporary folder.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { daysAgo, writeArticle } from '../e2e/articles'
import { signInThroughProxies } from './lib/desk-sign-in'
import { EVERY_DAY_AVAILABILITY, bookThroughProxies, fileLogRetention, keepsAtMostThirtyDays, privacyBreaches } from './lib/caddy-log-check'
import { type FrontProxies, startFrontProxies, waitForAnswer } from './lib/front-proxies'
import { RESTART_GETS, RESTART_POSTS, restartUnderLoad } from './lib/restart-under-load'
import { freePort } from './lib/server-process'
import { contactFormActionIn } from './lib/loopback-client'
import { trimLog } from './lib/log-trim'
import { ownPublicFolder } from './lib/public-copy'
import { offsiteRound } from './lib/offsite-round'

const NODE = resolve('node_modules/.bin/node')
const SHARED_CACHE_SECONDS = 4
const dir = mkdtempSync(join(tmpdir(), 'coach-deploy-'))
const children = new Set<ChildProcess>()
const rows: Array<{ promise: string; seen: string; kept: boolean }> = []
const row = (promise: string, kept: boolean, seen: string) => rows.push({ promise, seen, kept })
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

function start(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const log = openSync(join(dir, `${name}.log`), 'a')
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, log] })
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

const contentDir = join(dir, 'content')
const databaseFile = join(dir, 'site.db')
const availabilityFile = join(dir, 'booking.yaml')
// The seed's covers and images.lock.json go to a public folder of the test's own (scripts/lib/public-copy.ts).
const publicDir = ownPublicFolder(dir)
const seed = () => execFileSync(NODE, [resolve('node_modules/tsx/dist/cli.mjs'), 'db/seed.ts', contentDir], { env: { ...process.env, DATABASE_URL: databaseFile, LOG_LEVEL: 'silent', PUBLIC_DIR: publicDir }, stdio: 'ignore' })

const appPort = await freePort()
const appPidFile = join(dir, 'app.pid')
const appEnv = {
  NODE_ENV: 'production',
  // Dual-stack, as `HOST=::` is often set: Caddy's connections from 127.0.0.1 then arrive as
  // ::ffff:127.0.0.1, and must still count as the trusted proxy.
  HOST: '::',
  PORT: String(appPort),
  TRUST_PROXY: 'loopback',
  SITE_URL: 'https://www.coach-eksempel.dk',
  DATABASE_URL: databaseFile,
  PUBLIC_DIR: publicDir,
  MAIL_OUTBOX_DIR: join(dir, 'outbox'),
  BACKGROUND_JOBS: 'off',
  SHARED_CACHE_SECONDS: String(SHARED_CACHE_SECONDS),
  BOOKING_FILE: availabilityFile,
  // As deploy/coach-site.service runs it.
  WEB_CONCURRENCY: '2',
}
/** The server as systemd runs it with deploy/coach-site.socket: the socket outlives every restart. */
const startAppOnHeldSocket = () => start('app', NODE, ['scripts/lib/socket-unit.ts', appEnv.HOST, String(appPort), appPidFile, NODE, 'server.ts'], appEnv)
const appPid = () => Number(readFileSync(appPidFile, 'utf8'))
/** `systemctl restart coach-site`: SIGTERM to the server; the socket's holder starts the next one. */
async function restartApp() {
  const pid = appPid()
  process.kill(pid, 'SIGTERM')
  for (const deadline = Date.now() + 30_000; appPid() === pid; await sleep(20)) if (Date.now() > deadline) throw new Error('no server started after the restart')
}
let front: FrontProxies | undefined

/**
 * A request through Varnish. Varnish closes a connection idle for 5 s; when Node's fetch reuses
 * one just closed, a GET is sent again, as a browser does. The restart burst counts every failure.
 */
const through = (path: string, init: RequestInit = {}, again = true): Promise<Response> =>
  fetch(`http://127.0.0.1:${front!.varnishPort}${path}`, { redirect: 'manual', ...init }).catch((error) => {
    if (again && (init.method ?? 'GET') === 'GET') return through(path, init, false)
    throw error
  })
const fromCache = (response: Response) => Number(response.headers.get('age') ?? 0) > 0 && (response.headers.get('x-varnish') ?? '').includes(' ')

/**
 * A browser that names only its Origin, without Sec-Fetch-Site (Safari before 16.4, some embedded
 * browsers), posting through both proxies: the server sees http, the browser is on https. The
 * public origin is this site, for the server function and the plain form alike; another is refused.
 */
async function checkPostsNamingOnlyTheirOrigin(action: string) {
  const send = (path: string, origin: string, n: number) =>
    through(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'X-Forwarded-For': '192.0.2.44' },
      body: new URLSearchParams({ firstName: 'Bo', lastName: 'Holm', email: `safari${n}@eksempel.dk`, phone: '20 30 40 50', message: `Sendt fra en ældre Safari (${n}).`, serviceType: '', address: '', website: '' }),
    })
  const serverFunction = await send(action, 'https://www.coach-eksempel.dk', 1)
  const plainForm = await send('/kontakt', 'https://www.coach-eksempel.dk', 2)
  const foreign = await send(action, 'https://ond.example', 3)
  const refusal = await foreign.text()
  row(
    'a post with Origin https://<the site> and no Sec-Fetch-Site is taken; another origin is refused in Danish',
    serverFunction.status === 303 && plainForm.status === 303 && foreign.status === 403 && refusal === 'Formularen kan kun sendes fra siden selv.',
    `server function ${serverFunction.status}, /kontakt ${plainForm.status}; from https://ond.example ${foreign.status} »${refusal}«`,
  )
}

try {
  if (!existsSync('dist/server/server.js')) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  // The blog as it is, so the seed removes no article and with it no cover of the working tree
  // (a new database is seeded with content/blog when it is opened); the new article below names
  // an existing cover, so none is drawn either.
  cpSync('content/blog', contentDir, { recursive: true })
  writeFileSync(availabilityFile, EVERY_DAY_AVAILABILITY)
  seed()
  startAppOnHeldSocket()
  await waitForAnswer(`http://127.0.0.1:${appPort}/healthz`, 'The server', dir)
  front = await startFrontProxies(dir, appPort)
  const caddyLogFile = front.caddyLogFile

  // Security headers, after both hops.
  const page = await through('/om')
  const required = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy']
  const missing = required.filter((name) => !page.headers.get(name))
  row('the security headers survive Varnish and Caddy', page.status === 200 && missing.length === 0, missing.length ? `missing: ${missing.join(', ')}` : `${required.length} of ${required.length} on /om`)

  // Pages from the shared cache, one copy per encoding.
  await through('/ydelser', { headers: { 'Accept-Encoding': 'br' } })
  await through('/ydelser', { headers: { 'Accept-Encoding': 'gzip' } })
  await sleep(1100)
  const br = await through('/ydelser', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
  const gzip = await through('/ydelser', { headers: { 'Accept-Encoding': 'gzip' } })
  row(
    'pages come from the shared cache (Age > 0) with Vary: Accept-Encoding',
    fromCache(br) && fromCache(gzip) && br.headers.get('content-encoding') === 'br' && gzip.headers.get('content-encoding') === 'gzip' && br.headers.get('vary') === 'Accept-Encoding',
    `Age ${br.headers.get('age')} (br), ${gzip.headers.get('age')} (gzip); Vary ${br.headers.get('vary')}`,
  )

  // Never cached: the contact form's result, server functions, POSTs.
  const twice = async (path: string, init?: RequestInit) => {
    await through(path, init)
    await sleep(1100)
    return through(path, init)
  }
  const status = await twice('/kontakt?status=sendt')
  row('/kontakt?status=… is never cached', !fromCache(status) && status.headers.get('cache-control') === 'no-store', `Age ${status.headers.get('age')}, Cache-Control ${status.headers.get('cache-control')}`)
  const action = contactFormActionIn(await (await through('/kontakt')).text()) ?? ''
  const serverFunction = await twice('/_serverFn/findes-ikke')
  row('server functions are never cached', !fromCache(serverFunction), `GET /_serverFn/…: ${serverFunction.status}, Age ${serverFunction.headers.get('age')}`)
  await checkPostsNamingOnlyTheirOrigin(action)

  // The coach's desk through both hops: signed in by the link in the outbox, her cookie reaches
  // the site, and no desk answer is ever kept.
  const cookie = await signInThroughProxies(through, join(dir, 'outbox'), { Origin: 'https://www.coach-eksempel.dk', 'Sec-Fetch-Site': 'same-origin' })
  const desk = await twice('/coach', { headers: { Cookie: cookie } })
  const deskHtml = await desk.text()
  const signedOut = await twice('/coach')
  row(
    'the desk through Varnish and Caddy: signed in by its cookie, never cached (no-store, private)',
    deskHtml.includes('Overblik') && !fromCache(desk) && !fromCache(signedOut) && desk.headers.get('cache-control') === 'no-store, private' && (await signedOut.text()).includes('Send mig et link'),
    `Age ${desk.headers.get('age')} / ${signedOut.headers.get('age')}, Cache-Control ${desk.headers.get('cache-control')}, ${deskHtml.includes('Overblik') ? 'signed in' : 'NOT signed in'}`,
  )

  // Two visitors behind the same proxies: a limit each (5 messages per 15 minutes).
  const post = (visitor: string, n: number) =>
    through(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.coach-eksempel.dk', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': visitor },
      body: new URLSearchParams({ firstName: 'Anne', lastName: 'Jensen', email: `besoeg${n}@eksempel.dk`, phone: '20 30 40 50', message: `Besked nummer ${n}.`, serviceType: '', address: '', website: '' }),
    }).then(async (response) => {
      const location = response.headers.get('location')
      if (location) return new URL(location, 'http://x').searchParams.get('status')
      // A refused message without JavaScript gets the form again, with the reason on it.
      return (await response.text()).includes('Du har sendt flere beskeder på kort tid') ? 'for-mange' : `${response.status}`
    })
  const first: string[] = []
  for (let n = 1; n <= 6; n++) first.push((await post('203.0.113.7', n)) ?? '?')
  const second = await post('198.51.100.9', 7)
  row(
    'two visitors through the proxies (server on ::) have a contact limit each; POSTs never cached',
    first.slice(0, 5).every((s) => s === 'sendt' || s === 'modtaget') && first[5] === 'for-mange' && (second === 'sendt' || second === 'modtaget'),
    `visitor 1: ${first.join(' ')}; visitor 2: ${second}`,
  )

  // Caddy's log after a booking (from an IPv6 visitor) and the contact posts above.
  const ipv6Visitor = '2001:db8:85a3:4:5:8a2e:370:7334'
  const token = await bookThroughProxies(through, { Origin: 'https://www.coach-eksempel.dk', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': ipv6Visitor }, appEnv.MAIL_OUTBOX_DIR)
  await sleep(200)
  const caddyLog = existsSync(caddyLogFile) ? readFileSync(caddyLogFile, 'utf8') : ''
  const breaches = privacyBreaches(caddyLog, [token, '203.0.113.7', '198.51.100.9', ipv6Visitor])
  const logged = ['"uri":"/booking/"', '"method":"POST"'].every((part) => caddyLog.includes(part))
  row(
    "Caddy's log: no full client address (IPv4, IPv6) and no manage token, after a booking and contact posts",
    logged && breaches.length === 0,
    `${caddyLog.split('\n').filter(Boolean).length} lines${logged ? '' : ', without the booking or the posts'}; ${breaches.join(', ') || 'nothing to hide found'}`,
  )
  const retention = fileLogRetention('deploy/Caddyfile')
  row(
    "Caddy's log files are rolled and deleted after at most 30 days",
    keepsAtMostThirtyDays(retention),
    retention.map(({ file, days }) => `${file}: ${days === undefined ? 'kept forever' : `${days} days`}`).join(', ') || 'no file log',
  )

  // Caddy 2.6 rolls by size only: the nightly trim (deploy/coach-site-log-trim.timer) deletes older
  // lines in place, and the running Caddy goes on writing after them.
  appendFileSync(caddyLogFile, `${JSON.stringify({ level: 'info', ts: Date.now() / 1000 - 40 * 86_400, msg: 'en linje fra for 40 dage siden' })}\n`)
  const trimmed = trimLog(caddyLogFile, { days: 30 })
  await through('/ydelser')
  let afterTrim = ''
  for (const deadline = Date.now() + 5000; Date.now() < deadline && !afterTrim.includes('"uri":"/ydelser"'); await sleep(100)) afterTrim = readFileSync(caddyLogFile, 'utf8')
  row(
    "the nightly trim deletes Caddy's log lines older than 30 days, and Caddy goes on writing",
    trimmed.removed === 1 && !afterTrim.includes('for 40 dage siden') && afterTrim.includes('"uri":"/ydelser"') && privacyBreaches(afterTrim, []).length === 0,
    `${trimmed.removed} removed, ${trimmed.kept} kept; a request after it ${afterTrim.includes('"uri":"/ydelser"') ? 'is logged' : 'is NOT logged'}`,
  )

  // A new article through the shared cache, within the TTL (plus the one request that refreshes).
  await through('/blog')
  writeArticle(contentDir, { slug: 'en-ny-begyndelse', title: 'En ny begyndelse', publishedAt: daysAgo(0) })
  seed()
  // From the moment the seed has finished: that is when the site's database has the article.
  const seededAt = Date.now()
  let seenAfter = Number.POSITIVE_INFINITY
  for (const deadline = seededAt + (SHARED_CACHE_SECONDS + 10) * 1000; Date.now() < deadline; await sleep(250)) {
    if ((await (await through('/blog')).text()).includes('En ny begyndelse')) {
      seenAfter = (Date.now() - seededAt) / 1000
      break
    }
  }
  const direct = seenAfter === Number.POSITIVE_INFINITY ? `; on the server itself: ${(await (await fetch(`http://127.0.0.1:${appPort}/blog`)).text()).includes('En ny begyndelse')}` : ''
  row(`a new article is on /blog through the cache within the TTL (${SHARED_CACHE_SECONDS} s here, 300 s by default) after db:seed`, seenAfter <= SHARED_CACHE_SECONDS + 1, `after ${seenAfter.toFixed(1)} s${direct}`)

  // The money records survive the machine: an off-site backup to a restic repository (a folder
  // here; SFTP or S3 in production), the database lost, and the restore drill bringing it back.
  const offsite = offsiteRound({ dir, databaseFile })
  row('npm run db:offsite backs up to restic; after the database is lost, npm run db:gendan brings every booking, message and receipt back', offsite.kept, offsite.seen)

  // A restart under load, as `systemctl restart coach-site` with deploy/coach-site.socket.
  const restart = await restartUnderLoad({ through, restart: restartApp, databaseFile })
  row(
    `a restart during ${RESTART_POSTS} contact posts and ${RESTART_GETS} GETs through the proxies: every one answered, every message stored once`,
    restart.kept,
    restart.seen,
  )
} catch (error) {
  row('the deployment test ran to the end', false, String(error))
} finally {
  await front?.stop()
  // The socket's holder first, so it starts no other server; then the server by its pid.
  for (const child of children) child.kill('SIGTERM')
  try {
    process.kill(appPid(), 'SIGTERM')
  } catch {
    // never started, or gone already
  }
  await sleep(500)
  for (const child of children) child.kill('SIGKILL')
}

const width = Math.max(...rows.map((r) => r.promise.length))
console.log(`\n${'promise'.padEnd(width)}  kept  seen`)
for (const r of rows) console.log(`${r.promise.padEnd(width)}  ${r.kept ? 'yes ' : 'NO  '}  ${r.seen}`)
const failed = rows.filter((r) => !r.kept).length
if (failed > 0) console.log(`\n${failed} not kept; logs in ${dir}`)
else rmSync(dir, { recursive: true, force: true })
process.exit(failed > 0 ? 1 : 0)
