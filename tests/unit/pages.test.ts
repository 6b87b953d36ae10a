import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
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

  it('gives every visitor the same bytes and headers: the page itself, compressed, with a tag of its content', () => {
    const tag = `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}-br"`
    for (const rendered of [page(), page()]) {
      const reply = replyWithPage(rendered, facts())
      expect(reply.status).toBe(200)
      expect(brotliDecompressSync(reply.body!).toString()).toBe(html)
      expect(reply.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        'content-length': String(reply.body!.length),
        'cache-control': 'public, max-age=0, s-maxage=300',
        vary: 'Accept-Encoding',
        etag: tag,
      })
      expect(gunzipSync(replyWithPage(rendered, facts({ acceptEncoding: 'gzip' })).body!).toString()).toBe(html)
    }
  })

  it('counts the memory a page takes in the cache as its three bodies together', () => {
    const made = page()
    const { identity, br, gzip } = made.representations
    expect(identity.body.toString()).toBe(html)
    expect(brotliDecompressSync(br!.body).toString()).toBe(html)
    expect(gunzipSync(gzip!.body).toString()).toBe(html)
    expect(made.bytes).toBe(identity.body.length + br!.body.length + gzip!.body.length)
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
  // As a request arrives: the path after the origin, never resolved against a base.
  const address = (path: string) => canonicalPageAddress(new URL(`http://localhost${path}`))

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

  it.each([
    ['/%6Fm', '/om'],
    ['/o%6D', '/om'],
    ['/blog/%73tress-er-ikke-svaghed', '/blog/stress-er-ikke-svaghed'],
    ['/%4F%4D/?utm_source=x', '/om'],
  ])('percent-encoded letters %s redirect to the plain address %s', (from, to) => {
    expect(address(from)).toEqual({ redirect: to })
  })

  it.each(['/blog/%C3%A6', '/..%2f..%2fetc%2fpasswd', '/%', '/%00', '//om', '/blog%3Fkategori=stress', `/${'a'.repeat(1025)}`])(
    'an address no page can have (%s) is never a cache entry',
    (path) => {
      expect(address(path)).toEqual({ path: new URL(`http://localhost${path}`).pathname, cacheKey: undefined })
    },
  )

  it('never caches the contact form’s answer', () => {
    expect(address('/kontakt?status=sendt')).toEqual({ path: '/kontakt', cacheKey: undefined })
    expect(address('/kontakt')).toEqual({ path: '/kontakt', cacheKey: '/kontakt' })
  })
})
