import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { openDatabase } from '#db/database'
import { syncBlogPosts } from '#db/sync-blog'
import type { RequestContext } from '~/server/http/client-address.server'
import { articleSource } from '../helpers'
import { captureLogLines } from '../log-capture'

// The request pipeline as the built site runs it (NODE_ENV=production: page cache on, pages with
// their own CSP, the access log written), loaded afresh with that environment. The database is a
// temporary file with one article of the test's own; the log is read from the console.

type Modules = {
  pipeline: typeof import('~/server/http/request-pipeline.server')
  pages: typeof import('~/server/http/page-middleware.server')
  guard: typeof import('~/server/http/server-fn-middleware.server')
  health: typeof import('~/server/http/health.server')
  staticFiles: typeof import('~/server/http/static-files.server')
  connection: typeof import('#db/connection')
  jobs: typeof import('~/server/jobs.server')
}
let built: Modules
let dir: string
let databaseFile: string
let content: string
const lines: Record<string, unknown>[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coach-production-'))
  content = join(dir, 'blog')
  mkdirSync(content)
  writeFileSync(join(content, 'en-artikel.md'), articleSource({ title: 'En artikel', description: 'Beskrivelse.', category: 'stress', publishedAt: '2024-05-01' }))
  databaseFile = join(dir, 'site.db')
  const db = openDatabase(databaseFile)
  syncBlogPosts(db, content)
  db.$client.close()

  for (const [name, value] of Object.entries({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: databaseFile, HTML_CACHE: undefined, SITE_URL: undefined, TRUST_PROXY: undefined })) {
    vi.stubEnv(name, value)
  }
  captureLogLines(lines)
  vi.resetModules()
  built = {
    pipeline: await import('~/server/http/request-pipeline.server'),
    pages: await import('~/server/http/page-middleware.server'),
    guard: await import('~/server/http/server-fn-middleware.server'),
    health: await import('~/server/http/health.server'),
    staticFiles: await import('~/server/http/static-files.server'),
    connection: await import('#db/connection'),
    jobs: await import('~/server/jobs.server'),
  }
  // Loading the modules afresh takes seconds on a busy machine.
}, 60_000)

afterAll(() => {
  built?.connection.closeDb()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  vi.resetModules()
  rmSync(dir, { recursive: true, force: true })
})

beforeEach(() => {
  lines.length = 0
})

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'
const STRICT_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com; frame-ancestors 'none'"
const SCRIPT = 'window.$_TSR={}'
const pageHtml = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title><script>${SCRIPT}</script></head><body><p>${'Holm Coaching i Fredericia. '.repeat(40)}</p></body></html>`
const scriptHash = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`
const brotli = (html: string, quality: number) => brotliCompressSync(Buffer.from(html), { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })

/** One request through the page middleware, as Start would make it. */
async function page(path: string, route: () => Response, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, { headers })
  const context: RequestContext = { clientAddress: '203.0.113.7', served: {} }
  let renders = 0
  const response = await built.pages.answerPage({
    request,
    pathname: new URL(request.url).pathname,
    context,
    next: async () => {
      renders++
      return { response: route() }
    },
  })
  return { response, renders, cache: context.served.cache }
}
const html = (body: string, init: ResponseInit = {}) => () => new Response(body, { ...init, headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers } })

/** The fast path's view of a request, as server.ts hands it over. */
const fast = (url: string, headers: Record<string, string> = {}, method = 'GET', files = new built.staticFiles.StaticFiles(emptyBuild())) =>
  built.pipeline.fastReply({ method, url, header: (name) => headers[name] ?? null, address: '198.51.100.4' }, files)

function emptyBuild() {
  const build = join(dir, 'client-empty')
  mkdirSync(build, { recursive: true })
  return build
}

describe('pages in the built site', () => {
  it('renders a shareable page once, keeps it compressed at the highest effort, and answers it from the cache', async () => {
    const body = pageHtml('Om')
    const first = await page('/om', html(body), { 'Accept-Encoding': 'br' })
    expect([first.renders, first.cache]).toEqual([1, 'miss'])
    expect(first.response.headers.get('cache-control')).toBe(SHARED)
    expect(first.response.headers.get('content-security-policy')).toContain(`script-src 'self' ${scriptHash};`)
    expect(Buffer.from(await first.response.arrayBuffer())).toEqual(brotli(body, 11))

    const second = await page('/om', html('<p>ikke brugt</p>'), { 'Accept-Encoding': 'gzip' })
    expect([second.renders, second.cache]).toEqual([0, 'hit'])
    expect(Buffer.from(await second.response.arrayBuffer())).toEqual(gzipSync(Buffer.from(body), { level: 9 }))
  })

  it('renders a page the route marks no-store afresh each time, compressed quickly, never from the fast path', async () => {
    const body = pageHtml('Ledige tider')
    for (const expected of [1, 1]) {
      const { response, renders, cache } = await page('/ledige-tider', html(body, { headers: { 'Cache-Control': 'no-store' } }), { 'Accept-Encoding': 'br' })
      expect([renders, cache]).toEqual([expected, 'miss'])
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(Buffer.from(await response.arrayBuffer())).toEqual(brotli(body, 4))
    }
    expect(fast('/ledige-tider')).toBeUndefined()
  })

  it('never keeps a page that is not found, and compresses it quickly', async () => {
    const body = pageHtml('Siden findes ikke')
    for (let i = 0; i < 2; i++) {
      const { response, renders } = await page('/findes-ikke-her', html(body, { status: 404 }), { 'Accept-Encoding': 'gzip' })
      expect([response.status, renders, response.headers.get('cache-control')]).toEqual([404, 1, 'no-store'])
      expect(Buffer.from(await response.arrayBuffer())).toEqual(gzipSync(Buffer.from(body), { level: 6 }))
    }
  })

  it('renders a page without a cache key (the contact form’s result) for the request only', async () => {
    for (let i = 0; i < 2; i++) {
      const { response, renders, cache } = await page('/kontakt?status=sendt', html(pageHtml('Tak')))
      expect([renders, cache, response.headers.get('cache-control')]).toEqual([1, undefined, 'no-store'])
    }
  })
})

describe('the fast path', () => {
  it('answers a cached page from memory, with the tracking parameters ignored, and logs it as a cache hit', async () => {
    const body = pageHtml('Ydelser')
    const rendered = await page('/ydelser', html(body), { 'Accept-Encoding': 'br' })
    lines.length = 0
    vi.useFakeTimers({ toFake: ['performance'] })
    // The clock well past zero, so a time taken is an interval, not a reading of the clock.
    vi.advanceTimersByTime(5_000)
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const reply = fast('/ydelser?utm_source=nyhedsbrev', { 'accept-encoding': 'br' })!
    expect(reply.status).toBe(200)
    expect(reply.headers.etag).toBe(rendered.response.headers.get('etag'))
    expect(reply.body).toEqual(brotli(body, 11))
    expect(lines).toEqual([
      { time: expect.any(String), level: 'info', msg: 'request', method: 'GET', path: '/ydelser', status: 200, ms: 0, ip: expect.stringMatching(/^[0-9a-f]{32}$/), cache: 'hit' },
    ])

    // Asked again, the address is known: the same answer and the same line, the path without its query.
    lines.length = 0
    expect(fast('/ydelser?utm_source=nyhedsbrev', { 'accept-encoding': 'br' })!.body).toEqual(brotli(body, 11))
    expect(lines).toEqual([expect.objectContaining({ path: '/ydelser', status: 200, cache: 'hit' })])

    expect(fast('/ydelser', { 'if-none-match': reply.headers.etag!, 'accept-encoding': 'br' })?.status).toBe(304)
    const head = fast('/ydelser', {}, 'HEAD')!
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, undefined, String(Buffer.byteLength(body))])
  })

  it('leaves to Start what it cannot answer from memory', async () => {
    await page('/priser', html(pageHtml('Priser')))
    expect(fast('/priser')?.status).toBe(200)
    for (const [url, method] of [
      ['/priser', 'POST'],
      ['/priser', 'OPTIONS'],
      ['//priser', 'GET'],
      // Parsed as host and path, this would be the cached /priser: the envelope redirects it instead.
      ['//andet.example/priser', 'GET'],
      // A URL parser reads a backslash as a slash: these name the host andet.example too.
      ['/\\andet.example/priser', 'GET'],
      ['\\\\andet.example/priser', 'GET'],
      ['http://andet.example/priser', 'GET'],
      ['/PRISER', 'GET'],
      ['/%', 'GET'],
      ['/aldrig-vist', 'GET'],
      ['/booking/abc', 'GET'],
    ]) {
      expect(fast(url!, {}, method), `${method} ${url}`).toBeUndefined()
    }
    lines.length = 0
    expect(fast('/priser', {}, 'HEAD')?.status).toBe(200)
  })

  it('sends a known address the whole way again once its page has left the cache (a seed changed the blog)', async () => {
    await page('/tilbud', html(pageHtml('Tilbud')))
    expect(fast('/tilbud')?.status).toBe(200)
    expect(fast('/tilbud')?.status).toBe(200)
    writeFileSync(join(content, 'ny-artikel.md'), articleSource({ title: 'Ny artikel', description: 'Beskrivelse.', category: 'stress', publishedAt: '2024-05-02' }))
    const seed = openDatabase(databaseFile)
    syncBlogPosts(seed, content)
    seed.$client.close()
    onTestFinished(() => rmSync(join(content, 'ny-artikel.md')))
    // The cache looks at the database at most every 50 ms.
    await expect.poll(() => fast('/tilbud')).toBeUndefined()
  })

  it('serves static files without a log line, before any page', () => {
    const build = join(dir, 'client-fast')
    mkdirSync(join(build, 'assets'), { recursive: true })
    writeFileSync(join(build, 'robots.txt'), 'User-agent: *')
    const files = new built.staticFiles.StaticFiles(build)
    const reply = fast('/robots.txt?x=1', {}, 'GET', files)!
    expect([reply.status, reply.headers['content-type'], reply.body?.toString()]).toEqual([200, 'text/plain; charset=utf-8', 'User-agent: *'])
    expect(fast('/robots.txt', {}, 'HEAD', files)?.body).toBeUndefined()
    expect(fast('/robots.txt', {}, 'POST', files)).toBeUndefined()
    expect(lines).toEqual([])
  })

  it('reads the client build from dist/client of the folder the server runs in, once', () => {
    const root = join(dir, 'server-root')
    mkdirSync(join(root, 'dist', 'client'), { recursive: true })
    writeFileSync(join(root, 'dist', 'client', 'robots.txt'), 'User-agent: *')
    const cwd = process.cwd()
    process.chdir(root)
    onTestFinished(() => process.chdir(cwd))
    const ask = () => built.pipeline.fastReply({ method: 'GET', url: '/robots.txt', header: () => null, address: '198.51.100.4' })
    expect(ask()?.body?.toString()).toBe('User-agent: *')
    // Read into memory when first asked: a build replaced later is not read again.
    writeFileSync(join(root, 'dist', 'client', 'robots.txt'), 'Disallow: /')
    expect(ask()?.body?.toString()).toBe('User-agent: *')
  })

  it('serves a cover from public/ for a year when asked with its version', () => {
    const publicDir = join(dir, 'public-fast')
    mkdirSync(join(publicDir, 'images', 'blog'), { recursive: true })
    writeFileSync(join(publicDir, 'images', 'blog', 'ro.webp'), 'forside')
    const files = new built.staticFiles.StaticFiles(emptyBuild(), publicDir)
    expect(fast('/images/blog/ro.webp?v=0a1b2c3d4e', {}, 'GET', files)?.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(fast('/images/blog/ro.webp', {}, 'GET', files)?.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800')
  })
})

describe('the envelope in the built site', () => {
  const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init)

  it('writes one access log line per request, with the status, the time taken, the cache and a hash of the address', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    // The clock well past zero, so a time taken is an interval, not a reading of the clock.
    vi.advanceTimersByTime(5_000)
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const response = await built.pipeline.serveRequest(request('/om?x=1', { method: 'HEAD' }), '198.51.100.4', (context) => {
      context.served.cache = 'hit'
      vi.advanceTimersByTime(25)
      return new Response(null, { status: 200 })
    })
    expect(response.headers.get('content-security-policy')).toBe(STRICT_POLICY)
    expect(lines).toEqual([{ time: expect.any(String), level: 'info', msg: 'request', method: 'HEAD', path: '/om', status: 200, ms: 25, ip: expect.stringMatching(/^[0-9a-f]{32}$/), cache: 'hit' }])
    const ip = lines[0]!.ip

    // Without an address from server.ts (the development server), the request's own is read: the same visitor, the same hash.
    lines.length = 0
    await built.pipeline.serveRequest(Object.assign(request('/findes-ikke'), { ip: '198.51.100.4' }), undefined, () => new Response('nej', { status: 404 }))
    expect(lines).toMatchObject([{ level: 'info', msg: 'page not found', method: 'GET', path: '/findes-ikke', status: 404, ip }])
    expect(lines[0]).not.toHaveProperty('cache')

    lines.length = 0
    await built.pipeline.serveRequest(request('/om'), '198.51.100.5', () => new Response('ok'))
    expect(lines[0]!.ip).not.toBe(ip)
  })

  it('logs a failure as an error with its cause, and the 500 it answered', async () => {
    const response = await built.pipeline.serveRequest(request('/blog'), '198.51.100.4', () => {
      throw new Error('SQLITE_CANTOPEN')
    })
    expect(response.status).toBe(500)
    expect(lines).toMatchObject([
      { level: 'error', msg: 'request failed', path: '/blog', error: 'Error: SQLITE_CANTOPEN' },
      { level: 'error', msg: 'request', path: '/blog', status: 500 },
    ])
  })

  it('logs a visitor who went away as aborted, with 499', async () => {
    const gone = new AbortController()
    gone.abort()
    const response = await built.pipeline.serveRequest(request('/blog', { signal: gone.signal }), '198.51.100.4', () => {
      throw new DOMException('The operation was aborted.', 'AbortError')
    })
    expect(response.status).toBe(499)
    expect(lines).toMatchObject([{ level: 'info', msg: 'request aborted by client', path: '/blog', status: 499 }])
    expect(lines).toHaveLength(1)
  })

  it('redirects //host addresses for shared caches too, and keeps a page’s own policy', async () => {
    const redirect = await built.pipeline.serveRequest(request('//evil.example/om'), '198.51.100.4', () => new Response('app'))
    expect([redirect.status, redirect.headers.get('location'), redirect.headers.get('cache-control')]).toEqual([301, '/evil.example/om', SHARED])
    expect(lines).toMatchObject([{ msg: 'request', path: '//evil.example/om', status: 301 }])

    const own = await built.pipeline.serveRequest(request('/om'), '198.51.100.4', () => new Response('ok', { headers: { 'Content-Security-Policy': "default-src 'none'" } }))
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'")
  })
})

describe('shutdown', () => {
  it('stops the background jobs and closes the database: the next use opens it afresh', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    vi.stubEnv('BACKGROUND_JOBS', 'on')
    onTestFinished(() => {
      vi.useRealTimers()
      vi.stubEnv('BACKGROUND_JOBS', 'off')
    })
    const before = built.connection.getDb()
    built.jobs.startBackgroundJobs()
    expect(vi.getTimerCount()).toBe(2)
    built.pipeline.shutdown()
    expect(vi.getTimerCount()).toBe(0)
    expect(() => before.$client.prepare('SELECT 1').get()).toThrow('not open')
    expect(built.connection.getDb()).not.toBe(before)
  })
})

describe('a server function’s outage', () => {
  it('is logged with what the framework said, and answered in Danish without its details', async () => {
    const said = `{"error":"Cannot read properties of undefined (reading 'status')${'x'.repeat(1500)}"}`
    const request = new Request('http://localhost/_serverFn/kendt')
    const response = await built.guard.guardServerFunction(
      { request, pathname: '/_serverFn/kendt', context: { clientAddress: '203.0.113.7', served: {} }, next: async () => ({ response: new Response(said, { status: 500 }) }) },
      new Set(['/_serverFn/kendt']),
    )
    expect(response.status).toBe(500)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.text()).toBe('Der opstod en fejl på serveren. Prøv igen om lidt.')
    expect(lines).toEqual([{ time: expect.any(String), level: 'error', msg: 'server function failed', path: '/_serverFn/kendt', status: 500, error: said.slice(0, 1000) }])
  })

  it('is told in Danish when Start gives no response, and the log names the function', async () => {
    const request = new Request('http://localhost/_serverFn/kendt')
    const response = await built.guard.guardServerFunction(
      { request, pathname: '/_serverFn/kendt', context: { clientAddress: '203.0.113.7', served: {} }, next: async () => ({ response: undefined as unknown as Response }) },
      new Set(['/_serverFn/kendt']),
    )
    expect(response.status).toBe(500)
    expect(await response.text()).toBe('Der opstod en fejl på serveren. Prøv igen om lidt.')
    expect(lines).toEqual([{ time: expect.any(String), level: 'error', msg: 'server function gave no answer', path: '/_serverFn/kendt' }])
  })

  it('is only a 5xx: a 4xx answer is the caller’s, not logged', async () => {
    for (const status of [499, 404, 200]) {
      const request = new Request('http://localhost/_serverFn/kendt')
      await built.guard.guardServerFunction(
        { request, pathname: '/_serverFn/kendt', context: { clientAddress: '203.0.113.7', served: {} }, next: async () => ({ response: new Response('x', { status }) }) },
        new Set(['/_serverFn/kendt']),
      )
    }
    expect(lines).toEqual([])
  })
})

describe('the health check', () => {
  /** A database of its own for the server, given back to the other tests when the test ends. */
  function ownDatabase() {
    built.connection.closeDb()
    const file = join(mkdtempSync(join(dir, 'health-')), 'site.db')
    // With an article already in it: an empty database would be seeded from content/blog.
    const db = openDatabase(file)
    syncBlogPosts(db, content)
    db.$client.close()
    vi.stubEnv('DATABASE_URL', file)
    onTestFinished(() => {
      built.connection.closeDb()
      vi.stubEnv('DATABASE_URL', databaseFile)
    })
    built.connection.getDb()
    lines.length = 0
    return file
  }
  const answer = async () => {
    const response = built.health.healthResponse()
    return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() }
  }

  it('is ok, uncached, while the database file is the one opened and answers', async () => {
    ownDatabase()
    expect(await answer()).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } })
    expect(lines).toEqual([])
  })

  it('is unavailable, and says why in the log, when the file was deleted or replaced under the server', async () => {
    const file = ownDatabase()
    renameSync(file, `${file}.flyttet`)
    expect(await answer()).toEqual({ status: 503, cache: 'no-store', body: { status: 'unavailable', reason: 'database file missing' } })
    expect(lines).toMatchObject([{ level: 'error', msg: 'health check failed', reason: 'database file missing' }])

    writeFileSync(file, '')
    expect((await answer()).body).toEqual({ status: 'unavailable', reason: 'database file replaced' })
  })

  it('is unavailable when the database does not answer, or cannot be opened', async () => {
    ownDatabase()
    built.connection.getDb().$client.close()
    expect(await answer()).toEqual({ status: 503, cache: 'no-store', body: { status: 'unavailable', reason: 'The database connection is not open' } })

    built.connection.closeDb()
    const notAFolder = join(dir, 'en-fil')
    writeFileSync(notAFolder, '')
    vi.stubEnv('DATABASE_URL', join(notAFolder, 'site.db'))
    const unopenable = await answer()
    expect(unopenable).toEqual({ status: 503, cache: 'no-store', body: { status: 'unavailable', reason: expect.stringContaining(notAFolder) } })
  })
})
