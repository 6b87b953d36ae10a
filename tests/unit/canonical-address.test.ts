import { describe, expect, it } from 'vitest'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { isNoStore, makePage, replyWithPage } from '~/server/http/page.server'

// Odd and encoded addresses, and the edges of a page's bytes, beside tests/unit/pages.test.ts.
const address = (path: string) => canonicalPageAddress(new URL(`http://localhost${path}`))

describe('odd and encoded addresses', () => {
  it('takes a path of exactly 1024 characters as a page address, and one longer as none', () => {
    const longest = `/${'a'.repeat(1023)}`
    expect(address(longest)).toEqual({ path: longest, cacheKey: longest })
    expect(address(`${longest}a`)).toEqual({ path: `${longest}a`, cacheKey: undefined })
  })

  it.each([
    ['/om//', '/om'],
    ['/Om///?utm_source=x', '/om'],
    ['/o%6D//', '/om'],
  ])('strips every trailing slash: %s redirects to %s', (from, to) => {
    expect(address(from)).toEqual({ redirect: to })
  })

  it.each(['/blog%2Fstress', '/blog%2fstress', '/%2F%2Fevil.example', '/%C3%A6bler', '/om%21'])(
    'an escape that decodes to a slash or to anything but a-z, 0-9 and - . _ ~ (%s) is no page address',
    (path) => {
      expect(address(path)).toEqual({ path, cacheKey: undefined })
    },
  )

  it.each(['/om!', '/OM!', '/om!/', "/blog/stress'", '/Om@x'])(
    'a character a URL leaves unescaped but no page address has (%s) makes it no page address, as its escape does: not found at once, no redirect',
    (path) => {
      expect(address(path)).toEqual({ path, cacheKey: undefined })
    },
  )

  it('keeps the slash of the front page, and its own query', () => {
    expect(address('/')).toEqual({ path: '/', cacheKey: '/' })
    expect(address('/?utm_source=x')).toEqual({ path: '/', cacheKey: '/' })
    expect(address('/?side=2')).toEqual({ redirect: '/' })
  })

  it('takes booking addresses as given, never cached and never redirected', () => {
    for (const path of ['/book-samtale', '/book-samtale/2026-03-10T0800', '/booking/AbC-123', '/Booking/abc', '/klippekort/TkkLTpnz6LyM_4UzL0WCuMMsjZkG1vmS', '/klippekort/koeb/klippekort-5']) {
      const expected = path.startsWith('/Booking') ? { redirect: '/booking/abc' } : { path, cacheKey: undefined }
      expect(address(path), path).toEqual(expected)
    }
    expect(address('/book-samtalex')).toEqual({ path: '/book-samtalex', cacheKey: '/book-samtalex' })
    expect(address('/x/booking/abc')).toEqual({ path: '/x/booking/abc', cacheKey: '/x/booking/abc' })
  })

  it('takes the coach’s feed address as given: its secret may have capitals, and a redirect would carry it', () => {
    expect(address('/kalender/AbCdEfGhIjKlMnOpQrStU.ics')).toEqual({ path: '/kalender/AbCdEfGhIjKlMnOpQrStU.ics', cacheKey: undefined })
  })

  it('takes the newsletter’s e-mail links as given (a token has capitals) and never caches them; its answer page only by its status', () => {
    for (const path of ['/nyhedsbrev/bekraeft/AbC-123_x', '/nyhedsbrev/afmeld/AbC-123_x']) expect(address(path)).toEqual({ path, cacheKey: undefined })
    expect(address('/nyhedsbrev?status=afmeldt')).toEqual({ path: '/nyhedsbrev', cacheKey: undefined })
    expect(address('/nyhedsbrev?status=afmeldt&x=1')).toEqual({ redirect: '/nyhedsbrev?status=afmeldt' })
    expect(address('/nyhedsbrev')).toEqual({ path: '/nyhedsbrev', cacheKey: '/nyhedsbrev' })
  })

  it('drops only whole tracking parameter names, in any case', () => {
    expect(address('/om?UTM_SOURCE=x&_ga=1&ref_src=y')).toEqual({ path: '/om', cacheKey: '/om' })
    for (const query of ['?xfbclid=1', '?fbclidx=1', '?utm_=1', '?ref=1']) {
      expect(address(`/om${query}`), query).toEqual({ redirect: '/om' })
    }
  })

  it('keeps the contact form’s result query as it came, without a cache key', () => {
    expect(address('/kontakt?status=fejl&felt=email')).toEqual({ path: '/kontakt', cacheKey: undefined })
    expect(address('/kontakt?felt=email')).toEqual({ redirect: '/kontakt' })
  })
})

describe('the edges of a page’s bytes', () => {
  const page = (status = 200, cacheControl = 'public, max-age=0') =>
    makePage({ html: '<p>Hej</p>', status, headers: { 'content-type': 'text/html' } }, { effort: 'low', cacheControl, csp: false })
  const facts = (ifNoneMatch: string | null, method = 'GET') => ({ method, ifNoneMatch, acceptEncoding: null })

  it.each([
    ['no-store', true],
    ['private, max-age=0', true],
    ['PRIVATE', true],
    ['public, no-store', true],
    ['public, max-age=0', false],
    ['no-stores', false],
    ['xno-store', false],
    ['privately', false],
    ['', false],
  ])('Cache-Control %j means nobody may keep it: %s', (value, expected) => {
    expect(isNoStore(value)).toBe(expected)
  })

  it('reads no Cache-Control as storable', () => {
    expect(isNoStore(undefined)).toBe(false)
    expect(isNoStore(null)).toBe(false)
  })

  it('lets the route name the content type, and sets caching and Vary itself', () => {
    const made = page()
    expect(made.headers).toMatchObject({ 'content-type': 'text/html', 'cache-control': 'public, max-age=0', vary: 'Accept-Encoding' })
    expect(made.headers).not.toHaveProperty('content-security-policy')
  })

  it('answers 304 only for a tag the client has, weak or in a list, or *', () => {
    const made = page()
    const etag = made.representations.identity.etag
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`, '*', ` * `]) {
      const reply = replyWithPage(made, facts(header))
      expect(reply.status, header).toBe(304)
      expect(reply.headers.etag).toBe(etag)
      expect(reply.headers).not.toHaveProperty('content-length')
    }
    for (const header of ['', '"x"', `x${etag}`, `w/${etag}`, `${etag}x`, `W/W/${etag}`]) {
      const reply = replyWithPage(made, facts(header))
      expect(reply.status, header).toBe(200)
      expect(reply.headers['content-length']).toBe('10')
      expect(reply.body?.toString()).toBe('<p>Hej</p>')
    }
  })
})
