import { brotliCompressSync, constants as zlib } from 'node:zlib'
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { BASE_URL } from './environment'
import { expect, gotoInteractive, test } from './helpers'

/** A request exactly as written: a path a browser would resolve (`//x`), a body without a length. */
function rawRequest(path: string, { method = 'GET', headers = {}, chunks = [] }: { method?: string; headers?: Record<string, string>; chunks?: string[] } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders }>((done, fail) => {
    const { hostname, port } = new URL(BASE_URL)
    const outgoing = httpRequest({ hostname, port, path, method, headers }, (response) => {
      response.resume()
      done({ status: response.statusCode!, headers: response.headers })
    }).on('error', fail)
    for (const chunk of chunks) outgoing.write(chunk)
    outgoing.end()
  })
}
const rawGet = (path: string, headers: Record<string, string> = {}) => rawRequest(path, { headers })

// Failure is cheap and an address is one page: what a hostile or careless client sends costs a
// quick answer and never displaces a real page from the cache.

test('percent-encoded letters redirect to the plain address instead of being pages of their own', async ({ request }) => {
  for (const [from, to] of [
    ['/%6Fm', '/om'],
    ['/o%6D', '/om'],
    ['/%72eferencer', '/referencer'],
    ['/blog/%73tress-er-ikke-svaghed', '/blog/stress-er-ikke-svaghed'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 })
    expect(response.status(), from).toBe(301)
    expect(response.headers().location, from).toBe(to)
  }
  // An escape that no page address can contain is a page that does not exist.
  expect((await request.get('/blog/%C3%A6ble', { maxRedirects: 0 })).status()).toBe(404)
  // `//host/path` is never a redirect to another host, whatever the Host header says, nor the
  // cached page of its path (/om is cached first, so the production fast path is tried too).
  await request.get('/om')
  const slashes = await rawGet('//evil.example/om', { Host: 'evil.example' })
  expect(slashes.status).toBe(301)
  expect(slashes.headers.location).toBe('/evil.example/om')
  // A target in absolute form is this site's page only when it names this site (SITE_URL's host),
  // from the fast path (/om is cached) and through Start alike (/privatlivspolitik is not yet).
  for (const path of ['/om', '/privatlivspolitik']) {
    expect((await rawGet(`http://evil.example${path}`, { Host: 'evil.example' })).status, path).toBe(404)
    expect((await rawGet(`${BASE_URL}${path}`)).status, path).toBe(200)
  }
})

test('a page that does not exist is never stored, and compressed quickly rather than at the highest effort', async ({ request }) => {
  const plain = await request.get('/findes-ikke-1', { headers: { 'Accept-Encoding': 'identity' } })
  const br = await request.get('/findes-ikke-2', { headers: { 'Accept-Encoding': 'br' } })
  expect([plain.status(), br.status()]).toEqual([404, 404])
  expect(plain.headers()['cache-control']).toBe('no-store')
  expect(br.headers()['content-encoding']).toBe('br')
  // Brotli at its highest setting makes a smaller file: the 404 was not compressed that way.
  const highest = brotliCompressSync(await plain.body(), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
  expect(Number(br.headers()['content-length'])).toBeGreaterThan(highest.length)
})

test('a no-store answer is never a 304, whatever If-None-Match says', async ({ request }) => {
  for (const path of ['/kontakt?status=sendt', '/findes-ikke']) {
    const first = await request.get(path)
    expect(first.headers()['cache-control'], path).toBe('no-store')
    for (const tag of ['*', first.headers().etag!]) {
      expect((await request.get(path, { headers: { 'If-None-Match': tag } })).status(), `${path} ${tag}`).toBe(first.status())
    }
  }
})

test('/healthz answers GET and HEAD only', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200)
  expect((await request.head('/healthz')).status()).toBe(200)
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const response = await request.fetch('/healthz', { method })
    expect(response.status(), method).toBe(405)
    expect(response.headers().allow, method).toBe('GET, HEAD')
  }
})

test('a feed keeps its own Cache-Control', async ({ request }) => {
  for (const path of ['/sitemap.xml', '/rss.xml', '/robots.txt']) {
    expect((await request.get(path)).headers()['cache-control'], path).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400')
  }
})

test('a large server-function answer is compressed and never stored', async ({ page }) => {
  const answers: Array<{ encoding?: string; cacheControl?: string }> = []
  page.on('response', (response) => {
    if (response.url().includes('/_serverFn/')) answers.push({ encoding: response.headers()['content-encoding'], cacheControl: response.headers()['cache-control'] })
  })
  await gotoInteractive(page, '/om')
  // Going to the blog inside the app fetches its index through a server function.
  await page.locator('header').getByRole('link', { name: 'Blog' }).first().click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect.poll(() => answers.length).toBeGreaterThan(0)
  expect(answers[0]).toEqual({ encoding: expect.stringMatching(/^(br|gzip)$/), cacheControl: 'no-store' })
})

test('300 unknown and encoded addresses cannot push a real page out of the page cache', async ({ launchServer, playwright }) => {
  test.setTimeout(120_000)
  // Room for a few dozen pages: 300 distinct variants would flush it if they were stored.
  const server = await launchServer({ env: { PAGE_CACHE_BYTES: '1500000' } })
  const request = await playwright.request.newContext({ baseURL: server.url })
  try {
    expect((await request.get('/om')).status()).toBe(200)
    const word = 'privatlivspolitik'
    /** The n-th spelling of the word with some letters percent-encoded (upper or lower hex). */
    const variant = (n: number) =>
      [...word]
        .map((letter, index) => {
          const digit = Math.floor(n / 3 ** index) % 3
          const hex = letter.charCodeAt(0).toString(16)
          return digit === 0 ? letter : `%${digit === 1 ? hex.toUpperCase() : hex}`
        })
        .join('')
    for (let n = 1; n <= 150; n++) {
      expect((await request.get(`/${variant(n)}`, { maxRedirects: 0 })).status()).toBe(301)
      expect((await request.get(`/findes-ikke-${n}`, { maxRedirects: 0 })).status()).toBe(404)
    }
    await request.get('/om')
    const last = server.logLines().filter((line) => line.path === '/om').at(-1)
    expect(last?.cache).toBe('hit')
  } finally {
    await request.dispose()
  }
})

test('a visitor who gives up in the middle of a form post is logged as 499, without an error or a stack', async ({ launchServer }) => {
  const server = await launchServer()
  const { hostname, port, host } = new URL(server.url)
  await new Promise<void>((done) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /kontakt HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nfirstName=Anne`)
      setTimeout(() => socket.destroy(), 300)
    })
    socket.on('close', () => done())
  })
  await expect.poll(() => server.logLines().filter((line) => line.path === '/kontakt').map((line) => [line.status, line.msg])).toEqual([[499, 'request aborted by client']])
  expect(server.logLines().filter((line) => line.level === 'error')).toEqual([])
})
