import { type Category, isCategory } from '~/lib/categories'
import { MAX_QUERY_LENGTH } from '~/lib/search-limits'

/**
 * The blog index's address: /blog?kategori=stress&side=2, or a search: /blog?q=stress&side=2 (a
 * search covers every category). One parser for the route and the server.
 */
export type BlogSearch = { kategori?: Category; side?: number; q?: string }

const LAST_PAGE_NUMBER = 99_999

/** Unknown or garbage values fall back to the defaults instead of failing. */
export function parseBlogSearch(search: Record<string, unknown>): BlogSearch {
  const page = Number(search.side)
  const side = Number.isInteger(page) && page > 1 && page <= LAST_PAGE_NUMBER ? page : undefined
  const q = searchText(search.q)
  return q ? { q, side } : { kategori: isCategory(search.kategori) ? search.kategori : undefined, side }
}

/**
 * What a visitor typed, as it is searched and shown: control, zero-width and direction characters
 * and runs of spaces become one space, the ends are trimmed, and it is cut to MAX_QUERY_LENGTH
 * characters (whole characters: an emoji is not split). Undefined when nothing is left.
 */
function searchText(value: unknown) {
  if (typeof value !== 'string') return undefined
  const text = [...value.replace(/[\s\p{Cc}\p{Cf}]+/gu, ' ').trim()].slice(0, MAX_QUERY_LENGTH).join('').trim()
  return text || undefined
}

/** The canonical query string of a blog search ('' for the first page of all articles). */
export function blogSearchQuery({ kategori, side, q }: BlogSearch) {
  const query = new URLSearchParams()
  if (q) query.set('q', q)
  if (kategori) query.set('kategori', kategori)
  if (side) query.set('side', String(side))
  return query.size > 0 ? `?${query}` : ''
}

/** The address of a page of the blog index. */
export const blogHref = (search: BlogSearch) => `/blog${blogSearchQuery(search)}`

/** The address of an article. */
export const articleHref = (slug: string) => `/blog/${slug}`
