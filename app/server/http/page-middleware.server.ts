import type { MiddlewareOptions } from '~/server/http/client-address.server'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { isProduction } from '~/server/http/http'
import { pageCache, pageCacheEnabled } from '~/server/http/page-cache.server'
import { type Page, type RequestFacts, SHARED_CACHE_CONTROL, isNoStore, makePage, replyToResponse, replyWithPage } from '~/server/http/page.server'
import { serverError, textResponse } from '~/server/http/responses.server'
import { refuseBody } from '~/server/http/server-fn-middleware.server'
import { PAYMENT_RETURN_PATH, STRIPE_WEBHOOK_PATH, receiptPagePath } from '~/server/payments/payment-paths.server'

/**
 * Every address that is not a server function: one canonical address (else a 301), then the page
 * from the cache or rendered once into fixed bytes (CSP by hash, compressed, ETag), answered like
 * a static file. Runs before Start strips the body of a HEAD, so HEAD gets the GET's headers.
 *
 * What is never stored: anything but a 200, an address no page can have, and every answer whose
 * own Cache-Control says `no-store` or `private` (a route sets it with `headers: () => ({
 * 'Cache-Control': 'no-store' })`). That rule is the whole of "is this page cached".
 */
export async function answerPage(options: MiddlewareOptions): Promise<Response> {
  try {
    return await answerPageOrThrow(options)
  } catch (error) {
    if (options.request.signal.aborted) throw error
    return serverError(options.pathname, error)
  }
}

async function answerPageOrThrow({ request, pathname, next, context }: MiddlewareOptions): Promise<Response> {
  // The health check must answer even when the page cache cannot (no database): straight through.
  if (pathname === '/healthz') return request.method === 'GET' || request.method === 'HEAD' ? (await next()).response : methodNotAllowed(pathname)
  // Stripe's webhook: its raw body (JSON, signed) is answered here, untouched, never cached. Not a
  // route: a route's registration would be in every page's script, for a post no browser makes.
  if (request.method === 'POST' && pathname === STRIPE_WEBHOOK_PATH) return (await import('~/server/payments/webhook-endpoint.server')).answerStripeWebhook(request)
  // The return from Stripe's Checkout: fulfils, then a 303 to the order's page (payment-return.server.ts).
  if (request.method === 'GET' && pathname === PAYMENT_RETURN_PATH) return (await import('~/server/payments/payment-return.server')).answerPaymentReturn(request)
  // A receipt's printable page, from the order page's link: made from the document's snapshot, never cached.
  const receipt = request.method === 'GET' || request.method === 'HEAD' ? receiptPagePath(pathname) : undefined
  if (receipt) return (await import('~/server/bookkeeping/document-page.server')).documentPage(receipt.token, receipt.number)
  if (request.method === 'POST' && isFormPage(pathname) && !new URL(request.url).search) return answerFormPost(request, next)
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(pathname)
  const arrival = pathname.startsWith('/coach') ? (await import('~/server/desk/desk-arrival.server')).crossSiteDeskArrival(request, pathname) : undefined
  if (arrival) return arrival
  const address = canonicalPageAddress(new URL(request.url))
  if ('redirect' in address) {
    // Kept by a shared cache only where its target would be: a redirect that carries a visitor's
    // search words (/blog?q=…&side=abc) or leads to a page never stored is private, like that page.
    const target = canonicalPageAddress(new URL(address.redirect, request.url))
    const cacheControl = 'cacheKey' in target && target.cacheKey !== undefined ? SHARED_CACHE_CONTROL : 'private, no-store'
    return new Response(null, { status: 301, headers: { Location: address.redirect, 'Cache-Control': cacheControl } })
  }
  const facts: RequestFacts = { method: request.method, ifNoneMatch: request.headers.get('If-None-Match'), acceptEncoding: request.headers.get('Accept-Encoding') }
  const shareable = address.cacheKey !== undefined
  const render = async (kept: boolean) => pageOf(await next(), { shareable, kept })
  if (!pageCacheEnabled || !address.cacheKey) return replyToResponse(replyWithPage(await render(false), facts))
  let cache: 'hit' | 'miss' = 'hit'
  const page = await pageCache.getOrRender(address.cacheKey, () => {
    cache = 'miss'
    return render(true)
  })
  context.served.cache = cache
  return replyToResponse(replyWithPage(page, facts))
}

/**
 * Pages whose own form posts to them without JavaScript (the route's POST handler answers): the
 * contact form, the newsletter's sign-up, and its confirmation and unsubscribe links (whose POST is
 * also the mail program's one-click unsubscribe, RFC 8058).
 */
const isFormPage = (pathname: string) => pathname === '/kontakt' || pathname === '/nyhedsbrev' || /^\/nyhedsbrev\/(bekraeft|afmeld)\/[A-Za-z0-9_-]+$/.test(pathname)

const methodNotAllowed = (pathname: string) => textResponse(405, 'Metoden er ikke tilladt.', { Allow: isFormPage(pathname) ? 'GET, HEAD, POST' : 'GET, HEAD' })

/**
 * A plain form post to its page: the body refused like a server function's (no length, too large,
 * unreadable), and only a form. Never cached. A page rendered as the answer (a refused message,
 * shown again with what was typed) becomes bytes with its CSP hashes like any page, keeping the
 * status and no-store its route gave it; a redirect or a refusal passes as it is.
 */
async function answerFormPost(request: Request, next: MiddlewareOptions['next']): Promise<Response> {
  const refusal = await refuseBody(request)
  if (refusal) return refusal
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(request.headers.get('Content-Type') ?? '')) {
    return textResponse(415, 'Formularen skal sendes som formulardata.')
  }
  const rendered = await next()
  if (!(rendered.response.headers.get('Content-Type') ?? '').startsWith('text/html')) return rendered.response
  const facts: RequestFacts = { method: 'POST', ifNoneMatch: null, acceptEncoding: request.headers.get('Accept-Encoding') }
  return replyToResponse(replyWithPage(await pageOf(rendered, { shareable: false, kept: false }), facts))
}

/**
 * A rendered answer as fixed bytes. Only a 200 at a shareable address may be kept by anyone (and
 * then as the route says, if it says); it is compressed at the highest effort only when the page
 * cache keeps it and serves it many times. A 404 or an error page costs a quick compression, once.
 */
async function pageOf({ response }: { response: Response }, { shareable, kept }: { shareable: boolean; kept: boolean }): Promise<Page> {
  const html = await response.text()
  const own = response.headers.get('Cache-Control')
  // An answer that may not be kept keeps its route's own words (the desk's `no-store, private`).
  const cacheControl = response.status === 200 && shareable ? (own ?? SHARED_CACHE_CONTROL) : isNoStore(own) ? own! : 'no-store'
  // A cookie only on an answer nobody keeps (the desk's session, its expiry renewed): a stored
  // page must never hand one visitor's cookie to the next.
  const dropped = ['content-length', 'content-encoding', 'etag', 'cache-control', ...(isNoStore(own) ? [] : ['set-cookie'])]
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!dropped.includes(name)) headers[name] = value
  })
  const effort = kept && response.status === 200 && !isNoStore(cacheControl) ? 'high' : 'low'
  return makePage({ html, status: response.status, headers }, { effort, cacheControl, csp: isProduction })
}
