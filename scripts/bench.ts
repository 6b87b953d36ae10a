/**
 * `npm run bench`: speed and size of the production server, on loopback, bounded in time.
 *  1. The real blog (content/blog): requests per second, p50/p99 latency and response size of /,
 *     /blog, an article and /kontakt, with the page cache off (cold: every request renders) and
 *     on (warm, one worker per core); with nginx installed (one worker per core, gzip_static on),
 *     the very same bytes and headers served by nginx in the same run, asked as a browser asks
 *     (Accept-Encoding: br, gzip) and without compression, and the ratios; and 404s per second, a
 *     different unknown address each time.
 *  2. Growth: 50, 1,000 and 10,000 synthetic posts: render time, HTML size and requests per second
 *     of /blog and of an article.
 * Uses the existing build (run `npm run build` first); cleans up its processes and files.
 */
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { openDatabase } from '../db/connection.ts'
import { syncBlogPosts } from '../db/sync-blog.ts'
import { categories } from '../app/lib/categories.ts'
import { boundedRun, startServer } from './lib/server-process.ts'
import { firstLoadJavaScript, printFirstLoadJavaScript } from './lib/first-load-js.ts'
import { printTable } from './lib/table.ts'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4)
const CONNECTIONS = 50
const work = mkdtempSync(join(tmpdir(), 'coach-bench-'))
const article = '/blog/stress-er-ikke-svaghed'
const pages = ['/', '/blog', article, '/kontakt']

const CORES = availableParallelism()
/** What every browser sends; nginx answers it with its precompressed .gz, the app with brotli. */
const BROWSER = { 'accept-encoding': 'br, gzip' }

type Load = { rps: number; p50: number; p99: number; errors: number }
async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors }
}

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
/**
 * nginx serving the very same HTML bytes with the same response headers (a load generator pays
 * for every header it parses), one worker per core, each page beside its gzip -9 twin for
 * gzip_static: the physical limit of this machine for these bytes.
 */
async function withNginx<T>(files: Record<string, Buffer>, headers: Array<[string, string]>, run: (base: string) => Promise<T>): Promise<T | undefined> {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  const root = join(work, 'nginx')
  mkdirSync(join(root, 'html'), { recursive: true })
  chmodSync(work, 0o755) // nginx's worker runs as an unprivileged user and must reach the files
  const map: string[] = []
  Object.entries(files).forEach(([path, body], index) => {
    writeFileSync(join(root, 'html', `${index}.html`), body)
    writeFileSync(join(root, 'html', `${index}.html.gz`), gzipSync(body, { level: 9 }))
    map.push(`location = ${path} { default_type "text/html; charset=utf-8"; root ${join(root, 'html')}; try_files /${index}.html =404; }`)
  })
  const port = 3420
  writeFileSync(
    join(root, 'nginx.conf'),
    `worker_processes ${CORES}; daemon off; pid ${join(root, 'nginx.pid')}; error_log ${join(root, 'error.log')};
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; gzip_static on; gzip_vary on; etag on;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp; uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  ${headers.map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}";`).join(' ')}
  server { listen 127.0.0.1:${port}; ${map.join(' ')} } }`,
  )
  mkdirSync(join(root, 'tmp'), { recursive: true })
  const nginx = spawn('nginx', ['-c', join(root, 'nginx.conf'), '-p', root], { stdio: 'ignore' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  try {
    return await run(`http://127.0.0.1:${port}`)
  } finally {
    nginx.kill('SIGQUIT')
    await new Promise((resolve) => nginx.once('exit', resolve))
  }
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
  const warmLoads: Record<string, { browser: Load; plain: Load }> = {}
  const sizes: Record<string, { bytes: number; gzip: number; br: number }> = {}
  for (const path of pages) {
    const size = await measureSize(`${warm.url}${path}`)
    const br = Number((await fetch(`${warm.url}${path}`, { method: 'HEAD', headers: BROWSER })).headers.get('content-length'))
    sizes[path] = { ...size, br }
    bodies[path] = size.body
    warmLoads[path] = { browser: await load(`${warm.url}${path}`, BROWSER), plain: await load(`${warm.url}${path}`) }
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
  const appHeaders = await fetch(`${warm.url}/`).then((response) =>
    [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'etag', 'vary', 'transfer-encoding'].includes(name)),
  )
  await warm.stop()
  const nginxLoads = await withNginx(bodies, appHeaders, async (base) => {
    const results: Record<string, { browser: Load; plain: Load }> = {}
    for (const path of pages) results[path] = { browser: await load(`${base}${path}`, BROWSER), plain: await load(`${base}${path}`) }
    return results
  })

  for (const path of pages) {
    const c = coldLoads[path]!
    const w = warmLoads[path]!
    const n = nginxLoads?.[path]
    rows.push({
      side: path,
      'HTML / br / gzip': `${kb(sizes[path]!.bytes)} / ${kb(sizes[path]!.br)} / ${kb(sizes[path]!.gzip)}`,
      'kold req/s': c.rps,
      'app br req/s (p99 ms)': `${w.browser.rps} (${w.browser.p99})`,
      'nginx gzip req/s (p99 ms)': n ? `${n.browser.rps} (${n.browser.p99})` : '–',
      'app/nginx komprimeret': n ? (w.browser.rps / n.browser.rps).toFixed(2) : '–',
      'app/nginx ukomprimeret': n ? (w.plain.rps / n.plain.rps).toFixed(2) : '–',
      fejl: c.errors + w.browser.errors + w.plain.errors + (n ? n.browser.errors + n.plain.errors : 0),
    })
  }
  rows.push({
    side: '404, ny adresse hver gang',
    'HTML / br / gzip': `– / ${kb(notFoundSize)} / –`,
    'kold req/s': '–',
    'app br req/s (p99 ms)': `${Math.round(notFound.requests.average)} (${notFound.latency.p99})`,
    'nginx gzip req/s (p99 ms)': '–',
    'app/nginx komprimeret': '–',
    'app/nginx ukomprimeret': '–',
    fejl: notFound.errors + notFound['5xx'],
  })
  console.log(
    `Den rigtige blog, ${CONNECTIONS} forbindelser, ${DURATION_S} s pr. måling; appen og nginx med ${CORES} workers (én pr. kerne)` +
      `${nginxLoads ? '' : ' (nginx ikke installeret)'}; »komprimeret« = Accept-Encoding: br, gzip (appen svarer brotli, nginx gzip_static):`,
  )
  printTable(rows)
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

await boundedRun('Benchmarken', work, async () => {
  await realBlog()
  await growth()
})
