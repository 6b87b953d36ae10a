import { createHash } from 'node:crypto'
import { expect, expectSecurityHeaders, test } from './helpers'
import { contactFormActionIn } from '../scripts/lib/loopback-client'

test('every kind of response carries the security headers; a page is the same bytes and headers for everyone', async ({ request }) => {
  const page = await request.get('/om')
  const again = await request.get('/om')
  expect(page.status()).toBe(200)
  expectSecurityHeaders(page)
  expect(page.headers()['content-security-policy']).toBe(again.headers()['content-security-policy'])
  expect(page.headers().etag).toBe(again.headers().etag)
  expect(await page.body()).toEqual(await again.body())
  for (const path of ['/favicon.svg', '/sitemap.xml', '/rss.xml', '/robots.txt', '/findes-ikke', '/healthz']) {
    expectSecurityHeaders(await request.get(path))
  }
})

test('the app script loads after the page has loaded, and every inline script is allowed by its hash', async ({ request }) => {
  for (const path of ['/', '/blog', '/blog/stress-er-ikke-svaghed', '/kontakt', '/findes-ikke']) {
    const response = await request.get(path)
    const html = await response.text()
    // BodyScripts and HeadTags (app/components/layout/document-assets.tsx) render the router's
    // module script as a loader and drop its preload hints; this fails when the router's tags change.
    expect(html, path).not.toContain('<script type="module"')
    expect(html, path).not.toContain('rel="modulepreload"')
    // One inline loader imports the entry, from the load event on (e2e/script-after-paint.spec.ts has when).
    const loaders = html.match(/<script>[^<]*import\("\/assets\/[^"]+\.js"\)[^<]*<\/script>/g)
    expect(loaders, path).toHaveLength(1)
    expect(loaders![0], path).toContain('addEventListener("load"')
    const csp = response.headers()['content-security-policy'] ?? ''
    expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/)
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
    expect(inline.length, path).toBeGreaterThan(0)
    for (const script of inline) {
      expect(csp, `${path}: ${script.slice(0, 60)}`).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`)
    }
  }
})

test('pages are cacheable by a CDN and answer conditional requests', async ({ request }) => {
  const first = await request.get('/ydelser')
  expect(first.headers()['cache-control']).toContain('s-maxage=')
  expect(first.headers()['cache-control']).toContain('stale-while-revalidate=')
  const etag = first.headers().etag
  expect(etag).toBeTruthy()
  const second = await request.get('/ydelser', { headers: { 'If-None-Match': etag! } })
  expect(second.status()).toBe(304)
  const asset = (await first.text()).match(/\/assets\/[^"]+\.css/)?.[0]
  expect((await request.get(asset!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('odd, encoded and very long paths are pages that do not exist, never errors', async ({ request }) => {
  for (const path of ['/%', '/%00', '/blog/%E0%A4%A', '/..%2f..%2fetc%2fpasswd', `/blog/${'a'.repeat(3000)}`, `/${'b'.repeat(5000)}`, '/blog/%F0%9F%98%80']) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path.slice(0, 40)).toBe(404)
    expect(await response.text()).toContain('Siden blev ikke fundet')
  }
})

test('garbage in the query leads to the page with the defaults', async ({ request }) => {
  for (const query of ['kategori=%3Cscript%3E', 'side=-1', 'side=99999999999', 'kategori[]=x']) {
    const response = await request.get(`/blog?${query}`, { maxRedirects: 0 })
    expect(response.status(), query).toBe(301)
    expect(response.headers().location, query).toBe('/blog')
  }
})

test('one address per page: case variants and trailing slashes redirect, tracking parameters get the cached page', async ({ request }) => {
  const redirects: Array<[string, string]> = [
    ['/Blog', '/blog'],
    ['/OM', '/om'],
    ['/om/', '/om'],
    ['/blog/Stress-Er-Ikke-Svaghed', '/blog/stress-er-ikke-svaghed'],
    ['/blog?side=2&kategori=stress', '/blog?kategori=stress&side=2'],
    ['/om?x=1', '/om'],
  ]
  for (const [from, to] of redirects) {
    const response = await request.get(from, { maxRedirects: 0 })
    expect(response.status(), from).toBe(301)
    expect(response.headers().location, from).toBe(to)
  }
  const canonical = await request.get('/ydelser')
  const shared = await request.get('/ydelser?utm_source=nyhedsbrev&utm_medium=email&fbclid=abc&gclid=def')
  expect(shared.status()).toBe(200)
  expect(shared.headers().etag).toBe(canonical.headers().etag)
  expect(shared.headers()['cache-control']).toBe(canonical.headers()['cache-control'])
})

test('compressed once, answered like a static file: encodings, q-values, HEAD and 304', async ({ request }) => {
  const path = '/blog/stress-er-ikke-svaghed'
  const br = await request.get(path, { headers: { 'Accept-Encoding': 'br, gzip' } })
  const gzip = await request.get(path, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } })
  const plain = await request.get(path, { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } })
  expect([br, gzip, plain].map((response) => response.headers()['content-encoding'])).toEqual(['br', 'gzip', undefined])
  expect(new Set([br, gzip, plain].map((response) => response.headers().etag)).size).toBe(3)
  expect(br.headers().vary).toBe('Accept-Encoding')
  // The client decodes both: the same page either way.
  expect(await br.text()).toBe(await plain.text())

  const head = await request.head(path, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(head.status()).toBe(200)
  expect(head.headers()['content-length']).toBe(gzip.headers()['content-length'])
  expect(head.headers().etag).toBe(gzip.headers().etag)
  expect(head.headers()['content-security-policy']).toBe(gzip.headers()['content-security-policy'])

  const revalidated = await request.get(path, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': gzip.headers().etag! } })
  expect(revalidated.status()).toBe(304)
  expect(revalidated.headers()['content-security-policy']).toBe(gzip.headers()['content-security-policy'])
  expect(await revalidated.body()).toHaveLength(0)
})

test('a blog page beyond the last one does not exist', async ({ request }) => {
  expect((await request.get('/blog?side=999')).status()).toBe(404)
  expect((await request.get('/blog?kategori=kosttilskud&side=2')).status()).toBe(404)
})

test('unexpected methods are refused', async ({ request }) => {
  for (const path of ['/', '/blog', '/sitemap.xml']) {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await request.fetch(path, { method })).status(), `${method} ${path}`).toBe(405)
    }
  }
})

test('the contact endpoint refuses cross-site, malformed, oversized and foreign posts, and unknown endpoints do not exist', async ({ request }) => {
  const action = contactFormActionIn(await (await request.get('/kontakt')).text())
  expect(action).toBeTruthy()
  const sameOrigin = { 'Sec-Fetch-Site': 'same-origin' }
  const form = { 'Content-Type': 'application/x-www-form-urlencoded', ...sameOrigin }

  expect((await request.post(action!, { headers: { ...form, 'Sec-Fetch-Site': 'cross-site' }, data: 'firstName=A' })).status()).toBe(403)
  expect((await request.post(action!, { headers: form, data: `message=${'x'.repeat(70 * 1024)}` })).status()).toBe(413)
  expect((await request.post(action!, { headers: { 'Content-Type': 'text/plain', ...sameOrigin }, data: 'hej' })).status()).toBe(415)
  expect((await request.post(action!, { headers: { 'Content-Type': 'application/json', ...sameOrigin }, data: '{"data": [1,' })).status()).toBe(400)
  expect((await request.post(action!, { headers: { 'Content-Type': 'multipart/form-data; boundary=x', ...sameOrigin }, data: '--x\r\nbroken' })).status()).toBe(400)
  expect((await request.post('/_serverFn/findes-ikke', { headers: form, data: 'a=b' })).status()).toBe(404)
})

test('health check answers without data', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok' })
})
