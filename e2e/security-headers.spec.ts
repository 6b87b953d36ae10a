import type { APIRequestContext, APIResponse } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { BASE_URL } from './environment'
import { expect, expectSecurityHeaders, test, uniqueEmail } from './helpers'
import { contactFormActionIn } from '../scripts/lib/loopback-client'

// The security headers are promised for every response, not just for pages that render: redirects,
// revalidations, refusals, errors and HEAD included. Each answer below is provoked the way a
// visitor or a client would, against the production server.

const contactAction = async (request: APIRequestContext, base: string) =>
  contactFormActionIn(await (await request.get(`${base}/kontakt`)).text())!

const sameOrigin = (base: string) => ({ 'Sec-Fetch-Site': 'same-origin', Origin: base })

/**
 * One response of every kind the site gives, with the status it must have. Posts name the site's
 * public origin (SITE_URL's), as a browser on the site does, whatever address the server is reached at.
 */
async function everyKindOfResponse(request: APIRequestContext, base = BASE_URL, publicOrigin = base) {
  const action = await contactAction(request, base)
  const page = await request.get(`${base}/om`)
  const file = await request.get(`${base}/favicon.svg`)
  const contactForm = { firstName: 'Anne', lastName: 'Jensen', email: uniqueEmail('headers'), phone: '21 43 65 87', serviceType: 'stress-coaching', message: 'Hej, jeg vil gerne høre mere.' }
  const answers: Array<[string, number, APIResponse]> = [
    ['page', 200, page],
    ['static file', 200, file],
    ['HEAD of a page', 200, await request.head(`${base}/om`)],
    ['HEAD of a static file', 200, await request.head(`${base}/favicon.svg`)],
    ['canonical redirect', 301, await request.get(`${base}/OM`, { maxRedirects: 0 })],
    ['contact form without JavaScript', 303, await request.post(`${base}${action}`, { form: contactForm, headers: sameOrigin(publicOrigin), maxRedirects: 0 })],
    ['page revalidated', 304, await request.get(`${base}/om`, { headers: { 'If-None-Match': page.headers().etag! } })],
    ['static file revalidated', 304, await request.get(`${base}/favicon.svg`, { headers: { 'If-None-Match': file.headers().etag! } })],
    ['malformed server-function call', 400, await request.post(`${base}${action}`, { headers: { 'Content-Type': 'application/json', ...sameOrigin(publicOrigin) }, data: '{"data": [1,' })],
    ['cross-site post', 403, await request.post(`${base}${action}`, { form: contactForm, headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }, maxRedirects: 0 })],
    ['unknown page', 404, await request.get(`${base}/findes-ikke`)],
    ['unknown server function', 404, await request.post(`${base}/_serverFn/findes-ikke`, { form: contactForm, headers: sameOrigin(publicOrigin) })],
    ['GET of an unknown server function', 404, await request.get(`${base}/_serverFn/findes-ikke`)],
    ['HEAD of an unknown page', 404, await request.head(`${base}/findes-ikke`)],
    ['POST to a page', 405, await request.post(`${base}/om`, { data: 'a=b' })],
    ['server function with a method it does not take', 405, await request.fetch(`${base}${action}`, { method: 'PUT', form: contactForm, headers: sameOrigin(publicOrigin) })],
    ['oversized post', 413, await request.post(`${base}${action}`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...sameOrigin(publicOrigin) }, data: `message=${'x'.repeat(70 * 1024)}` })],
    ['post that is neither form nor JSON', 415, await request.post(`${base}${action}`, { headers: { 'Content-Type': 'text/plain', ...sameOrigin(publicOrigin) }, data: 'hej' })],
  ]
  for (const [what, status, response] of answers) expect(response.status(), what).toBe(status)
  return answers
}

test('every status and method carries the security headers: 200, HEAD, 301, 303, 304, 400, 403, 404 (a page and a server function), 405, 413, 415', async ({ request }) => {
  for (const [what, , response] of await everyKindOfResponse(request)) {
    expectSecurityHeaders(response, what)
    // Served over http (SITE_URL is http here): no HSTS, which would lock visitors out of plain http.
    expect(response.headers()['strict-transport-security'], what).toBeUndefined()
  }
})

test('a 304 has the same validator and security headers as the 200 it stands for, and no body', async ({ request }) => {
  for (const path of ['/ydelser', '/blog/stress-er-ikke-svaghed', '/favicon.svg']) {
    const full = await request.get(path)
    expect(full.status(), path).toBe(200)
    const etag = full.headers().etag!
    // A strong validator: the same bytes, the same tag.
    expect(etag, path).toMatch(/^"[^"]+"$/)
    const revalidated = await request.get(path, { headers: { 'If-None-Match': etag } })
    expect(revalidated.status(), path).toBe(304)
    expect(await revalidated.body(), path).toHaveLength(0)
    expect(revalidated.headers().etag, path).toBe(etag)
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'x-frame-options', 'cache-control']) {
      expect(revalidated.headers()[header], `${path} ${header}`).toBe(full.headers()[header])
    }
    // Another tag, or none, gets the page itself.
    expect((await request.get(path, { headers: { 'If-None-Match': '"anders"' } })).status(), path).toBe(200)
  }
})

test('behind https (an https SITE_URL) every kind of response carries HSTS, and the CSP upgrades insecure requests', async ({ launchServer, playwright }) => {
  const server = await launchServer({ env: { SITE_URL: 'https://www.coach-eksempel.dk' } })
  const request = await playwright.request.newContext()
  try {
    for (const [what, , response] of await everyKindOfResponse(request, server.url, 'https://www.coach-eksempel.dk')) {
      expectSecurityHeaders(response, what)
      expect(response.headers()['strict-transport-security'], what).toBe('max-age=63072000; includeSubDomains')
      expect(response.headers()['content-security-policy'], what).toContain('upgrade-insecure-requests')
    }
  } finally {
    await request.dispose()
  }
})

test('a server error (500) carries the security headers and tells the visitor in Danish, without details', async ({ launchServer, playwright }) => {
  // A database that cannot be opened: its path is a folder. The server starts, says so on
  // /healthz, and every page it has to render fails.
  const server = await launchServer({
    readyPath: '/healthz',
    prepare: ({ databaseFile }) => mkdirSync(databaseFile, { recursive: true }),
  })
  const request = await playwright.request.newContext({ baseURL: server.url })
  try {
    expect((await request.get('/healthz')).status()).toBe(503)
    for (const [what, response] of [
      ['GET', await request.get('/blog')],
      ['HEAD', await request.head('/om')],
    ] as const) {
      expect(response.status(), what).toBe(500)
      expectSecurityHeaders(response, what)
      expect(response.headers()['cache-control'], what).toBe('no-store')
    }
    const body = await (await request.get('/ydelser')).text()
    expect(body).toBe('Der opstod en fejl på serveren. Prøv igen om lidt.')
    // The reason is in the server's log, not in the answer.
    expect(server.logLines().filter((line) => line.msg === 'request failed').map((line) => line.path)).toEqual(['/blog', '/om', '/ydelser'])
    expect(JSON.stringify(server.logLines())).toContain('unable to open database file')
  } finally {
    await request.dispose()
  }
})
