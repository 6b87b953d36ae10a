import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { inlineHashes, negotiateEncoding } from '~/server/http/http'
import { makePage, replyWithPage } from '~/server/http/page.server'

const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
const html = `<!DOCTYPE html><html><head><script class="$tsr">window.$_TSR={}</script></head><body><p>Hej</p>
<script src="/assets/x.js"></script><script>addEventListener("load",()=>import("/assets/a.js"))</script></body></html>`
const page = (body = html) =>
  makePage({ html: body, status: 200, headers: {} }, { effort: 'low', cacheControl: 'public, max-age=0, s-maxage=300', csp: true })
const facts = (changes: Partial<{ method: string; ifNoneMatch: string | null; acceptEncoding: string | null }> = {}) => ({
  method: 'GET',
  ifNoneMatch: null,
  acceptEncoding: 'br, gzip',
  ...changes,
})

describe('a page as fixed bytes', () => {
  it('allows every inline script of the page by its hash, and nothing else', () => {
    const csp = page().headers['content-security-policy']!
    expect(csp).toContain(`script-src 'self' ${hash('window.$_TSR={}')} ${hash('addEventListener("load",()=>import("/assets/a.js"))')};`)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/)
    // A script that differs by one character is not the one the page was rendered with.
    expect(csp).not.toContain(hash('window.$_TSR={};'))
    expect(inlineHashes('<script src="/a.js"></script>').scripts).toEqual([])
  })

  it('gives identical bytes and headers to identical requests', () => {
    const first = page()
    expect(replyWithPage(first, facts())).toEqual(replyWithPage(first, facts()))
    expect(page().representations.br?.body).toEqual(first.representations.br?.body)
  })

  it('answers like a static file: one ETag per encoding, 304, HEAD with the GET headers', () => {
    const cached = page()
    const br = replyWithPage(cached, facts())
    const gzip = replyWithPage(cached, facts({ acceptEncoding: 'gzip' }))
    const plain = replyWithPage(cached, facts({ acceptEncoding: null }))
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined])
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3)
    expect(plain.body?.toString()).toBe(html)

    const head = replyWithPage(cached, facts({ method: 'HEAD' }))
    expect(head.headers).toEqual(br.headers)
    expect(head.body).toBeUndefined()

    const notModified = replyWithPage(cached, facts({ ifNoneMatch: `"other", W/${br.headers.etag}` }))
    expect(notModified.status).toBe(304)
    expect(notModified.body).toBeUndefined()
    expect(replyWithPage(cached, facts({ ifNoneMatch: gzip.headers.etag! })).status).toBe(200)
  })
})

describe('content negotiation', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['', 'identity'],
    ['GZIP', 'gzip'],
  ])('Accept-Encoding "%s" gets %s', (accept, encoding) => {
    expect(negotiateEncoding(accept)).toBe(encoding)
  })

  it('only offers what the file has', () => {
    expect(negotiateEncoding('br, gzip', { gzip: true })).toBe('gzip')
  })
})

describe('one address per page', () => {
  const address = (path: string) => canonicalPageAddress(new URL(path, 'http://localhost'))

  it.each([
    ['/Blog', '/blog'],
    ['/OM/', '/om'],
    ['/blog/Stress-Er-Ikke-Svaghed', '/blog/stress-er-ikke-svaghed'],
    ['/ydelser?ref=1', '/ydelser'],
    ['/blog?side=1', '/blog'],
    ['/blog?kategori=findes-ikke', '/blog'],
    ['/blog?side=3&kategori=stress', '/blog?kategori=stress&side=3'],
    ['/blog?kategori=stress&utm_source=x&foo=1', '/blog?kategori=stress'],
  ])('%s redirects to %s', (from, to) => {
    expect(address(from)).toEqual({ redirect: to })
  })

  it('serves tracking parameters the canonical page from the cache, without a redirect', () => {
    expect(address('/om?utm_source=nyhedsbrev&utm_campaign=efterår&fbclid=a&gclid=b&msclkid=c')).toEqual({ path: '/om', cacheKey: '/om' })
    expect(address('/blog?kategori=stress&side=2&fbclid=x')).toEqual({ path: '/blog', cacheKey: '/blog?kategori=stress&side=2' })
  })

  it('keeps escapes as they are and never caches the contact form’s answer', () => {
    expect(address('/blog/%C3%A6')).toEqual({ path: '/blog/%C3%A6', cacheKey: '/blog/%C3%A6' })
    expect(address('/kontakt?status=sendt')).toEqual({ path: '/kontakt', cacheKey: undefined })
    expect(address('/kontakt')).toEqual({ path: '/kontakt', cacheKey: '/kontakt' })
  })
})
