import { closeDb } from '#db/connection'
import { type RequestContext, socketAddressOf } from '~/server/http/client-address.server'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { contentSecurityPolicy, isDecodablePath, isProduction, securityHeaders } from '~/server/http/http'
import { pageCache, pageCacheEnabled } from '~/server/http/page-cache.server'
import { type Page, type Reply, type RequestFacts, SHARED_CACHE_CONTROL, replyWithPage } from '~/server/http/page.server'
import { serverError } from '~/server/http/responses.server'
import { StaticFiles } from '~/server/http/static-files.server'
import { stopBackgroundJobs } from '~/server/jobs.server'
import { logRequest } from '~/server/log.server'

/**
 * The envelope of every request Start answers, in dev and in production alike (app/server.ts
 * calls it): the visitor's address goes into the request context, Start answers (its request
 * middleware in app/start.ts does the rest), and whatever comes back, an error included, leaves
 * with the security headers and one JSON log line. A client that went away is logged as 499.
 */
export async function serveRequest(
  request: Request,
  clientAddress: string | undefined,
  answer: (context: RequestContext) => Response | Promise<Response>,
): Promise<Response> {
  const started = performance.now()
  const context: RequestContext = { clientAddress: clientAddress ?? socketAddressOf(request), served: {} }
  const path = new URL(request.url).pathname
  const line = (status: number, outcome?: 'aborted') =>
    logRequest({ method: request.method, path, status, ms: performance.now() - started, address: context.clientAddress, cache: context.served.cache, outcome })
  const clientGone = () => {
    line(499, 'aborted')
    return new Response(null, { status: 499 })
  }
  let response: Response
  try {
    // Start would answer `//host/path` with an absolute redirect built from the Host header.
    response = path.startsWith('//') ? redirectResponse(path.replace(/^\/+/, '/')) : await answer(context)
  } catch (error) {
    if (request.signal.aborted) return clientGone()
    response = serverError(path, error)
  }
  // A visitor who gives up in the middle of sending a body: Start answers the failed read with a 500
  // of its own. No server error, a visitor who left.
  if (request.signal.aborted && response.status >= 499) return clientGone()
  response = withSecurityHeaders(response)
  line(response.status)
  return response
}

const redirectResponse = (location: string) => new Response(null, { status: 301, headers: { Location: location, 'Cache-Control': SHARED_CACHE_CONTROL } })

/** For every response that brings no CSP of its own: the strictest one, made once. */
const defaultSecurityHeaders = Object.entries(securityHeaders(isProduction && contentSecurityPolicy()))

/**
 * The one place security headers are added, to headers a response has not set itself (a page
 * and a static file carry theirs, with the page's own CSP, from when they were made).
 */
function withSecurityHeaders(response: Response) {
  let headers = response.headers
  try {
    headers.delete('X-Powered-By')
  } catch {
    // Response.redirect() and Response.error() have immutable headers: copy them.
    // The new Response copies the headers it is given: the ones to add to are its own.
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers })
    headers = response.headers
    headers.delete('X-Powered-By')
  }
  for (const [name, value] of defaultSecurityHeaders) {
    if (!headers.has(name)) headers.set(name, value)
  }
  return response
}

export type FastRequest = { method: string; url: string; header: (name: string) => string | null; address: string }

let staticFiles: StaticFiles | undefined

/**
 * The production server's fast path: static files and cached pages answered from memory, without
 * Start, with the same bytes and headers (and, for pages, the same log line) as the path through
 * Start. Undefined sends the request on to Start (a page not cached yet, a redirect, a query of
 * its own, a server function, anything but GET and HEAD). `files`: the client build (a test's own folder).
 */
export function fastReply(request: FastRequest, files = (staticFiles ??= new StaticFiles())): Reply | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const started = performance.now()
  const facts = (): RequestFacts => ({ method: request.method, ifNoneMatch: request.header('if-none-match'), acceptEncoding: request.header('accept-encoding') })
  const cachedReply = (page: Page, path: string) => {
    const reply = replyWithPage(page, facts())
    logRequest({ method: request.method, path, status: reply.status, ms: performance.now() - started, address: request.address, cache: 'hit' })
    return reply
  }
  const known = pageAddresses.get(request.url)
  const knownPage = known && pageCache.get(known.cacheKey)
  if (knownPage) return cachedReply(knownPage, known.path)

  const url = new URL(request.url, 'http://localhost')
  // `//host/om`, `/\host/om` (a backslash reads as a slash) or `http://host/om` name a host: as a
  // path of this site they would answer /om. The envelope redirects them or answers not found.
  if (url.host !== 'localhost') return undefined
  const file = files.get(url.pathname, url.search)
  if (file) return replyWithPage(file, facts())
  if (!pageCacheEnabled || !isDecodablePath(url.pathname)) return undefined
  const address = canonicalPageAddress(url)
  const cacheKey = 'cacheKey' in address ? address.cacheKey : undefined
  const page = cacheKey ? pageCache.get(cacheKey) : undefined
  if (!cacheKey || !page) return undefined
  rememberPageAddress(request.url, { cacheKey, path: url.pathname })
  return cachedReply(page, url.pathname)
}

/**
 * The request targets that were answered from the page cache, with their cache key: a page asked
 * again skips parsing and canonicalising its address, most of a cached answer's own work. Only a
 * target that led to a cached page is kept (an unknown address never is), at most
 * PAGE_ADDRESSES_KEPT: a stranger's many variants of tracking parameters can only empty the map.
 * A page no longer cached sends its target the whole way again.
 */
const pageAddresses = new Map<string, { cacheKey: string; path: string }>()
const PAGE_ADDRESSES_KEPT = 500

function rememberPageAddress(target: string, address: { cacheKey: string; path: string }) {
  if (pageAddresses.size >= PAGE_ADDRESSES_KEPT) pageAddresses.clear()
  pageAddresses.set(target, address)
}

/** Called by the production server on SIGTERM, after in-flight requests have finished. */
export function shutdown() {
  stopBackgroundJobs()
  closeDb()
}
