/** What the desk's loaders and components read from the address's search (never the entry bundle: see app/routes/coach/-desk-route-options.ts). */
import type { DeskPageRequest } from '~/lib/desk/desk-data'

/** One text of the address's search (a search, a person's address), '' when it is missing or too long. */
export const searchText = (search: unknown, name: string) => {
  const value = (search as Record<string, unknown>)[name]
  return typeof value === 'string' && value.length <= 254 ? value : ''
}

/** What a desk page reads from its address: the outcome of a post (shown only when it is the desk's) and the erasure's confirmation step. */
export const deskSearch = (search: unknown) => ({ status: searchText(search, 'status') || undefined, slet: searchText(search, 'slet') === 'ja' })

/** Which desk page an address below /coach names (the splat route's path), and its key. */
export function deskPageOf(path: string, search: unknown): DeskPageRequest {
  const [kind = '', key = '', ...rest] = path.split('/')
  if (rest.length > 0) return { page: 'ukendt', key: '' }
  if (kind === 'booking' || kind === 'besked' || kind === 'link') return { page: kind, key }
  if (kind === 'person' && !key) return { page: 'person', key: searchText(search, 'email') }
  if (kind === 'lukket' && !key) return { page: 'lukket', key: '' }
  if (kind === 'indhold') return { page: 'indhold', key, draft: searchText(search, 'kladde') || undefined, whole: searchText(search, 'som') === 'tekst' }
  if (kind === 'artikler') return { page: 'artikler', key, draft: searchText(search, 'kladde') || undefined }
  return { page: 'ukendt', key: '' }
}
