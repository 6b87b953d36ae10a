import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { type Encoding, contentSecurityPolicy, inlineHashes, negotiateEncoding, securityHeaders } from '~/server/http/http'

type Representation = { body: Buffer; etag: string }

/**
 * A rendered page (or a static file) as fixed bytes: a page's CSP allows its own inline scripts by
 * hash, so the same bytes and headers go to every visitor, compressed once, answered like a file.
 */
export type Page = {
  status: number
  /** Everything but the per-representation headers (etag, content-encoding, content-length). */
  headers: Record<string, string>
  representations: { identity: Representation; br?: Representation; gzip?: Representation }
  /** Memory it takes in the cache. */
  bytes: number
}

/** A response as plain data: the Web path wraps it in a Response, the fast path writes it. */
export type Reply = { status: number; headers: Record<string, string>; body: Buffer | undefined }

export type RequestFacts = { method: string; ifNoneMatch: string | null; acceptEncoding: string | null }

/**
 * Shared caches (a CDN) may keep a page SHARED_CACHE_SECONDS (five minutes) and serve it stale
 * while they refresh it: how long a new article may take to appear on /blog behind one.
 */
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${Number(process.env.SHARED_CACHE_SECONDS ?? 300) || 300}, stale-while-revalidate=86400`

/** An answer nobody may keep: the page cache, Varnish and the browser all leave it alone. */
export const isNoStore = (cacheControl: string | null | undefined) => /\b(no-store|private)\b/i.test(cacheControl ?? '')

export const etagOf = (body: Buffer, encoding: Encoding) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${encoding === 'identity' ? '' : `-${encoding}`}"`

/**
 * The router writes into every page when each of its parts was loaded (`u:` in the dehydrated
 * matches, milliseconds since 1970). Two workers, or one worker twice, would then make different
 * bytes of one page, so different ETags (and CSP hashes): a visitor revalidating against the other
 * worker would get the whole page again. Every page says 0 instead. The browser only uses the time
 * to decide when data has grown old, and data that came inside a page never does
 * (`defaultStaleTime: Infinity`, app/router.tsx); a page left behind is loaded afresh on return,
 * as one from the page cache older than the router's five minutes always was. Only the router's
 * own serialization matches: a quote in text inside a script is escaped (`\"`).
 */
const RENDER_TIME = /(\{i:"(?:[^"\\]|\\.)*",u:)\d+(?=,s:")/g
export const withoutRenderTime = (html: string) => html.replace(RENDER_TIME, (_, match: string) => `${match}0`)

/**
 * Turns rendered HTML into a page: CSP by hashes, brotli and gzip made once. `effort` is high for
 * pages that are cached (made once, served many times) and low for pages rendered per request.
 */
export function makePage(
  { html, status, headers }: { html: string; status: number; headers: Record<string, string> },
  { effort, cacheControl, csp }: { effort: 'high' | 'low'; cacheControl: string; csp: boolean },
): Page {
  const stableHtml = withoutRenderTime(html)
  const identity = Buffer.from(stableHtml)
  const br = brotliCompressSync(identity, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'high' ? 11 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
  })
  const gzip = gzipSync(identity, { level: effort === 'high' ? 9 : 6 })
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...headers,
      'cache-control': cacheControl,
      vary: 'Accept-Encoding',
      ...securityHeaders(csp && contentSecurityPolicy(inlineHashes(stableHtml))),
    },
    representations: {
      identity: { body: identity, etag: etagOf(identity, 'identity') },
      br: { body: br, etag: etagOf(identity, 'br') },
      gzip: { body: gzip, etag: etagOf(identity, 'gzip') },
    },
    bytes: identity.length + br.length + gzip.length,
  }
}

/** If-None-Match lists one or more tags (or *); a weak validator matches its strong twin. */
function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })
}

/** The reply to one request for a page, like a static file: 304, HEAD and q-values included. */
export function replyWithPage(page: Page, facts: RequestFacts): Reply {
  const encoding = negotiateEncoding(facts.acceptEncoding, page.representations)
  const representation = page.representations[encoding] ?? page.representations.identity
  const headers: Record<string, string> = { ...page.headers, etag: representation.etag }
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  // A 304 tells the client to reuse what it stored; a no-store answer was never stored.
  if (page.status === 200 && !isNoStore(page.headers['cache-control']) && matches(facts.ifNoneMatch, representation.etag)) {
    return { status: 304, headers, body: undefined }
  }
  headers['content-length'] = String(representation.body.length)
  return { status: page.status, headers, body: facts.method === 'HEAD' ? undefined : representation.body }
}

export function replyToResponse({ status, headers, body }: Reply): Response {
  // Node's Buffer is a Uint8Array; only the DOM typings object to its ArrayBufferLike.
  return new Response((body ?? null) as Uint8Array<ArrayBuffer> | null, { status, headers })
}
