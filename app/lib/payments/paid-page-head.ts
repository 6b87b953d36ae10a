import { siteOf } from '~/lib/content/site-data'
import { seo } from '~/lib/seo'

/**
 * The paid booking pages' head and headers, once for all of them: these parts of a route are in
 * every page's script, so they say little (the pages are not indexed) and share one function.
 */
export const paidPageHead = (matches: Parameters<typeof siteOf>[0], title: string, path: string) => seo({ site: siteOf(matches), title, path, noindex: true })

/** Free times, one visitor's order: never stored by the page cache, Varnish or a CDN. */
export const noStore = () => ({ 'Cache-Control': 'no-store' })
