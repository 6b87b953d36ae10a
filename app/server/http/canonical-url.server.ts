import { blogSearchQuery, parseBlogSearch } from '~/lib/blog-search'

/**
 * Parameters that only tell analytics where a visitor came from. They never change a page, so a
 * shared link carrying them gets the cached canonical page (whose canonical link tells search
 * engines the rest).
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|ref_src)$/i

/** Pages whose query is part of what they show; every other page has no query of its own. */
const QUERY_OF_PAGE: Record<string, (params: URLSearchParams) => string> = {
  '/blog': (params) => blogSearchQuery(parseBlogSearch(Object.fromEntries(params))),
  // The no-JavaScript result of the contact form.
  '/kontakt': (params) => (params.has('status') ? `?${params}` : ''),
  // The answer to a sign-up, a confirmation or an unsubscription.
  '/nyhedsbrev': (params) => (params.has('status') ? `?${new URLSearchParams({ status: params.get('status')! })}` : ''),
}

/**
 * Parameters that make a page the visitor's own (the contact form's result, a search of the blog):
 * such a page is never stored, so no visitor's words take a place in the page cache or push a
 * page out of it, however many different searches arrive.
 */
const VISITORS_OWN_PARAMETER: Record<string, string> = { '/kontakt': 'status', '/blog': 'q', '/nyhedsbrev': 'status' }

export type PageAddress =
  /** Another address is the page's own: answer with a permanent redirect. */
  | { redirect: string }
  /**
   * `cacheKey` is set when the page looks the same to every visitor; unset, the page is rendered
   * for this request only (the contact form's result, an address no page can have).
   */
  | { path: string; cacheKey: string | undefined }

/**
 * Booking pages (free times and one visitor's booking; a paid session's times, its return from
 * Checkout and its order page; a klippekort's purchase page and its card's page), the coach's desk, her private calendar feed
 * and the newsletter's confirmation and unsubscribe links. Their addresses carry a time, a manage
 * token, a sign-in link or the feed's secret (letters in any case) and their own queries, so they
 * are taken as given and never get a cache key; the routes say `no-store` themselves as well. A
 * redirect would be a shared-cacheable answer whose Location carries the secret.
 */
const BOOKING_PAGE = /^\/(book-samtale(\/|$)|booking\/|book\/|betaling\/|ordre\/|klippekort\/|coach(\/|$)|kalender\/|nyhedsbrev\/(bekraeft|afmeld)\/)/

/** Longer paths are no page of this site; they are answered as not found and never cached. */
const MAX_PATH_LENGTH = 1024
/** What a page address of this site is made of once decoded: letters, digits, - . _ ~ and /. */
const PLAIN_PATH = /^[A-Za-z0-9\-._~/]*$/
const DOT_SEGMENT = /\/\.\.?(\/|$)/

/**
 * One address per page: case variants, trailing slashes and percent-encoded letters redirect to
 * the canonical path; tracking parameters are dropped without a redirect; any other query that
 * is not the page's own (unknown parameters, invalid values, another order) redirects to the
 * canonical query. An address no page can have (too long, `//`, an escape that decodes to a
 * slash, a dot segment or anything but a plain path) gets no cache key: it is rendered as not
 * found, cheaply, and never stored, so hostile variants cannot flush the page cache.
 */
export function canonicalPageAddress(url: URL): PageAddress {
  const { pathname } = url
  if (pathname.length > MAX_PATH_LENGTH || pathname.startsWith('//')) return { path: pathname, cacheKey: undefined }
  if (BOOKING_PAGE.test(pathname)) return { path: pathname, cacheKey: undefined }
  const decoded = plainDecoded(pathname)
  if (decoded === undefined) return { path: pathname, cacheKey: undefined }
  const path = decoded.length > 1 ? decoded.replace(/\/+$/, '').toLowerCase() || '/' : decoded
  const params = new URLSearchParams([...url.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name)))
  const pageQuery = QUERY_OF_PAGE[path]
  const ownQuery = pageQuery ? pageQuery(params) : ''
  const givenQuery = params.size > 0 ? `?${params}` : ''
  if (path !== pathname || givenQuery !== ownQuery) return { redirect: `${path}${ownQuery}` }
  const ownParameter = VISITORS_OWN_PARAMETER[path]
  const visitorsOwn = ownParameter !== undefined && params.has(ownParameter)
  return { path, cacheKey: visitorsOwn ? undefined : `${path}${ownQuery}` }
}

/** The path with its escapes decoded, when that is a plain path; undefined when no page has it. */
function plainDecoded(pathname: string) {
  if (/%2f/i.test(pathname)) return undefined
  try {
    const decoded = decodeURIComponent(pathname)
    return PLAIN_PATH.test(decoded) && !DOT_SEGMENT.test(decoded) && !decoded.startsWith('//') ? decoded : undefined
  } catch {
    return undefined
  }
}
