import { siteOf } from '~/lib/content/site-data'
import { pageTitle } from '~/lib/seo'

/**
 * What every desk route shares: never stored by the browser, the page cache, Varnish or a CDN
 * (`private` as well: a shared cache that ignores no-store still keeps nothing), never indexed,
 * and read anew on every visit. These options are all of the desk that the entry bundle holds:
 * the routes check no search there (no validateSearch); their loaders and components, in chunks of
 * their own, read it with app/lib/desk/desk-search.ts.
 */
export const deskRouteOptions = {
  staleTime: 0,
  headers: () => ({ 'Cache-Control': 'no-store, private' }),
  head: ({ matches }: { matches: ReadonlyArray<{ loaderData?: unknown }> }) => ({ meta: [{ title: pageTitle('Skrivebord', siteOf(matches)) }, { name: 'robots', content: 'noindex,nofollow' }] }),
}
