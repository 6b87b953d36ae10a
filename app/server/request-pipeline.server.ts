import { closeDb, getDb } from '#db/connection'
import { hashIp } from '~/server/contact.server'
import { applySecurityHeaders, isDecodablePath, newNonce } from '~/server/http'
import { stopBackgroundJobs } from '~/server/jobs.server'
import { log } from '~/server/log.server'
import { fetchArticle, fetchBlogIndex } from '~/lib/blog-queries'
import { sendContactMessage } from '~/lib/contact-action'
import { isProduction, servePage } from '~/server/pages.server'

type Render = (request: Request) => Response | Promise<Response>

export const MAX_BODY_BYTES = 64 * 1024
const SERVER_FN_PREFIX = '/_serverFn/'
const MAX_PATH_LENGTH = 1024

/** Every request the app answers passes here: guards, page cache, headers and one log line. */
export async function handleRequest(request: Request, render: Render): Promise<Response> {
  const started = performance.now()
  const url = new URL(request.url)
  const nonce = newNonce()
  let response: Response
  try {
    response = await route(request, url, render, nonce)
  } catch (error) {
    log('error', 'request failed', { path: url.pathname.slice(0, 200), error: error instanceof Error ? error.message : String(error) })
    response = textResponse(500, 'Der opstod en fejl på serveren. Prøv igen om lidt.')
  }
  response = withMutableHeaders(response)
  // (See pageReply: a 304 keeps the CSP the browser stored with the page.)
  applySecurityHeaders(response.headers, { nonce, csp: isProduction && response.status !== 304 })
  log('info', 'request', {
    method: request.method,
    path: url.pathname.slice(0, 200),
    status: response.status,
    ms: Math.round(performance.now() - started),
    ip: hashIp((request as { ip?: string }).ip ?? 'unknown'),
  })
  return response
}

/** Redirects made with Response.redirect() have immutable headers; ours must still be added. */
function withMutableHeaders(response: Response) {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff')
    return response
  } catch {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) })
  }
}

/** The only server functions the site has; any other /_serverFn/ address does not exist. */
const serverFunctionPaths = new Set([sendContactMessage.url, fetchBlogIndex.url, fetchArticle.url].map((url) => url.split('?')[0]))

async function route(request: Request, url: URL, render: Render, nonce: string): Promise<Response> {
  if (url.pathname === '/healthz') return health()
  const facts = {
    method: request.method,
    ifNoneMatch: request.headers.get('If-None-Match'),
    acceptEncoding: request.headers.get('Accept-Encoding') ?? '',
  }
  if (url.pathname.length > MAX_PATH_LENGTH || !isDecodablePath(url.pathname) || url.pathname.startsWith('//')) {
    const notFound = new URL('/ikke-fundet', url)
    return servePage(notFound, facts, nonce, () => render(new Request(notFound, { headers: request.headers })))
  }

  if (url.pathname.startsWith(SERVER_FN_PREFIX)) {
    if (!serverFunctionPaths.has(url.pathname)) return textResponse(404, 'Adressen findes ikke.')
    if (request.method !== 'GET' && request.method !== 'POST') return textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, POST' })
    const guarded = request.method === 'POST' ? await guardBody(request) : request
    if (guarded instanceof Response) return guarded
    const response = withMutableHeaders(await render(guarded))
    // Our server functions answer their own failures (the contact form reports 'fejl'); a 500 from
    // the framework means it could not even read the call, so the caller gets a plain 4xx without
    // internals, and the log keeps the detail.
    if (response.status >= 500) {
      log('warn', 'server function call refused', { path: url.pathname.slice(0, 120), status: response.status })
      await response.body?.cancel()
      return textResponse(400, 'Forespørgslen kunne ikke behandles.')
    }
    response.headers.set('Cache-Control', 'no-store')
    return response
  }

  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, HEAD' })
  }
  const getRequest = request.method === 'HEAD' ? new Request(request.url, { headers: request.headers }) : request
  return servePage(url, facts, nonce, () => render(getRequest))
}

/**
 * Server function bodies are read here with a hard limit, whatever Content-Length claims, and
 * must be a form or JSON; a malformed form is refused before the framework sees it.
 */
async function guardBody(request: Request): Promise<Request | Response> {
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > MAX_BODY_BYTES) return textResponse(413, 'Forespørgslen er for stor (højst 64 KB).')
  const type = request.headers.get('Content-Type') ?? ''
  const isForm = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)
  if (!isForm && !/^application\/json\b/i.test(type)) return textResponse(415, 'Forespørgslen skal være en formular eller JSON.')

  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      if (size > MAX_BODY_BYTES) return textResponse(413, 'Forespørgslen er for stor (højst 64 KB).')
      chunks.push(chunk)
    }
  }
  const body = Buffer.concat(chunks)
  const guarded = new Request(request.url, { method: 'POST', headers: request.headers, body })
  try {
    if (isForm) await guarded.clone().formData()
    else JSON.parse(body.toString('utf8'))
  } catch {
    return textResponse(400, isForm ? 'Formularen kunne ikke læses.' : 'Forespørgslen er ikke gyldig JSON.')
  }
  return guarded
}

function health() {
  try {
    getDb().$client.prepare('SELECT 1').get()
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}

function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

/** Called by the production server on SIGTERM, after in-flight requests have finished. */
export function shutdown() {
  stopBackgroundJobs()
  closeDb()
}
