import { type APIResponse, expect, test } from '@playwright/test'

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers()
  const csp = headers['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/)
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).not.toContain('unsafe-eval')
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "img-src 'self' data:"]) {
    expect(csp).toContain(directive)
  }
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(headers['x-powered-by']).toBeUndefined()
  expect(headers.server).toBeUndefined()
}

test('every kind of response carries the security headers, with a fresh nonce each time', async ({ request }) => {
  const page = await request.get('/om')
  const again = await request.get('/om')
  expect(page.status()).toBe(200)
  expectSecurityHeaders(page)
  expect(page.headers()['content-security-policy']).not.toBe(again.headers()['content-security-policy'])
  for (const path of ['/favicon.svg', '/sitemap.xml', '/rss.xml', '/robots.txt', '/findes-ikke', '/healthz']) {
    expectSecurityHeaders(await request.get(path))
  }
})

test('the nonce in the page is the nonce in the header, also when the page comes from the cache', async ({ request }) => {
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await request.get('/')
    const nonce = response.headers()['content-security-policy']?.match(/'nonce-([^']+)'/)?.[1]
    const html = await response.text()
    const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))
    expect([...nonces]).toEqual([nonce])
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

test('garbage in the query falls back to the defaults', async ({ request }) => {
  for (const query of ['kategori=%3Cscript%3E', 'side=-1', 'side=99999999999', 'kategori[]=x']) {
    const response = await request.get(`/blog?${query}`)
    expect(response.status(), query).toBe(200)
    expect(await response.text()).not.toContain('<script>')
  }
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
  const action = (await (await request.get('/kontakt')).text()).match(/action="(\/_serverFn\/[^"]+)"/)?.[1]
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
