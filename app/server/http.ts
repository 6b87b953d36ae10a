// Plain TypeScript without path aliases: the production server (server.ts, run by Node directly)
// imports this file as well as the app bundle, so both treat requests and headers the same way.

export function contentSecurityPolicy(nonce: string | undefined, https: boolean) {
  const nonceSource = nonce ? ` 'nonce-${nonce}'` : ''
  return [
    "default-src 'self'",
    `script-src 'self'${nonceSource}`,
    `style-src 'self'${nonceSource}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ')

export function isHttpsSite() {
  return (process.env.SITE_URL ?? '').startsWith('https://')
}

/**
 * The headers every response carries, as pairs so that both Web Headers and the production
 * server's fast path can take them. The CSP is only left out in development, where Vite's
 * client injects inline scripts of its own.
 */
export function securityHeaders({ nonce, csp = true }: { nonce?: string; csp?: boolean } = {}): Array<[string, string]> {
  const https = isHttpsSite()
  const headers: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
  ]
  if (csp) headers.push(['Content-Security-Policy', contentSecurityPolicy(nonce, https)])
  if (https) headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'])
  return headers
}

export function applySecurityHeaders(headers: Headers, options: { nonce?: string; csp?: boolean } = {}) {
  for (const [name, value] of securityHeaders(options)) headers.set(name, value)
  headers.delete('X-Powered-By')
  headers.delete('Server')
  return headers
}

const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let noncePoolOffset = 0

/** 128 random bits per response, drawn from a pooled buffer: one system call per 256 nonces. */
export function newNonce() {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = Buffer.allocUnsafe(NONCE_BYTES * 256)
    crypto.getRandomValues(noncePool)
    noncePoolOffset = 0
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES)
  noncePoolOffset += NONCE_BYTES
  return nonce
}

/** A path that cannot be decoded (a lone "%") is a page that does not exist, not a bad request. */
export function isDecodablePath(pathname: string) {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}
