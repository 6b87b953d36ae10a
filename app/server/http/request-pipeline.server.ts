import { closeDb } from '#db/connection'
import { fetchArticle, fetchBlogIndex } from '~/lib/blog-queries'
import { bookTime, changeBooking, fetchBookingWeek, fetchChosenSlot, fetchManagedBooking } from '~/lib/booking/booking-actions'
import { sendContactMessage } from '~/lib/contact-action'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { clientAddressOf, withClientAddress } from '~/server/http/client-address.server'
import { databaseHealth } from '~/server/http/health.server'
import { contentSecurityPolicy, isDecodablePath, securityHeaders } from '~/server/http/http'
import { stopBackgroundJobs } from '~/server/jobs.server'
import { errorFields, log, logRequest } from '~/server/log.server'
import { pageCache } from '~/server/http/page-cache.server'
import { type Page, type Reply, type RequestFacts, SHARED_CACHE_CONTROL, makePage, replyToResponse, replyWithPage } from '~/server/http/page.server'
import { deserializes } from '~/server/http/server-fn-payload.server'
import { StaticFiles } from '~/server/http/static-files.server'

/**
 * The request pipeline: every request the framework answers passes here once. In order:
 * health check, odd paths, server functions (known ones only, body limit and shape, then the
 * framework with its default CSRF middleware), and pages (one canonical address each,
 * rendered once into fixed bytes and cached). Every response leaves with the security headers and
 * one JSON log line. The production server (server.ts) answers static files and cached pages
 * itself through `productionEntry` in app/server.ts, with the same headers and log line.
 */

type Render = (request: Request) => Response | Promise<Response>

export const MAX_BODY_BYTES = 64 * 1024
const SERVER_FN_PREFIX = '/_serverFn/'
const MAX_PATH_LENGTH = 1024
export const isProduction = process.env.NODE_ENV === 'production'
/** HTML_CACHE=off renders every page afresh (the benchmark's cold runs). */
const pageCacheEnabled = isProduction && process.env.HTML_CACHE !== 'off'

export async function handleRequest(request: Request, render: Render): Promise<Response> {
  const started = performance.now()
  const url = new URL(request.url)
  let response: Response
  let cache: 'hit' | 'miss' | undefined
  try {
    ;({ response, cache } = await route(request, url, render))
  } catch (error) {
    if (request.signal.aborted) {
      logRequest({ method: request.method, path: url.pathname, status: 499, ms: performance.now() - started, address: clientAddressOf(request), outcome: 'aborted' })
      return new Response(null, { status: 499 })
    }
    log('error', 'request failed', { path: url.pathname, ...errorFields(error) })
    response = textResponse(500, 'Der opstod en fejl på serveren. Prøv igen om lidt.')
  }
  response = withSecurityHeaders(response)
  logRequest({ method: request.method, path: url.pathname, status: response.status, ms: performance.now() - started, address: clientAddressOf(request), cache })
  return response
}

/** For every response that brings no CSP of its own: the strictest one, made once. */
const defaultSecurityHeaders = Object.entries(securityHeaders(isProduction && contentSecurityPolicy()))

/** Headers a response has not set itself (a page carries its own CSP with its inline hashes). */
function withSecurityHeaders(response: Response) {
  let headers = response.headers
  try {
    headers.delete('X-Powered-By')
  } catch {
    // Response.redirect() and Response.error() have immutable headers: copy them.
    headers = new Headers(response.headers)
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
  for (const [name, value] of defaultSecurityHeaders) {
    if (!headers.has(name)) headers.set(name, value)
  }
  return response
}

/** The only server functions the site has; any other /_serverFn/ address does not exist. */
const serverFunctionPaths = new Set(
  [sendContactMessage.url, fetchBlogIndex.url, fetchArticle.url, fetchBookingWeek.url, fetchChosenSlot.url, fetchManagedBooking.url, bookTime.url, changeBooking.url].map(
    (url) => url.split('?')[0],
  ),
)

type Routed = { response: Response; cache?: 'hit' | 'miss' }

async function route(request: Request, url: URL, render: Render): Promise<Routed> {
  if (url.pathname === '/healthz') return { response: healthResponse() }
  if (url.pathname.startsWith(SERVER_FN_PREFIX)) return { response: await serverFunction(request, url, render) }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { response: textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, HEAD' }) }
  }
  const facts: RequestFacts = { method: request.method, ifNoneMatch: request.headers.get('If-None-Match'), acceptEncoding: request.headers.get('Accept-Encoding') }
  if (url.pathname.length > MAX_PATH_LENGTH || !isDecodablePath(url.pathname) || url.pathname.startsWith('//')) {
    return { response: replyToResponse(replyWithPage(await renderPage(request, new URL('/ikke-fundet', url), render, false), facts)) }
  }
  const address = canonicalPageAddress(url)
  if ('redirect' in address) {
    return { response: new Response(null, { status: 301, headers: { Location: address.redirect, 'Cache-Control': SHARED_CACHE_CONTROL } }) }
  }
  const pageUrl = new URL(`${address.path}${address.cacheKey?.slice(address.path.length) ?? url.search}`, url)
  if (!pageCacheEnabled || !address.cacheKey) {
    return { response: replyToResponse(replyWithPage(await renderPage(request, pageUrl, render, false), facts)) }
  }
  let cache: 'hit' | 'miss' = 'hit'
  const page = await pageCache.getOrRender(address.cacheKey, () => {
    cache = 'miss'
    return renderPage(request, pageUrl, render, true)
  })
  return { response: replyToResponse(replyWithPage(page, facts)), cache }
}

/** Renders a page as GET (HEAD gets the same headers) and turns it into fixed bytes. */
async function renderPage(request: Request, url: URL, render: Render, shared: boolean): Promise<Page> {
  const response = await render(withClientAddress(new Request(url, { headers: request.headers, signal: request.signal }), clientAddressOf(request)))
  const html = await response.text()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!['content-length', 'content-encoding', 'etag', 'cache-control', 'set-cookie'].includes(name)) headers[name] = value
  })
  return makePage(
    { html, status: response.status, headers },
    { effort: shared ? 'high' : 'low', cacheControl: shared && response.status === 200 ? SHARED_CACHE_CONTROL : 'no-store', csp: isProduction },
  )
}

async function serverFunction(request: Request, url: URL, render: Render): Promise<Response> {
  if (!serverFunctionPaths.has(url.pathname)) return textResponse(404, 'Adressen findes ikke.')
  if (request.method !== 'GET' && request.method !== 'POST') return textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, POST' })
  const guarded = request.method === 'POST' ? await guardBody(request) : guardPayloadQuery(request, url)
  if (guarded instanceof Response) return guarded
  const response = await render(guarded)
  if (response.status >= 500) {
    // Our server functions answer their own expected failures; this is an outage, and the caller
    // is told so. The framework's serialized error says what failed.
    log('error', 'server function failed', { path: url.pathname, status: response.status, error: (await response.clone().text()).slice(0, 1000) })
  }
  const headers = new Headers(response.headers)
  headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * Server function bodies are read here with a hard limit, whatever Content-Length claims, and
 * must be a form or JSON; a malformed form is refused before the framework sees it.
 */
async function guardBody(request: Request): Promise<Request | Response> {
  const tooLarge = () => textResponse(413, 'Forespørgslen er for stor (højst 64 KB).')
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES) return tooLarge()
  const type = request.headers.get('Content-Type') ?? ''
  const isForm = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)
  if (!isForm && !/^application\/json\b/i.test(type)) return textResponse(415, 'Forespørgslen skal være en formular eller JSON.')

  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of (request.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > MAX_BODY_BYTES) return tooLarge()
    chunks.push(chunk)
  }
  const body = Buffer.concat(chunks)
  // The body has been read, so the framework gets a new request: the client address goes with it.
  const guarded = withClientAddress(new Request(request.url, { method: 'POST', headers: request.headers, body, signal: request.signal }), clientAddressOf(request))
  try {
    if (isForm) await guarded.clone().formData()
    else if (!deserializes(JSON.parse(body.toString('utf8')))) return unreadablePayload()
  } catch {
    return textResponse(400, isForm ? 'Formularen kunne ikke læses.' : 'Forespørgslen er ikke gyldig JSON.')
  }
  return guarded
}

/** A GET server function carries its JSON payload in the query; one the framework cannot read is refused. */
function guardPayloadQuery(request: Request, url: URL): Request | Response {
  const payload = url.searchParams.get('payload')
  if (!payload) return request
  try {
    return deserializes(JSON.parse(payload)) ? request : unreadablePayload()
  } catch {
    return unreadablePayload()
  }
}

const unreadablePayload = () => textResponse(400, 'Forespørgslen kunne ikke læses.')

function healthResponse() {
  const health = databaseHealth()
  if (!health.ok) log('error', 'health check failed', { reason: health.reason })
  return Response.json(health.ok ? { status: 'ok' } : { status: 'unavailable', reason: health.reason }, {
    status: health.ok ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  })
}

function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

export type FastRequest = { method: string; url: string; header: (name: string) => string | null; address: string }

let staticFiles: StaticFiles | undefined

/**
 * The production server's fast path: static files and cached pages answered from memory, without
 * the framework, with the same headers (and, for pages, the same log line) as the pipeline.
 * Undefined sends the request through handleRequest (a page not cached yet, a redirect, a query
 * of its own, a server function, anything but GET and HEAD).
 */
export function fastReply(request: FastRequest): Reply | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const started = performance.now()
  const url = new URL(request.url, 'http://localhost')
  const facts: RequestFacts = { method: request.method, ifNoneMatch: request.header('if-none-match'), acceptEncoding: request.header('accept-encoding') }
  staticFiles ??= new StaticFiles()
  const file = staticFiles.get(url.pathname)
  if (file) return replyWithPage(file, facts)
  if (!pageCacheEnabled || url.pathname.startsWith(SERVER_FN_PREFIX) || !isDecodablePath(url.pathname)) return undefined
  const address = canonicalPageAddress(url)
  const page = 'cacheKey' in address && address.cacheKey ? pageCache.get(address.cacheKey) : undefined
  if (!page) return undefined
  const reply = replyWithPage(page, facts)
  logRequest({ method: request.method, path: url.pathname, status: reply.status, ms: performance.now() - started, address: request.address, cache: 'hit' })
  return reply
}

/** Called by the production server on SIGTERM, after in-flight requests have finished. */
export function shutdown() {
  stopBackgroundJobs()
  closeDb()
}
