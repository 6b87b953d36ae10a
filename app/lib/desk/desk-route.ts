import { pageTitle } from '~/lib/seo'
import { type DeskStatus, isDeskStatus } from '~/lib/desk/desk-data'

/**
 * What every desk route shares: never stored by the browser, the page cache, Varnish or a CDN
 * (`private` as well: a shared cache that ignores no-store still keeps nothing), never indexed,
 * and read anew on every visit.
 */
export const deskRouteOptions = {
  staleTime: 0,
  headers: () => ({ 'Cache-Control': 'no-store, private' }),
  head: () => ({ meta: [{ title: pageTitle('Skrivebord') }, { name: 'robots', content: 'noindex,nofollow' }] }),
}

export const deskStatusSearch = (search: Record<string, unknown>): { status?: DeskStatus } => ({ status: isDeskStatus(search.status) ? search.status : undefined })
