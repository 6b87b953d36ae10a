import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { MiddlewareOptions } from '~/server/http/client-address.server'
import { negotiateEncoding } from '~/server/http/http'
import { SERVER_ERROR_TEXT, textResponse } from '~/server/http/responses.server'
import { deserializes } from '~/server/http/server-fn-payload.server'
import { log } from '~/server/log.server'

export const MAX_BODY_BYTES = 64 * 1024
/** Below this a compressed answer saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024

/**
 * Server functions, before Start's CSRF check and the function itself: known ones only (the paths
 * of server-functions.server.ts), GET or POST, a body of a stated length within the limit that is
 * a readable form or JSON (a larger body only where largeBodyLimits says). Their answers are never stored anywhere, and a large JSON answer (the
 * blog index) is compressed.
 */
export async function guardServerFunction(
  { request, next, pathname }: MiddlewareOptions,
  serverFunctionPaths: ReadonlySet<string | undefined>,
  largeBodyLimits: ReadonlyMap<string | undefined, number> = new Map(),
): Promise<Response> {
  if (!serverFunctionPaths.has(pathname)) return textResponse(404, 'Adressen findes ikke.')
  if (request.method !== 'GET' && request.method !== 'POST') return textResponse(405, 'Metoden er ikke tilladt.', { Allow: 'GET, POST' })
  const refusal = request.method === 'POST' ? await refuseBody(request, largeBodyLimits.get(pathname)) : refusePayloadQuery(new URL(request.url))
  if (refusal) return refusal
  const response: Response | undefined = (await next()).response
  if (!response) {
    // Start (1.169) gives a request middleware no response for a function whose result is one
    // small finished value such as `null` (fetchManagedBooking of a link that leads nowhere), and
    // then fails itself with an English "Internal Server Error". Until that is fixed there, the
    // caller is told in Danish and the log says which function.
    log('error', 'server function gave no answer', { path: pathname })
    return textResponse(500, SERVER_ERROR_TEXT)
  }
  // A known function asked with the other method: Start says "expected GET method. Got POST".
  if (response.status === 405) return textResponse(405, 'Metoden er ikke tilladt.', { Allow: response.headers.get('Allow') ?? 'GET, POST' })
  if (response.status >= 500) {
    // Our server functions answer their own expected failures (the contact form's 503 carries its
    // result); this is an outage, and the framework's serialized error says what failed.
    log('error', 'server function failed', { path: pathname, status: response.status, error: (await response.clone().text()).slice(0, 1000) })
    // A 500 is an error thrown inside, serialized in English with internals ("Cannot read
    // properties of undefined …"): the log has it, the caller is told in Danish, without details.
    if (response.status === 500) return textResponse(500, SERVER_ERROR_TEXT)
  }
  return uncachedAndCompressed(response, request.headers.get('Accept-Encoding'))
}

/**
 * The body must state its length, within the limit: Node's parser then never delivers more, so
 * nothing larger is ever buffered (a body without a length is refused before it is read). It must
 * be a form or JSON the framework can read; it is read here from a copy, the framework reads the
 * original.
 */
export async function refuseBody(request: Request, limit = MAX_BODY_BYTES): Promise<Response | undefined> {
  const length = request.headers.get('Content-Length')
  if (length === null) return textResponse(411, 'Forespørgslen skal angive sin længde.')
  if (Number(length) > limit) return textResponse(413, `Forespørgslen er for stor (højst ${limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`}).`)
  const type = request.headers.get('Content-Type') ?? ''
  const isForm = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)
  if (!isForm && !/^application\/json\b/i.test(type)) return textResponse(415, 'Forespørgslen skal være en formular eller JSON.')
  try {
    if (isForm) await request.clone().formData()
    else if (!deserializes(JSON.parse(await request.clone().text()))) return unreadablePayload()
  } catch {
    return textResponse(400, isForm ? 'Formularen kunne ikke læses.' : 'Forespørgslen er ikke gyldig JSON.')
  }
  return undefined
}

/** A GET server function carries its JSON payload in the query; one the framework cannot read is refused. */
function refusePayloadQuery(url: URL): Response | undefined {
  const payload = url.searchParams.get('payload')
  if (!payload) return undefined
  try {
    return deserializes(JSON.parse(payload)) ? undefined : unreadablePayload()
  } catch {
    return unreadablePayload()
  }
}

const unreadablePayload = () => textResponse(400, 'Forespørgslen kunne ikke læses.')

async function uncachedAndCompressed(response: Response, acceptEncoding: string | null): Promise<Response> {
  const headers = new Headers(response.headers)
  headers.set('Cache-Control', 'no-store')
  const json = /^application\/json\b/i.test(headers.get('Content-Type') ?? '')
  if (!json || headers.has('Content-Encoding') || !response.body) return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  const body = Buffer.from(await response.arrayBuffer())
  const encoding = body.length < COMPRESS_FROM_BYTES ? 'identity' : negotiateEncoding(acceptEncoding)
  headers.append('Vary', 'Accept-Encoding')
  headers.delete('Content-Length')
  // Made per request, so at a quick setting: most of the size for a fraction of the time.
  const encoded =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : encoding === 'gzip'
        ? gzipSync(body, { level: 6 })
        : body
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding)
  return new Response(new Uint8Array(encoded), { status: response.status, statusText: response.statusText, headers })
}
