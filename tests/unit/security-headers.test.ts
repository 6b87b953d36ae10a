import { afterEach, describe, expect, it, vi } from 'vitest'
import { contentSecurityPolicy, inlineHashes, isDecodablePath, negotiateEncoding, rememberedAcceptEncodings, securityHeaders } from '~/server/http/http'

// The headers every answer carries, written out in full: a directive or header that goes missing
// (or gains a source) fails here, not only in a browser.

const STRICT_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self' https://checkout.stripe.com; frame-ancestors 'none'"
const PERMISSIONS = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()'

describe('the security headers', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('gives a response without a page of its own the strictest policy, every directive spelled out', () => {
    vi.stubEnv('SITE_URL', undefined)
    expect(contentSecurityPolicy()).toBe(STRICT_POLICY)
    expect(securityHeaders()).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS,
      'x-frame-options': 'DENY',
      'content-security-policy': STRICT_POLICY,
    })
  })

  it('allows a page’s own inline scripts and styles by hash, each one quoted after self', () => {
    const policy = contentSecurityPolicy({ scripts: ['sha256-a', 'sha256-b'], styles: ['sha256-c'] }, false)
    expect(policy.split('; ').slice(0, 3)).toEqual(["default-src 'self'", "script-src 'self' 'sha256-a' 'sha256-b'", "style-src 'self' 'sha256-c'"])
  })

  it('on an https site, upgrades insecure requests and sends HSTS; on http it does neither', () => {
    vi.stubEnv('SITE_URL', 'https://holmcoaching.dk')
    expect(contentSecurityPolicy()).toBe(`${STRICT_POLICY}; upgrade-insecure-requests`)
    expect(securityHeaders()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')
    expect(contentSecurityPolicy(undefined, false)).toBe(STRICT_POLICY)

    vi.stubEnv('SITE_URL', 'http://localhost:3000')
    expect(contentSecurityPolicy()).toBe(STRICT_POLICY)
    expect(securityHeaders()).not.toHaveProperty('strict-transport-security')
    // The same text after the start of the address is no https site.
    vi.stubEnv('SITE_URL', 'http://https://')
    expect(securityHeaders()).not.toHaveProperty('strict-transport-security')
  })

  it('leaves the policy out only when told to (development), keeping the other headers', () => {
    vi.stubEnv('SITE_URL', undefined)
    const headers = securityHeaders(false)
    expect(headers).not.toHaveProperty('content-security-policy')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(securityHeaders('x')['content-security-policy']).toBe('x')
  })

  it('hashes each distinct inline script and style once, and no script loaded by src', () => {
    const html = '<script>a()</script><script>a()</script><script type="module" src="/x.js"></script><style>p{}</style><STYLE media="print">b{}</STYLE><script></script>'
    const hashes = inlineHashes(html)
    expect(hashes.scripts).toEqual(['sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=', 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='])
    expect(hashes.styles).toEqual(['sha256-gG2yISYereRMiG2lMXrbiUgi0Ubw9p7QCeWcroOvy9Y=', 'sha256-7yqHVAesot11p6HczDsgKRipvI5UPgs97z80zNXlans='])
  })
})

describe('content negotiation by q-value', () => {
  it.each([
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['br;q=0.001', 'br'],
    ['br; q=0, gzip', 'gzip'],
    ['br;q=0 , gzip', 'gzip'],
    ['br;level=1;q=0, gzip', 'gzip'],
    ['BR;Q=0, gzip', 'gzip'],
    ['br ;q=0.5, gzip;q=0', 'br'],
    ['br;q=x, gzip', 'br'],
    ['br;q=0x, gzip;q=0', 'br'],
    ['br;xq=0, gzip', 'br'],
    ['br;q=0.0, gzip', 'gzip'],
    ['br;q=00, gzip', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    [',,gzip', 'gzip'],
    ['deflate', 'identity'],
  ])('Accept-Encoding "%s" gets %s', (accept, encoding) => {
    expect(negotiateEncoding(accept)).toBe(encoding)
  })

  it('without the header, or for a file with no compressed twin, answers the plain bytes', () => {
    expect(negotiateEncoding(null)).toBe('identity')
    expect(negotiateEncoding(undefined)).toBe('identity')
    expect(negotiateEncoding('br, gzip', {})).toBe('identity')
    expect(negotiateEncoding('br, gzip', { br: true })).toBe('br')
    expect(negotiateEncoding('gzip', { br: true })).toBe('identity')
  })

  it('remembers at most 50 Accept-Encoding values, however many different ones clients send', () => {
    for (let i = 0; i < 120; i++) expect(negotiateEncoding(`x-${i}, gzip`)).toBe('gzip')
    expect(rememberedAcceptEncodings()).toBeLessThanOrEqual(50)
    expect(rememberedAcceptEncodings()).toBeGreaterThan(0)
  })
})

describe('a path that cannot be decoded', () => {
  it.each([
    ['/om', true],
    ['/%C3%A6', true],
    ['/%', false],
    ['/%E0%A4%A', false],
  ])('%s decodes: %s', (path, decodable) => {
    expect(isDecodablePath(path)).toBe(decodable)
  })
})
