import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { RequestContext } from '~/server/http/client-address.server'
import { answerPage } from '~/server/http/page-middleware.server'

// The page middleware as Start calls it, with real Requests and a `next` that answers like a
// route. In the test environment the page cache is off (as in `npm run dev`): every page is
// rendered; tests/integration/production-pipeline.test.ts runs it as the built site.

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'
const HTML = '<!DOCTYPE html><html><head><title>Om</title></head><body><p>Om Holm Coaching</p></body></html>'

function ask(path: string, init: RequestInit = {}, route: () => Response | Promise<Response> = () => htmlResponse(HTML)) {
  const request = new Request(`http://localhost${path}`, init)
  const context: RequestContext = { clientAddress: '203.0.113.7', served: {} }
  let renders = 0
  const response = answerPage({
    request,
    pathname: new URL(request.url).pathname,
    context,
    next: async () => {
      renders++
      return { response: await route() }
    },
  })
  return { response, renders: () => renders, context }
}

const htmlResponse = (html: string, init: ResponseInit = {}) => new Response(html, { ...init, headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers } })
const form = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
})

describe('the page middleware', () => {
  it('renders a page into fixed bytes: shared caching, a tag, the length, and the route’s own headers but no cookie', async () => {
    const { response, renders, context } = ask('/om', {}, () =>
      htmlResponse(HTML, { headers: { 'Content-Language': 'da', 'Set-Cookie': 'a=b', ETag: '"route"', 'Content-Length': '3' } }),
    )
    const page = await response
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(HTML)
    expect(page.headers.get('cache-control')).toBe(SHARED)
    expect(page.headers.get('content-language')).toBe('da')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('set-cookie')).toBeNull()
    expect(page.headers.get('etag')).toMatch(/^"[\w-]{22}"$/)
    expect(page.headers.get('content-length')).toBe(String(Buffer.byteLength(HTML)))
    expect(page.headers.get('vary')).toBe('Accept-Encoding')
    // Development: Vite injects inline scripts of its own, so pages carry no policy of their own here.
    expect(page.headers.get('content-security-policy')).toBeNull()
    expect(renders()).toBe(1)
    expect(context.served.cache).toBeUndefined()
  })

  it('keeps the Cache-Control a route gives its page', async () => {
    const page = await ask('/om', {}, () => htmlResponse(HTML, { headers: { 'Cache-Control': 'public, max-age=60' } })).response
    expect(page.headers.get('cache-control')).toBe('public, max-age=60')
  })

  it('answers with the encoding asked for, HEAD without a body, and 304 for the tag the client has', async () => {
    const br = await ask('/om', { headers: { 'Accept-Encoding': 'br' } }).response
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(HTML)

    const head = await ask('/om', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } }).response
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(br.headers.get('etag'))
    expect(await head.text()).toBe('')

    const again = await ask('/om', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('etag')! } }).response
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('keeps none of the route’s own encoding, length or tag: the bytes made here have their own', async () => {
    const route = () => htmlResponse(HTML, { headers: { 'Content-Encoding': 'gzip', 'Content-Length': '3', ETag: '"route"', 'Cache-Control': 'public, max-age=60' } })
    const plain = await ask('/om', {}, route).response
    expect([plain.headers.get('content-encoding'), plain.headers.get('content-length'), plain.headers.get('etag')]).toEqual([null, String(HTML.length), expect.stringMatching(/^"[\w-]{22}"$/)])
    const notModified = await ask('/om', { headers: { 'If-None-Match': plain.headers.get('etag')! } }, route).response
    expect([notModified.status, notModified.headers.get('content-length'), notModified.headers.get('cache-control')]).toEqual([304, null, 'public, max-age=60'])
  })

  it('never stores, nor answers 304 for, a page that is not a plain 200 at a page’s address', async () => {
    const missing = await ask('/findes-ikke', { headers: { 'If-None-Match': '*' } }, () => htmlResponse('<p>Siden findes ikke</p>', { status: 404 })).response
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect(await missing.text()).toBe('<p>Siden findes ikke</p>')

    // The contact form's result differs per visitor: no key, so no-store, even as a 200.
    const result = await ask('/kontakt?status=sendt', { headers: { 'If-None-Match': '*' } }).response
    expect([result.status, result.headers.get('cache-control')]).toEqual([200, 'no-store'])
  })

  it('redirects any other spelling of a page’s address, shared-cacheable, without rendering', async () => {
    for (const [path, location] of [
      ['/OM/', '/om'],
      ['/blog?side=1', '/blog'],
    ] as const) {
      const attempt = ask(path)
      const response = await attempt.response
      expect(response.status, path).toBe(301)
      expect(response.headers.get('location'), path).toBe(location)
      expect(response.headers.get('cache-control'), path).toBe(SHARED)
      expect(attempt.renders()).toBe(0)
    }
  })

  it('serves the coach’s feed under a secret with capital letters as it is: no redirect carrying the secret, nothing stored', async () => {
    const secret = 'Et-Langt-HEMMELIGT-ord-til-Kalenderen'
    const { bookingsFeedResponse } = await import('~/server/calendar/bookings-feed.server')
    const { temporaryDatabase } = await import('../helpers')
    const { db } = temporaryDatabase()
    const previous = process.env.COACH_CALENDAR_SECRET
    process.env.COACH_CALENDAR_SECRET = secret
    try {
      const attempt = ask(`/kalender/${secret}.ics`, {}, () => bookingsFeedResponse(`${secret}.ics`, { db }))
      const response = await attempt.response
      expect([response.status, response.headers.get('location')]).toEqual([200, null])
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('no-store, private')
      expect(await response.text()).toContain('BEGIN:VCALENDAR')
      expect(attempt.renders()).toBe(1)
    } finally {
      if (previous === undefined) delete process.env.COACH_CALENDAR_SECRET
      else process.env.COACH_CALENDAR_SECRET = previous
    }
  })

  it("keeps a redirect that carries a visitor's search words out of every shared cache", async () => {
    for (const [path, location] of [
      ['/blog?q=angst%20om%20natten&side=abc', '/blog?q=angst+om+natten'],
      ['/Blog?q=stress', '/blog?q=stress'],
    ] as const) {
      const response = await ask(path).response
      expect(response.status, path).toBe(301)
      expect(response.headers.get('location'), path).toBe(location)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  it('lets GET and HEAD through to the health check untouched, even with a query, and refuses other methods', async () => {
    const health = Response.json({ status: 'ok' })
    for (const method of ['GET', 'HEAD']) {
      const attempt = ask('/healthz?x=1', { method }, () => health)
      expect(await attempt.response).toBe(health)
    }
    const post = ask('/healthz', form('a=1'), () => health)
    const refused = await post.response
    expect(refused.status).toBe(405)
    expect(refused.headers.get('allow')).toBe('GET, HEAD')
    expect(post.renders()).toBe(0)
  })

  it('renders the contact page itself (GET, HEAD) like any page: only a POST is the form', async () => {
    for (const method of ['GET', 'HEAD']) {
      const attempt = ask('/kontakt', { method })
      const response = await attempt.response
      expect([response.status, response.headers.get('cache-control'), response.headers.get('content-length')], method).toEqual([200, SHARED, String(HTML.length)])
      expect(await response.text()).toBe(method === 'GET' ? HTML : '')
      expect(attempt.renders()).toBe(1)
    }
  })

  it('compresses a page rendered per request (no page cache) at the quick setting, not the slowest', async () => {
    const html = `<!DOCTYPE html><html><body><p>${'Holm Coaching i Fredericia. '.repeat(60)}</p></body></html>`
    const identity = Buffer.from(html)
    const br = await ask('/om', { headers: { 'Accept-Encoding': 'br' } }, () => htmlResponse(html)).response
    expect(Buffer.from(await br.arrayBuffer())).toEqual(brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }))
    const gzip = await ask('/om', { headers: { 'Accept-Encoding': 'gzip' } }, () => htmlResponse(html)).response
    expect(Buffer.from(await gzip.arrayBuffer())).toEqual(gzipSync(identity, { level: 6 }))
  })

  it('refuses methods a page does not take, naming those it does', async () => {
    for (const [path, init, allow] of [
      ['/om', { method: 'PUT' }, 'GET, HEAD'],
      ['/om', form('a=1'), 'GET, HEAD'],
      ['/kontakt', { method: 'DELETE' }, 'GET, HEAD, POST'],
      ['/kontakt?status=sendt', form('a=1'), 'GET, HEAD, POST'],
    ] as const) {
      const attempt = ask(path, init)
      const response = await attempt.response
      expect(response.status, path).toBe(405)
      expect(await response.text()).toBe('Metoden er ikke tilladt.')
      expect(response.headers.get('allow'), `${init.method} ${path}`).toBe(allow)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(attempt.renders()).toBe(0)
    }
  })

  it('answers a desk link opened from webmail with the page that reloads it from the site, without rendering the desk', async () => {
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }
    for (const path of ['/coach', '/coach/booking/abcd1234?status=aflyst']) {
      const attempt = ask(path, { headers: crossSite })
      const response = await attempt.response
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store, private')
      expect(await response.text(), path).toContain('<meta http-equiv="refresh" content="0">')
      expect(attempt.renders(), path).toBe(0)
    }
    // The same link followed on the site itself is the desk's own page.
    const sameSite = ask('/coach', { headers: { ...crossSite, 'Sec-Fetch-Site': 'same-origin' } })
    expect(await (await sameSite.response).text()).toBe(HTML)
    expect(sameSite.renders()).toBe(1)
  })

  it('answers a failure with a Danish 500, and lets a request the visitor abandoned fail as such', async () => {
    const broken = await ask('/om', {}, () => {
      throw new Error('SQLITE_CANTOPEN')
    }).response
    expect(broken.status).toBe(500)
    expect(await broken.text()).toBe('Der opstod en fejl på serveren. Prøv igen om lidt.')

    const gone = new AbortController()
    gone.abort()
    const abandoned = ask('/om', { signal: gone.signal }, () => {
      throw new DOMException('The operation was aborted.', 'AbortError')
    })
    await expect(abandoned.response).rejects.toThrow('aborted')
  })
})

describe('the newsletter’s posts', () => {
  it('passes a form POST to the sign-up and to the e-mail links (also the one-click unsubscribe); any other path under /nyhedsbrev is refused', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'
    for (const path of ['/nyhedsbrev', `/nyhedsbrev/bekraeft/${token}`, `/nyhedsbrev/afmeld/${token}`]) {
      const attempt = ask(path, form('List-Unsubscribe=One-Click'), () => new Response('Du er afmeldt.', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } }))
      expect((await attempt.response).status, path).toBe(200)
      expect(attempt.renders(), path).toBe(1)
    }
    for (const path of ['/nyhedsbrev/andet/abc', `/nyhedsbrev/afmeld/${token}/mere`, `/blog/nyhedsbrev/afmeld/${token}`, '/nyhedsbrev?status=afmeldt']) {
      const attempt = ask(path, form('a=1'))
      const response = await attempt.response
      expect(response.status, path).toBe(405)
      expect(attempt.renders(), path).toBe(0)
    }
  })
})

describe('the contact form posted without JavaScript', () => {
  it('refuses a body without a length or too large, like a server function', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('navn=Anne'))
        controller.close()
      },
    })
    const chunked = ask('/kontakt', { method: 'POST', body: stream, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, duplex: 'half' } as RequestInit)
    expect((await chunked.response).status).toBe(411)
    const large = ask('/kontakt', form('navn=Anne', { 'Content-Length': String(64 * 1024 + 1) }))
    expect((await large.response).status).toBe(413)
    expect(chunked.renders() + large.renders()).toBe(0)
  })

  it('takes only a form, not JSON a server function would take', async () => {
    const json = '{"t":{"t":1,"s":"Anne"},"f":127,"m":[]}'
    const attempt = ask('/kontakt', { method: 'POST', body: json, headers: { 'Content-Type': 'application/json', 'Content-Length': String(json.length) } })
    const response = await attempt.response
    expect(response.status).toBe(415)
    expect(await response.text()).toBe('Formularen skal sendes som formulardata.')
    expect(attempt.renders()).toBe(0)
  })

  it('takes a form only by the start of its type: JSON that names a form type later is refused', async () => {
    const json = '{"t":{"t":1,"s":"Anne"},"f":127,"m":[]}'
    const attempt = ask('/kontakt', { method: 'POST', body: json, headers: { 'Content-Type': 'application/json; profile=application/x-www-form-urlencoded', 'Content-Length': String(json.length) } })
    const response = await attempt.response
    expect(response.status).toBe(415)
    expect(attempt.renders()).toBe(0)
  })

  it('passes the route’s redirect on as it is', async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: '/kontakt?status=sendt' } })
    expect(await ask('/kontakt', form('navn=Anne'), () => redirect).response).toBe(redirect)
    const multipart = '--g\r\nContent-Disposition: form-data; name="navn"\r\n\r\nAnne\r\n--g--\r\n'
    const attempt = ask('/kontakt', form(multipart, { 'Content-Type': 'Multipart/Form-Data; boundary=g' }), () => redirect)
    expect(await attempt.response).toBe(redirect)
  })

  it('makes a page the route renders (the form again, with what was typed) into uncached bytes with its status', async () => {
    const page = '<form><p>Skriv venligst din e-mail.</p></form>'
    const attempt = ask('/kontakt', form('navn=Anne', { 'Accept-Encoding': 'br', 'If-None-Match': '*' }), () =>
      htmlResponse(page, { status: 400, headers: { 'Cache-Control': 'public, max-age=600', 'Set-Cookie': 'a=b' } }),
    )
    const response = await attempt.response
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page)

    const fine = await ask('/kontakt', form('navn=Anne', { 'If-None-Match': '*' }), () => htmlResponse(page)).response
    expect([fine.status, fine.headers.get('cache-control'), await fine.text()]).toEqual([200, 'no-store', page])
  })
})
