import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { isCategory } from '~/lib/categories'
import { hashIp } from '~/server/contact.server'
import { type CachedPage, htmlCache, pageChunks, preparePage } from '~/server/html-cache.server'
import { newNonce, securityHeaders } from '~/server/http'
import { log, loggingEnabled } from '~/server/log.server'

export const isProduction = process.env.NODE_ENV === 'production'
/** HTML_CACHE=off renders every page afresh (the benchmark's cold runs). */
const pageCacheEnabled = isProduction && process.env.HTML_CACHE !== 'off'
/** Shared caches (a CDN) may keep a page five minutes and serve it stale while they refresh it. */
const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

type Render = () => Response | Promise<Response>
type RequestFacts = { method: string; ifNoneMatch: string | null; acceptEncoding: string }

/** A page response as plain data: the Web path wraps it in a Response, the fast path writes it. */
export type PageReply = { status: number; headers: Record<string, string>; body: Buffer[] }

/**
 * Every page is complete without JavaScript, so the app's script waits until the page has loaded
 * and its first frame is painted: on a slow phone the text and the cover image arrive before
 * ~130 kB of JavaScript competes with them for the line.
 * Done once per rendered page, before it is cached; also drops nonces where they do nothing.
 */
export function deferAppScript(html: string) {
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    // A nonce only matters on scripts and styles; on meta and link tags it is dead weight.
    .replace(/(<(?:meta|link)\b[^>]*?) nonce="[^"]*"/g, '$1')
    .replace(
      /<script type="module" async="" src="([^"]+)"( nonce="[^"]*")?><\/script>/,
      (_tag, src: string, nonce = '') => `<script${nonce}>addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)}))))</script>`,
    )
}

/** A key when the page looks the same to every visitor (shareable by CDNs and our cache). */
export function pageCacheKey(url: URL): string | undefined {
  if (!isProduction) return undefined
  if (url.search === '') return url.pathname
  if (url.pathname !== '/blog') return undefined
  const kategori = url.searchParams.get('kategori')
  const side = url.searchParams.get('side')
  const known = [...url.searchParams.keys()].every((key) => key === 'kategori' || key === 'side')
  if (!known || (kategori !== null && !isCategory(kategori)) || (side !== null && !/^[1-9]\d{0,4}$/.test(side))) return undefined
  return `/blog?kategori=${kategori ?? ''}&side=${side ?? ''}`
}

/** Serves a page from the cache, or renders, caches (when shareable) and serves it. */
export async function servePage(url: URL, facts: RequestFacts, nonce: string, render: Render): Promise<Response> {
  const cacheKey = pageCacheKey(url)
  const memoryKey = pageCacheEnabled ? cacheKey : undefined
  let page = memoryKey ? htmlCache.get(memoryKey) : undefined
  if (!page) {
    const generation = htmlCache.generation
    const response = await render()
    if (!response.headers.get('Content-Type')?.startsWith('text/html')) return response
    const html = await response.text()
    const fresh = { body: isProduction ? deferAppScript(html) : html, status: response.status, headers: [...response.headers] }
    page = memoryKey && fresh.status === 200 ? htmlCache.set(memoryKey, fresh, generation) : preparePage(fresh)
  }
  const reply = pageReply(page, nonce, cacheKey !== undefined && page.status === 200, facts)
  const body = reply.body.length > 0 ? Buffer.concat(reply.body) : null
  // Node's Buffer is a Uint8Array; only the DOM typings object to its ArrayBufferLike.
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status: reply.status, headers: reply.headers })
}

function pageReply(page: CachedPage, nonce: string, cacheable: boolean, facts: RequestFacts): PageReply {
  const headers: Record<string, string> = {}
  for (const [name, value] of page.headers) if (name !== 'content-length') headers[name] = value
  headers['cache-control'] = cacheable ? HTML_CACHE_CONTROL : 'no-store'
  headers.vary = 'Accept-Encoding'
  if (cacheable) headers.etag = page.etag
  // A 304 must not carry a CSP: the browser would pair the new nonce with the page it kept, whose
  // scripts carry the old one, and block them all. Without it the stored header still matches.
  const notModified = cacheable && facts.ifNoneMatch === page.etag
  for (const [name, value] of securityHeaders({ nonce, csp: isProduction && !notModified })) headers[name.toLowerCase()] = value
  if (notModified) return { status: 304, headers, body: [] }
  if (facts.method === 'HEAD') return { status: page.status, headers, body: [] }
  return { status: page.status, headers, body: compress(pageChunks(page, nonce), facts.acceptEncoding, headers) }
}

/**
 * Compressed per response, because every response carries its own nonce (brotli at a quality that
 * costs well under a millisecond for a page); without Accept-Encoding the chunks go out as they are.
 */
function compress(chunks: Buffer[], acceptEncoding: string, headers: Record<string, string>): Buffer[] {
  if (/\bbr\b/.test(acceptEncoding)) {
    headers['content-encoding'] = 'br'
    return [brotliCompressSync(Buffer.concat(chunks), { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })]
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    headers['content-encoding'] = 'gzip'
    return [gzipSync(Buffer.concat(chunks), { level: 6 })]
  }
  return chunks
}

/**
 * The production server's fast path (server.ts): a cached page straight from memory, without the
 * framework's request machinery. Undefined when the page is not cached; the full pipeline runs then.
 */
export function cachedPageReply(method: string, href: string, header: (name: string) => string | null, ip: string): PageReply | undefined {
  if (!pageCacheEnabled || (method !== 'GET' && method !== 'HEAD')) return undefined
  const url = new URL(href)
  const key = pageCacheKey(url)
  const page = key ? htmlCache.get(key) : undefined
  if (!page) return undefined
  const facts = { method, ifNoneMatch: header('if-none-match'), acceptEncoding: header('accept-encoding') ?? '' }
  const reply = pageReply(page, newNonce(), page.status === 200, facts)
  if (loggingEnabled) {
    log('info', 'request', { method, path: url.pathname.slice(0, 200), status: reply.status, cache: 'hit', ip: hashIp(ip) })
  }
  return reply
}
