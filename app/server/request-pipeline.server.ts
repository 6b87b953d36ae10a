import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { closeDb, getDb } from '#db/connection'
import { hashIp } from '~/server/contact.server'
import { type CachedPage, htmlCache } from '~/server/html-cache.server'
import { applySecurityHeaders, newNonce } from '~/server/http-headers'
import { startBackgroundJobs, stopBackgroundJobs } from '~/server/jobs.server'
import { log } from '~/server/log.server'
import { cspNoncePlaceholder } from '~/lib/csp'
import { isCategory } from '~/lib/categories'

type Render = (request: Request) => Response | Promise<Response>

export const MAX_BODY_BYTES = 64 * 1024
const SERVER_FN_PREFIX = '/_serverFn/'
const MAX_PATH_LENGTH = 1024
const isProduction = process.env.NODE_ENV === 'production'

const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

/** Every request the app answers passes here: guards, page cache, headers and one log line. */
export async function handleRequest(request: Request, render: Render): Promise<Response> {
  startBackgroundJobs()
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
  applySecurityHeaders(response.headers, { nonce, csp: isProduction })
  if (response.status === 404) log('info', 'not found', { path: url.pathname.slice(0, 200) })
  log('info', 'request', {
    method: request.method,
    path: url.pathname.slice(0, 200),
    status: response.status,
    ms: Math.round(performance.now() - started),
    ip: hashIp(request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'direct'),
  })
  return response
}

async function route(request: Request, url: URL, render: Render, nonce: string): Promise<Response> {
  if (url.pathname === '/healthz') return health()
  if (url.pathname.length > MAX_PATH_LENGTH) return render(new Request(new URL('/ikke-fundet', url), { headers: request.headers }))

  if (url.pathname.startsWith(SERVER_FN_PREFIX)) {
    if (request.method !== 'GET' && request.method !== 'POST') return textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, POST' })
    const guarded = request.method === 'POST' ? await guardBody(request) : request
    if (guarded instanceof Response) return guarded
    const response = await render(guarded)
    response.headers.set('Cache-Control', 'no-store')
    return response
  }

  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, HEAD' })
  }
  const getRequest = request.method === 'HEAD' ? new Request(request.url, { headers: request.headers }) : request
  const cacheKey = isProduction ? pageCacheKey(url) : undefined
  let page = cacheKey ? htmlCache.get(cacheKey) : undefined
  if (!page) {
    const response = await render(getRequest)
    if (!response.headers.get('Content-Type')?.startsWith('text/html')) return response
    const html = await response.text()
    const fresh = { body: isProduction ? deferAppScript(html) : html, status: response.status, headers: [...response.headers] }
    page = cacheKey && fresh.status === 200 ? htmlCache.set(cacheKey, fresh) : { ...fresh, etag: '' }
  }
  return pageResponse(request, page, nonce, cacheKey !== undefined && page.status === 200)
}

/**
 * Every page is complete without JavaScript, so the app's script can wait until the first frame is
 * painted: on a slow phone the text appears before ~130 kB of JavaScript competes for the line.
 * Done once per rendered page, before it is cached.
 */
export function deferAppScript(html: string) {
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" async="" src="([^"]+)"( nonce="[^"]*")?><\/script>/,
      (_tag, src: string, nonce = '') => `<script${nonce}>requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))</script>`,
    )
}

/** Only pages that look the same to every visitor are cached; any other query renders afresh. */
function pageCacheKey(url: URL): string | undefined {
  if (url.search === '') return url.pathname
  if (url.pathname !== '/blog') return undefined
  const kategori = url.searchParams.get('kategori')
  const side = url.searchParams.get('side')
  const known = [...url.searchParams.keys()].every((key) => key === 'kategori' || key === 'side')
  if (!known || (kategori !== null && !isCategory(kategori)) || (side !== null && !/^[1-9]\d{0,4}$/.test(side))) return undefined
  return `/blog?kategori=${kategori ?? ''}&side=${side ?? ''}`
}

function pageResponse(request: Request, page: CachedPage, nonce: string, cacheable: boolean) {
  const headers = new Headers(page.headers)
  headers.delete('Content-Length')
  headers.set('Cache-Control', cacheable ? HTML_CACHE_CONTROL : 'no-store')
  headers.set('Vary', 'Accept-Encoding')
  if (cacheable) headers.set('ETag', page.etag)
  if (cacheable && request.headers.get('If-None-Match') === page.etag) return new Response(null, { status: 304, headers })

  const placeholder = cspNoncePlaceholder()
  const html = placeholder ? page.body.replaceAll(placeholder, nonce) : page.body
  const body = request.method === 'HEAD' ? null : compress(html, request.headers.get('Accept-Encoding') ?? '', headers)
  return new Response(body, { status: page.status, headers })
}

function compress(html: string, acceptEncoding: string, headers: Headers): BodyInit {
  if (html.length < 1024) return html
  if (/\bbr\b/.test(acceptEncoding)) {
    headers.set('Content-Encoding', 'br')
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) as unknown as BodyInit
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    headers.set('Content-Encoding', 'gzip')
    return gzipSync(html, { level: 6 }) as unknown as BodyInit
  }
  return html
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
