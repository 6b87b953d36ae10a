/**
 * `npm run bench`: speed and size of the production server, on loopback, bounded in time.
 *  1. The real blog (content/blog): requests per second, p50/p99 latency and response size of /,
 *     /blog, an article and /kontakt, with the page cache off (cold: every request renders) and
 *     on (warm, one worker per core); with nginx installed (one worker per core, gzip_static on),
 *     the very same bytes and headers served by nginx in the same run, asked as a browser asks
 *     (Accept-Encoding: br, gzip) and without compression, and the ratios; and 404s per second, a
 *     different unknown address each time. BENCH_BASELINE_DIR=<another built checkout> adds that
 *     build as a third server ("gammel app") and the ratio app/old; the cached pages are measured
 *     in BENCH_ROUNDS rounds (3), each printed, the targets taking turns.
 *  2. The cached article on the production path: through Caddy, and through Varnish and Caddy,
 *     beside the app itself and nginx on the same bytes (scripts/lib/bench-front.ts).
 *  3. Growth: 50, 1,000 and 10,000 synthetic posts: render time, HTML size and requests per second
 *     of /blog and of an article.
 *  4. The coach's calendar (scripts/lib/bench-calendar.ts).
 *  5. Search over 10,000 generated articles (scripts/lib/bench-search.ts).
 *  6. The outbox's worker over 10,000 delivered effects and 100 due ones (scripts/lib/bench-outbox.ts).
 * `npm run bench -- front` runs part 2 alone, `-- calendar` part 4, `-- search` part 5 and `-- outbox`
 * part 6 (search and outbox need no build and no server).
 * Uses the existing build (run `npm run build` first); cleans up its processes and files.
 */
import { mkdtempSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { openDatabase } from '../db/database.ts'
import { syncBlogPosts } from '../db/sync-blog.ts'
import { categories } from '../app/lib/categories.ts'
import { calendarBench } from './lib/bench-calendar.ts'
import { searchBench } from './lib/bench-search.ts'
import { outboxBench } from './lib/bench-outbox.ts'
import { frontBench } from './lib/bench-front.ts'
import { BROWSER, CONNECTIONS, DURATION_S, type Load, load } from './lib/bench-load.ts'
import { headersToMirror, withNginx } from './lib/bench-nginx.ts'
import { boundedRun, startServer } from './lib/server-process.ts'
import { firstLoadJavaScript, printFirstLoadJavaScript } from './lib/first-load-js.ts'
import { printTable } from './lib/table.ts'

/** Rounds of the cached pages; the machine may be shared, so one round alone says little. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3)
/**
 * Another checkout, built (`npm ci && npm run build` there), to compare with: an earlier commit,
 * e.g. `git worktree add /tmp/old <commit>`. Its server runs beside the app, in the same rounds.
 */
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR ? resolve(process.env.BENCH_BASELINE_DIR) : undefined
/** One part alone: `npm run bench -- front`. */
const onlyPart = process.argv[2]
if (onlyPart !== undefined && !['front', 'search', 'calendar', 'outbox'].includes(onlyPart)) throw new Error(`Ukendt del: ${onlyPart} (kendt: front, search, calendar, outbox)`)
const work = mkdtempSync(join(tmpdir(), 'coach-bench-'))
const article = '/blog/stress-er-ikke-svaghed'
const pages = ['/', '/blog', article, '/kontakt']

const CORES = availableParallelism()

async function measureSize(url: string) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  return { bytes: body.length, gzip: gzipSync(body).length, body }
}

async function renderTime(url: string) {
  const started = performance.now()
  await (await fetch(url)).arrayBuffer()
  return performance.now() - started
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** The median of a few figures (the rounds of one measurement). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
/** A ratio over the rounds: the median, and the lowest and highest when there were several. */
const ratioRange = (ratios: number[]) =>
  ratios.length === 0 ? '–' : `${median(ratios).toFixed(2)}${ratios.length > 1 ? ` (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : ''}`

type Target = { name: string; base: string; pid: number | undefined }

/**
 * The cached pages, in ROUNDS rounds: in each round every page is asked of each target in turn
 * (the app, the baseline build when given, nginx), the order shifting by one each round, so the
 * machine's other work falls on all of them alike and each ratio compares figures of one round.
 */
async function rounds(targets: Target[]) {
  const results: Record<string, Record<string, Load[]>> = {}
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of pages) {
      for (let index = 0; index < targets.length; index++) {
        const target = targets[(index + round) % targets.length]!
        ;((results[target.name] ??= {})[path] ??= []).push(await load(`${target.base}${path}`, BROWSER, target.pid))
      }
    }
  }
  return results
}

async function realBlog() {
  const dbFile = join(work, 'real.db')
  const env = { DATABASE_URL: dbFile, BACKGROUND_JOBS: 'off' }
  const rows: Array<Record<string, string | number>> = []
  const bodies: Record<string, Buffer> = {}

  const cold = await startServer(3410, { ...env, HTML_CACHE: 'off' })
  const coldLoads: Record<string, Load> = {}
  for (const path of pages) coldLoads[path] = await load(`${cold.url}${path}`, BROWSER)
  await cold.stop()

  const warm = await startServer(3411, { ...env, WEB_CONCURRENCY: String(CORES) })
  const sizes: Record<string, { bytes: number; gzip: number; br: number }> = {}
  for (const path of pages) {
    const size = await measureSize(`${warm.url}${path}`)
    const br = Number((await fetch(`${warm.url}${path}`, { method: 'HEAD', headers: BROWSER })).headers.get('content-length'))
    sizes[path] = { ...size, br }
    bodies[path] = size.body
  }
  // Failure must be cheap: a different unknown address each time, so nothing can be cached.
  let unknown = 0
  const notFound = await autocannon({
    url: warm.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: BROWSER,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/findes-ikke-${unknown++}` }) }],
  })
  const notFoundSize = Number((await fetch(`${warm.url}/findes-ikke`, { method: 'HEAD', headers: BROWSER })).headers.get('content-length'))
  printFirstLoadJavaScript(await firstLoadJavaScript(warm.url, pages))
  const appHeaders = await fetch(`${warm.url}/`).then(headersToMirror)
  // The baseline build on a database of its own (its schema may differ), warmed like the app.
  const baseline = BASELINE_DIR
    ? await startServer(3413, { DATABASE_URL: join(work, 'baseline.db'), BACKGROUND_JOBS: 'off', WEB_CONCURRENCY: String(CORES) }, { cwd: BASELINE_DIR })
    : undefined
  if (baseline) for (const path of pages) await measureSize(`${baseline.url}${path}`)

  const measured = await withNginx(work, bodies, appHeaders, async (nginx) => {
    const targets: Target[] = [{ name: 'app', base: warm.url, pid: warm.process.pid }]
    if (baseline) targets.push({ name: 'old', base: baseline.url, pid: baseline.process.pid })
    if (nginx) targets.push({ name: 'nginx', base: nginx.base, pid: nginx.pid })
    const browser = await rounds(targets)
    // Uncompressed once, the app and nginx back to back.
    const plain: Record<string, Record<string, Load>> = {}
    for (const path of pages) for (const target of targets.filter(({ name }) => name !== 'old')) (plain[target.name] ??= {})[path] = await load(`${target.base}${path}`)
    return { browser, plain, nginx: Boolean(nginx) }
  })
  await warm.stop()
  await baseline?.stop()

  const roundRows: Array<Record<string, string | number>> = []
  const rps = (name: string, path: string) => (measured.browser[name]?.[path] ?? []).map((load) => load.rps)
  const ratios = (name: string, path: string) => rps(name, path).map((other, round) => rps('app', path)[round]! / other)
  const cpu = (name: string, path: string) => (measured.browser[name]?.[path] ?? []).map((load) => load.cpuUs ?? Number.NaN)
  /** As the requests-per-second ratio: above 1 when an answer of the app costs less CPU than the other's. */
  const cpuRatios = (name: string, path: string) => cpu(name, path).map((other, round) => other / cpu('app', path)[round]!).filter(Number.isFinite)
  const us = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(0))
  for (const path of pages) {
    const app = measured.browser.app![path]!
    const cell = (name: string) => {
      const loads = measured.browser[name]?.[path]
      return loads ? `${Math.round(median(loads.map((load) => load.rps)))} (${median(loads.map((load) => load.p99))})` : '–'
    }
    const plainRatio = measured.nginx ? (measured.plain.app![path]!.rps / measured.plain.nginx![path]!.rps).toFixed(2) : '–'
    rows.push({
      side: path,
      'HTML / br / gzip': `${kb(sizes[path]!.bytes)} / ${kb(sizes[path]!.br)} / ${kb(sizes[path]!.gzip)}`,
      'kold req/s': coldLoads[path]!.rps,
      'app br req/s (p99 ms)': cell('app'),
      ...(baseline ? { 'gammel app br req/s (p99 ms)': cell('old'), 'app/gammel app': ratioRange(ratios('old', path)) } : {}),
      'nginx gzip req/s (p99 ms)': cell('nginx'),
      'app/nginx komprimeret': ratioRange(ratios('nginx', path)),
      'app/nginx ukomprimeret': plainRatio,
      [`CPU µs/svar: app${baseline ? ' / gammel' : ''} / nginx`]: [us(median(cpu('app', path))), ...(baseline ? [us(median(cpu('old', path)))] : []), us(median(cpu('nginx', path)))].join(' / '),
      ...(baseline ? { 'app/gammel app efter CPU': ratioRange(cpuRatios('old', path)) } : {}),
      fejl: coldLoads[path]!.errors + Object.values(measured.browser).flatMap((byPath) => byPath[path] ?? []).reduce((sum, load) => sum + load.errors, 0) +
        Object.values(measured.plain).reduce((sum, byPath) => sum + (byPath[path]?.errors ?? 0), 0),
    })
    app.forEach((load, round) =>
      roundRows.push({
        runde: round + 1,
        side: path,
        'app req/s': load.rps,
        'app µs/svar': us(load.cpuUs),
        ...(baseline ? { 'gammel app req/s': rps('old', path)[round]!, 'gammel µs/svar': us(cpu('old', path)[round]), 'app/gammel app': ratios('old', path)[round]!.toFixed(2) } : {}),
        ...(measured.nginx ? { 'nginx req/s': rps('nginx', path)[round]!, 'nginx µs/svar': us(cpu('nginx', path)[round]), 'app/nginx': ratios('nginx', path)[round]!.toFixed(2) } : {}),
      }),
    )
  }
  rows.push({
    side: '404, ny adresse hver gang',
    'HTML / br / gzip': `– / ${kb(notFoundSize)} / –`,
    'kold req/s': '–',
    'app br req/s (p99 ms)': `${Math.round(notFound.requests.average)} (${notFound.latency.p99})`,
    ...(baseline ? { 'gammel app br req/s (p99 ms)': '–', 'app/gammel app': '–' } : {}),
    'nginx gzip req/s (p99 ms)': '–',
    'app/nginx komprimeret': '–',
    'app/nginx ukomprimeret': '–',
    [`CPU µs/svar: app${baseline ? ' / gammel' : ''} / nginx`]: '–',
    ...(baseline ? { 'app/gammel app efter CPU': '–' } : {}),
    fejl: notFound.errors + notFound['5xx'],
  })
  console.log(
    `Den rigtige blog, ${CONNECTIONS} forbindelser, ${DURATION_S} s pr. måling, ${ROUNDS} runder (median; forholdstal: median og laveste–højeste runde); ` +
      `appen${baseline ? `, den gamle app (${BASELINE_DIR})` : ''} og nginx med ${CORES} workers (én pr. kerne)` +
      `${measured.nginx ? '' : ' (nginx ikke installeret)'}; »komprimeret« = Accept-Encoding: br, gzip (appen svarer brotli, nginx gzip_static):`,
  )
  printTable(rows)
  console.log(`CPU µs/svar: CPU-tid (user + sys) serverens processer brugte pr. svar${baseline ? '; »efter CPU« = den gamle apps CPU pr. svar / appens' : ''}.`)
  console.log()
  console.log('Hver runde for sig (komprimeret; rækkefølgen skifter fra runde til runde):')
  printTable(roundRows)
  console.log()
}

function seedSynthetic(file: string, posts: number) {
  const db = openDatabase(file)
  syncBlogPosts(db) // the real articles, so the measured article exists
  const insert = db.$client.prepare(`INSERT INTO blog_posts (slug, title, description, image_url, image_alt, category, published_at,
    author, keywords, tags, section, hero, cta, json_ld, body_html, source_hash, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'Birgitte Holm', '["coaching"]', '["Coaching"]', 'Coaching', 'gradient', 'Kontakt mig', 0, ?, ?, ?)`)
  const body = '<p>Syntetisk indhold til målingen af bloggens vækst.</p>'.repeat(40)
  const start = Date.parse('2010-01-01T00:00:00Z')
  db.$client.transaction(() => {
    for (let i = 0; i < posts - 53; i++) {
      const publishedAt = new Date(start + i * 3_600_000).toISOString()
      insert.run(`syntetisk-artikel-${i}`, `Syntetisk artikel nummer ${i} om balance og trivsel`,
        'En syntetisk beskrivelse af en artikel, cirka lige så lang som de rigtige beskrivelser på bloggen, til målingen.',
        '/images/blog/stress-er-ikke-svaghed.webp', 'Illustration', categories[i % categories.length], publishedAt, body, `s${i}`, publishedAt)
    }
  })()
  db.$client.close()
}

async function growth() {
  const rows: Array<Record<string, string | number>> = []
  for (const posts of [50, 1_000, 10_000]) {
    const dbFile = join(work, `growth-${posts}.db`)
    if (posts > 53) seedSynthetic(dbFile, posts)
    const server = await startServer(3412, { DATABASE_URL: dbFile, BACKGROUND_JOBS: 'off', HTML_CACHE: 'off' })
    for (const path of ['/blog', article]) {
      await renderTime(`${server.url}${path}`) // warm up the JIT and the statement cache
      const times = [] as number[]
      for (let i = 0; i < 5; i++) times.push(await renderTime(`${server.url}${path}`))
      const size = await measureSize(`${server.url}${path}`)
      const loaded = await load(`${server.url}${path}`)
      rows.push({
        artikler: posts === 50 ? '53 (de rigtige)' : posts.toLocaleString('da-DK'),
        side: path,
        'servertid ms (median)': times.sort((a, b) => a - b)[2]!.toFixed(1),
        HTML: kb(size.bytes),
        gzip: kb(size.gzip),
        'req/s (ingen cache)': loaded.rps,
      })
    }
    await server.stop()
  }
  console.log('Vækst: uden sidecache, så hver forespørgsel rammer databasen og renderer:')
  printTable(rows)
  console.log()
}

await boundedRun(
  'Benchmarken',
  work,
  async () => {
    if (onlyPart === 'search') return searchBench(work)
    if (onlyPart === 'front') return frontBench(work)
    if (onlyPart === 'outbox') return void (await outboxBench(work))
    if (onlyPart === 'calendar') return calendarBench(work, 3413)
    await realBlog()
    await frontBench(work)
    await growth()
    await calendarBench(work, 3413)
    searchBench(work)
    await outboxBench(work)
  },
  6 + ROUNDS * (BASELINE_DIR ? 2 : 1.5),
)
