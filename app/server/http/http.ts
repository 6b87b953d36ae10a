// Plain TypeScript without path aliases: the production server (server.ts, run by Node directly)
// imports this file as well as the app bundle, so both treat requests and headers the same way.
import { createHash } from 'node:crypto'
import { isIP } from 'node:net'

/** The built site (npm start); `npm run dev` differs only where Vite needs it (the CSP). */
export const isProduction = process.env.NODE_ENV === 'production'

/** What a page's CSP must allow besides 'self': the sha256 of each inline script and style. */
export type InlineHashes = { scripts: string[]; styles: string[] }

/**
 * Where a form of the site may lead besides the site: a paid booking's post is answered with a 303
 * to Stripe's Checkout, and Chromium applies form-action to that redirect too (the page the visitor
 * started from, after client-side navigation perhaps /ydelser, is the one whose CSP counts: hence
 * on every page). STRIPE_API_URL (tests only) adds the fake Stripe's hosted page.
 */
export function checkoutOrigins(apiUrl = process.env.STRIPE_API_URL) {
  const origins = ['https://checkout.stripe.com']
  try {
    if (apiUrl) origins.push(new URL(apiUrl).origin)
  } catch {
    // Not an address: only Stripe's own page.
  }
  return origins
}

export function contentSecurityPolicy(inline: InlineHashes = { scripts: [], styles: [] }, https = isHttpsSite()) {
  const sources = (hashes: string[]) => hashes.map((hash) => ` '${hash}'`).join('')
  return [
    "default-src 'self'",
    `script-src 'self'${sources(inline.scripts)}`,
    `style-src 'self'${sources(inline.styles)}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${checkoutOrigins().join(' ')}`,
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`

/**
 * The hashes of every inline script and style of a rendered page: the page's own CSP allows
 * exactly these, so the same bytes can be served to everybody (and by a CDN) without a nonce.
 */
export function inlineHashes(html: string): InlineHashes {
  const hashesOf = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((match) => sha256(match[1] ?? '')))]
  return { scripts: hashesOf(INLINE_SCRIPT), styles: hashesOf(INLINE_STYLE) }
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
 * The headers every response carries, lower-case, as one plain object that both Web Headers and
 * the production server's fast path take. A page passes its own CSP (with its inline hashes);
 * everything else gets the strictest one. `csp: false` only in development, where Vite's client
 * injects inline scripts of its own.
 *
 * No Cross-Origin-Opener-Policy here: only the pages that show what one visitor alone may see send
 * it (a booking's manage page, an order's page and a klippekort's page: `app/routes/booking/$token.tsx`,
 * `ordre/$token.tsx`, `klippekort/$.tsx`). It puts a page in a
 * browsing context group of its own, so Chromium starts a new renderer process for every
 * navigation that arrives from a page without it (on Android it also gives the site a process of
 * its own): a cold start on every first visit. Lighthouse on this machine (mobile, five rounds
 * side by side): the same build without it had half the total blocking time and 4 to 6 points
 * more on `/`, `/blog`, an article and `/kontakt`. The public pages hold nothing another window
 * could learn from a reference to them: no cookies, no logins, the same bytes for everyone.
 */
export function securityHeaders(csp: string | false = contentSecurityPolicy()): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
  }
  if (csp) headers['content-security-policy'] = csp
  if (isHttpsSite()) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains'
  return headers
}

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The best encoding the client accepts, honouring q-values (`br;q=0` refuses brotli). Brotli
 * first: it is the smallest, and both are made once per page, not per response.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined, available: Partial<Record<Encoding, unknown>> = { br: true, gzip: true }): Encoding {
  const accepted = acceptedEncodings(acceptEncoding ?? '')
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (available.br && quality('br') > 0) return 'br'
  if (available.gzip && quality('gzip') > 0) return 'gzip'
  return 'identity'
}

/**
 * Browsers send a handful of distinct Accept-Encoding values, and a cached page is answered many
 * times a second: each value is parsed once. Anyone can send new values, so the memory is bounded.
 */
const parsedAcceptEncodings = new Map<string, Map<string, number>>()
/** How many Accept-Encoding values are remembered now (the bound is what a test checks). */
export const rememberedAcceptEncodings = () => parsedAcceptEncodings.size

function acceptedEncodings(acceptEncoding: string) {
  const known = parsedAcceptEncodings.get(acceptEncoding)
  if (known) return known
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  if (acceptEncoding.length <= 200) {
    if (parsedAcceptEncodings.size >= 50) parsedAcceptEncodings.clear()
    parsedAcceptEncodings.set(acceptEncoding, accepted)
  }
  return accepted
}

const hostOf = (address: string) => URL.parse(address)?.host

/** A path that cannot be decoded (a lone "%") is a page that does not exist, not a bad request. */
export function isDecodablePath(pathname: string) {
  if (!pathname.includes('%')) return true
  try {
    // The result is used: a bundler drops a call whose result is unused as free of side effects,
    // and with it the check (the built app and Vite's config had `try { return true }`).
    return decodeURIComponent(pathname).length >= 0
  } catch {
    return false
  }
}

/**
 * The request target to answer: an address whose path cannot be decoded is asked as an unknown
 * page, so it gets the Danish not-found page (the production server and `npm run dev` alike)
 * instead of a bare 400 from whatever would try to decode it first. A target in absolute form
 * (`GET http://evil.example/om`, as sent to a proxy) is this site's path only when it names this
 * site's host (SITE_URL's); any other host, or no address at all (`*`), is not a page here.
 */
export function answerableUrl(url: string, siteHost?: string): string {
  if (!url.startsWith('/')) {
    const absolute = URL.parse(url)
    // SITE_URL's host is parsed here only: every request passes through, few in absolute form.
    siteHost ??= hostOf(process.env.SITE_URL ?? 'http://localhost:3000')
    return absolute && /^https?:$/.test(absolute.protocol) && absolute.host === siteHost ? answerableUrl(`${absolute.pathname}${absolute.search}`, siteHost) : '/ikke-fundet'
  }
  const queryAt = url.indexOf('?')
  return isDecodablePath(queryAt === -1 ? url : url.slice(0, queryAt)) ? url : '/ikke-fundet'
}

/**
 * TRUST_PROXY names the reverse proxies whose X-Forwarded-For is believed: "loopback" or a
 * comma-separated list of their addresses. Unset, the socket's peer is the visitor.
 */
export type TrustedProxies = 'loopback' | string[]

export function trustedProxies(value = process.env.TRUST_PROXY): TrustedProxies {
  if (value?.trim() === 'loopback') return 'loopback'
  return (value ?? '').split(',').map((address) => address.trim()).filter(Boolean)
}

/** `::ffff:127.0.0.1` is how an IPv4 peer looks on a dual-stack socket (HOST=::): the same address. */
export function plainAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return (mapped ? mapped[1]! : address).toLowerCase()
}

const isLoopback = (address: string) => /^(127\.|::1$)/.test(address)

/**
 * One X-Forwarded-For hop as proxies write it: `203.0.113.7`, `203.0.113.7:51000`,
 * `2001:db8::1`, `[2001:db8::1]:443`, `"[2001:db8::1]"`. Anything else (`unknown`, an obfuscated
 * name) is no address: undefined.
 */
export function hopAddress(hop: string) {
  let value = hop.trim().replace(/^"(.*)"$/, '$1')
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed) value = bracketed[1]!
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'))
  return isIP(value) === 0 ? undefined : plainAddress(value)
}

/**
 * The visitor's address, read once where the server still has the socket: the peer itself, or,
 * when the peer is a trusted proxy, the nearest address in X-Forwarded-For that is not one of
 * our proxies, read right to left. Hops that are no address are skipped. Anything a client wrote
 * there is ignored unless a trusted proxy passed it on.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null | undefined, trust: TrustedProxies = trustedProxies()) {
  const trustedList = trust === 'loopback' ? [] : trust.map(plainAddress)
  const trusted = (address: string) => (trust === 'loopback' ? isLoopback(address) : trustedList.includes(address))
  let address = peer ? plainAddress(peer) : 'unknown'
  if (!trusted(address) || !forwardedFor) return address
  const hops = forwardedFor.split(',').map(hopAddress).filter((hop) => hop !== undefined)
  while (hops.length > 0 && trusted(address)) address = hops.pop()!
  return address
}
