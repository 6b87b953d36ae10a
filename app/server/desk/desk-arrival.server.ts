import { sessionTokenIn } from '~/server/desk/desk-auth.server'
import { escapeMarkup } from '~/server/http/responses.server'

/**
 * A desk link opened from webmail or another app is a cross-site navigation, and the session
 * cookie (SameSite=Strict) is not sent with it: the coach would meet the sign-in although she is
 * signed in. This page reloads the same address at once; that navigation starts on the site itself,
 * so the browser sends the cookie. Without a session the reload shows the sign-in as usual; it is
 * same-site, so it never comes back here.
 */
export function crossSiteDeskArrival(request: Request, pathname: string): Response | undefined {
  if (request.method !== 'GET' || !/^\/coach(?:\/|$)/.test(pathname)) return undefined
  if (request.headers.get('sec-fetch-site') !== 'cross-site' || request.headers.get('sec-fetch-mode') !== 'navigate') return undefined
  if (sessionTokenIn(request.headers.get('cookie'))) return undefined
  const url = new URL(request.url)
  const href = escapeMarkup(`${url.pathname}${url.search}`)
  const body = `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0"><meta name="robots" content="noindex"><title>Dit skrivebord</title></head><body><p><a href="${href}">Fortsæt til dit skrivebord</a></p></body></html>`
  return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store, private', 'X-Robots-Tag': 'noindex, nofollow' } })
}
