import { createCsrfMiddleware } from '@tanstack/react-start'

/**
 * The one CSRF rule for every post, server functions and /kontakt's plain form alike: it must come
 * from a page of this site. Behind the documented proxy the server sees `http://…` while the
 * visitor's browser is on `https://…`, so the request's own address proves nothing; what a browser
 * names in `Origin` is the site's public origin, SITE_URL's. Without SITE_URL (development) that is
 * the address the request came to.
 *
 * A browser that sends Sec-Fetch-Site must say `same-origin`; one that sends Origin, with or without
 * Sec-Fetch-Site (Safari before 16.4 and some embedded browsers send only Origin), must name the
 * public origin; one that sends neither is judged by its Referer. Anything else gets a Danish 403.
 */
const postsFromThisSite = ({ serverFunctionsOnly }: { serverFunctionsOnly: boolean }) =>
  createCsrfMiddleware({
    filter: serverFunctionsOnly ? (ctx) => ctx.handlerType === 'serverFn' : undefined,
    secFetchSite: (value, { request }) => value === 'same-origin' && [null, publicOrigin(request)].includes(request.headers.get('Origin')),
    origin: (value, { request }) => value === publicOrigin(request),
    referer: (referer, { request }) => originOf(referer) === publicOrigin(request),
    failureResponse: () =>
      new Response('Formularen kan kun sendes fra siden selv.', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      }),
  })

/** For app/start.ts: every server function call. */
export const serverFunctionsFromThisSite = /* @__PURE__ */ postsFromThisSite({ serverFunctionsOnly: true })
/** For a route's POST handler (/kontakt's form without JavaScript). */
export const formPostsFromThisSite = /* @__PURE__ */ postsFromThisSite({ serverFunctionsOnly: false })

/** `undefined` when SITE_URL is not an address: then no Origin matches, and posts are refused. */
function publicOrigin(request: Request): string | undefined {
  return originOf(process.env.SITE_URL || request.url)
}

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}
