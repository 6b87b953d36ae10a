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
  // The no-JavaScript result of the contact form: differs per visitor, never cached.
  '/kontakt': (params) => (params.has('status') ? `?${params}` : ''),
}

/** Pages that differ per visitor or per moment. */
const UNCACHED_PAGE = /^\/(book-samtale(\/|$)|booking\/)/

/** Letters in lower case; percent-escapes stay as they are (%C3%A6 and %c3%a6 are one byte). */
const lowerCase = (path: string) => path.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith('%') ? part : part.toLowerCase()))

export type PageAddress =
  /** Another address is the page's own: answer with a permanent redirect. */
  | { redirect: string }
  /** `cacheKey` is set when the page looks the same to every visitor. */
  | { path: string; cacheKey: string | undefined }

/**
 * One address per page: case variants and a trailing slash redirect to the canonical path;
 * tracking parameters are dropped without a redirect; any other query that is not the page's
 * own (unknown parameters, invalid values, another order) redirects to the canonical query.
 */
export function canonicalPageAddress(url: URL): PageAddress {
  // Booking pages show free times and one visitor's booking: never cached, here or in a shared
  // cache. Their addresses (a time, a manage token) are taken as given, letters' case included.
  if (UNCACHED_PAGE.test(url.pathname)) return { path: url.pathname, cacheKey: undefined }
  const path = url.pathname.length > 1 ? lowerCase(url.pathname.replace(/\/+$/, '')) || '/' : url.pathname
  const params = new URLSearchParams([...url.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name)))
  const pageQuery = QUERY_OF_PAGE[path]
  const ownQuery = pageQuery ? pageQuery(params) : ''
  const givenQuery = params.size > 0 ? `?${params}` : ''
  if (path !== url.pathname || givenQuery !== ownQuery) return { redirect: `${path}${ownQuery}` }
  return { path, cacheKey: path === '/kontakt' && ownQuery ? undefined : `${path}${ownQuery}` }
}
