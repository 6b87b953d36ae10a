import Database from 'better-sqlite3'
import { BASE_URL, DATABASE_FILE } from './environment'
import { emailsFor, expect, test, uniqueEmail } from './helpers'
import { contactFormAction } from '../scripts/lib/loopback-client'
import { rawRequest } from './raw-http'

// Requests a browser would never make but a client can: odd and encoded addresses sent exactly as
// written, a chunked body with no Content-Length, conditional requests for pages that are not
// 200, and the spam trap filled in, as the robots it is meant for would.

/** Where the form posts without JavaScript: the same body guard as every server function. */
const contactAction = () => contactFormAction(BASE_URL)
const sameOrigin = { Origin: BASE_URL, 'Sec-Fetch-Site': 'same-origin' }
const validForm = (email: string) => ({ firstName: 'Anne', lastName: 'Jensen', email, phone: '21 43 65 87', serviceType: 'stress-coaching', message: 'Hej, jeg vil gerne høre mere.' })

/** The messages the shared server stored from this e-mail address. */
function storedFrom(email: string) {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT email FROM contact_messages WHERE email = ?').all(email)
  } finally {
    db.close()
  }
}

/** A redirect may only lead to a path of this site: `//evil.example` or `/\\evil.example` is another site to a browser. */
function expectOnThisSite(location: string, what: string) {
  expect(location, what).toMatch(/^\/(?![/\\])/)
  expect(new URL(location, BASE_URL).origin, what).toBe(BASE_URL)
}

test('//host-style addresses stay on this site: a redirect to the path itself or a page that does not exist', async () => {
  for (const path of ['//evil.example', '//evil.example/', '//evil.example/om', '///evil.example/', '//evil.example/%2e%2e/om', '//127.0.0.1:1/']) {
    const answer = await rawRequest(BASE_URL, path)
    expect([301, 404], path).toContain(answer.status)
    if (answer.status === 301) {
      const location = String(answer.headers.location)
      expectOnThisSite(location, path)
      // Followed, it ends on this site too (at a page or the not-found page), never elsewhere.
      const next = await rawRequest(BASE_URL, location)
      expect(next.status, location).toBeLessThan(500)
      if (next.status === 301) expectOnThisSite(String(next.headers.location), location)
    } else {
      expect(answer.body, path).toContain('Siden blev ikke fundet')
    }
  }
})

test('encoded slashes, backslashes and dots never lead off the site or to an error', async () => {
  const paths = ['/%2F%2Fevil.example', '/%2F%2Fevil.example/', '/%2f%2fevil.example/om/', '/%5Cevil.example/', '/%5C%5Cevil.example/', '/\\evil.example/', '/.%2F%2Fevil.example/', '/%2e%2e/%2e%2e/etc/passwd', '/OM/%2F%2Fevil.example/']
  for (const path of paths) {
    const answer = await rawRequest(BASE_URL, path)
    expect(answer.status, path).toBeLessThan(500)
    expect(answer.status, path).not.toBe(200)
    if (answer.status >= 300 && answer.status < 400) expectOnThisSite(String(answer.headers.location), path)
  }
})

test('a body is held to the 64 KB limit: a chunked one, which does not say its length, is refused unread', async () => {
  const action = await contactAction()
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', ...sameOrigin }
  /** A form body of exactly this many bytes, in 4 KB chunks. */
  const formOf = (bytes: number) => {
    const body = Buffer.from(`firstName=Anne&message=${'x'.repeat(bytes - 'firstName=Anne&message='.length)}`)
    expect(body.length).toBe(bytes)
    const chunks: Buffer[] = []
    for (let offset = 0; offset < body.length; offset += 4096) chunks.push(body.subarray(offset, offset + 4096))
    return chunks
  }
  const stated = (bytes: number) => ({ ...headers, 'Content-Length': String(bytes) })

  // Stated and within the limit: read and judged (a message that long is the visitor's mistake).
  const atTheLimit = await rawRequest(BASE_URL, action, { method: 'POST', headers: stated(64 * 1024), chunks: formOf(64 * 1024) })
  expect(atTheLimit.status).toBe(422)
  expect(atTheLimit.body).toContain('Beskeden må højst')
  const overTheLimit = await rawRequest(BASE_URL, action, { method: 'POST', headers: stated(64 * 1024 + 1), chunks: formOf(64 * 1024 + 1) })
  expect(overTheLimit.status).toBe(413)
  expect(overTheLimit.body).toBe('Forespørgslen er for stor (højst 64 KB).')

  // Chunked (Transfer-Encoding: chunked, no Content-Length), small or far over the limit: refused.
  for (const bytes of [1024, 300 * 1024]) {
    const chunked = await rawRequest(BASE_URL, action, { method: 'POST', headers, chunks: formOf(bytes) })
    expect(chunked.status, `${bytes} bytes`).toBe(411)
    expect(chunked.body).toBe('Forespørgslen skal angive sin længde.')
    expect(chunked.headers['x-content-type-options']).toBe('nosniff')
    expect(chunked.headers['content-security-policy']).toContain("default-src 'self'")
  }
})

test('only a 200 answers 304: a conditional request for a missing page, a redirect or a refusal gets that answer', async ({ request }) => {
  const missing = await request.get('/findes-ikke')
  expect(missing.status()).toBe(404)
  for (const tag of [missing.headers().etag, '*'].filter(Boolean) as string[]) {
    const again = await request.get('/findes-ikke', { headers: { 'If-None-Match': tag } })
    expect(again.status(), tag).toBe(404)
    expect(await again.text(), tag).toContain('Siden blev ikke fundet')
  }
  const action = await contactAction()
  for (const [what, status, response] of [
    ['redirect', 301, await request.get('/OM', { headers: { 'If-None-Match': '*' }, maxRedirects: 0 })],
    ['method refused', 405, await request.post('/om', { headers: { 'If-None-Match': '*' }, data: 'a=b' })],
    ['unknown server function', 404, await request.get('/_serverFn/findes-ikke', { headers: { 'If-None-Match': '*' } })],
    ['malformed form', 400, await request.post(action, { headers: { 'If-None-Match': '*', 'Content-Type': 'multipart/form-data; boundary=x', ...sameOrigin }, data: '--x\r\nbroken' })],
  ] as const) {
    expect(response.status(), what).toBe(status)
  }
})

test('the spam trap the form renders is the one the server checks: filled in, nothing is stored or mailed, and the robot is told "received"', async ({ browser, request }) => {
  // The trap's name is read from the page as a robot would see it: the one field hidden from people.
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/kontakt')
  const traps = page.locator('#kontaktformular [aria-hidden="true"] input')
  await expect(traps).toHaveCount(1)
  await expect(traps).toHaveAttribute('tabindex', '-1')
  const trap = (await traps.getAttribute('name'))!
  const action = (await page.locator('#kontaktformular').getAttribute('action'))!
  await context.close()

  const robot = uniqueEmail('robot')
  const filled = await request.post(action, { form: { ...validForm(robot), [trap]: 'https://spam.example' }, headers: sameOrigin, maxRedirects: 0 })
  expect(filled.status()).toBe(303)
  expect(filled.headers().location).toBe('/kontakt?status=modtaget#kontaktformular')
  expect(storedFrom(robot)).toEqual([])

  // The same post with the trap left empty, as people send it, is stored and mailed.
  const person = uniqueEmail('menneske')
  const empty = await request.post(action, { form: { ...validForm(person), [trap]: '' }, headers: sameOrigin, maxRedirects: 0 })
  expect(empty.status()).toBe(303)
  expect(empty.headers().location).toBe('/kontakt?status=sendt#kontaktformular')
  expect(storedFrom(person)).toEqual([{ email: person }])
  await expect.poll(() => emailsFor(person).length).toBe(2)
  expect(emailsFor(robot)).toEqual([])
})
