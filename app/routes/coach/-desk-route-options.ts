import { siteOf } from '~/lib/content/site-data'
import { pageTitle } from '~/lib/seo'

/**
 * What every desk route shares: never stored by the browser, the page cache, Varnish or a CDN
 * (`private` as well: a shared cache that ignores no-store still keeps nothing), never indexed,
 * and read anew on every visit. These options and the routes' paths are all of the desk that the
 * entry script, which every public page loads, holds: the route tree must name every address, and
 * a route's head cannot be split off. Nothing of app/lib/desk or app/components/desk may be
 * imported here (e2e/desk-free-public-pages.spec.ts): the routes check no search here (no
 * validateSearch); their loaders and components, in chunks of their own, read it with
 * app/lib/desk/desk-search.ts. The leading `-` keeps the router's generator from taking this file
 * for a route.
 */
export const deskRouteOptions = {
  staleTime: 0,
  headers: () => ({ 'Cache-Control': 'no-store, private' }),
  head: ({ matches }: { matches: ReadonlyArray<{ loaderData?: unknown }> }) => ({ meta: [{ title: pageTitle('Skrivebord', siteOf(matches)) }, { name: 'robots', content: 'noindex,nofollow' }] }),
}
