// Plain TypeScript without path aliases: the production server (server.ts, run by Node directly)
// imports this file as well as the app bundle, so static files and pages get the same headers.

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
 * The headers every response carries. The CSP is only left out in development, where Vite's
 * client injects inline scripts of its own.
 */
export function applySecurityHeaders(headers: Headers, { nonce, csp = true }: { nonce?: string; csp?: boolean } = {}) {
  const https = isHttpsSite()
  if (csp) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, https))
  if (https) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  headers.set('X-Frame-Options', 'DENY')
  headers.delete('X-Powered-By')
  headers.delete('Server')
  return headers
}

export function newNonce() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Buffer.from(bytes).toString('base64')
}
