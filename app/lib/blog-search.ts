import { type Category, isCategory } from '~/lib/categories'

/** The blog index's address: /blog?kategori=stress&side=2. One parser for the route and the server. */
export type BlogSearch = { kategori?: Category; side?: number }

const LAST_PAGE_NUMBER = 99_999

/** Unknown or garbage values fall back to the defaults instead of failing. */
export function parseBlogSearch(search: Record<string, unknown>): BlogSearch {
  const page = Number(search.side)
  return {
    kategori: isCategory(search.kategori) ? search.kategori : undefined,
    side: Number.isInteger(page) && page > 1 && page <= LAST_PAGE_NUMBER ? page : undefined,
  }
}

/** The canonical query string of a blog search ('' for the first page of all articles). */
export function blogSearchQuery({ kategori, side }: BlogSearch) {
  const query = new URLSearchParams()
  if (kategori) query.set('kategori', kategori)
  if (side) query.set('side', String(side))
  return query.size > 0 ? `?${query}` : ''
}

/** The address of a page of the blog index. */
export const blogHref = (search: BlogSearch) => `/blog${blogSearchQuery(search)}`

/** The address of an article. */
export const articleHref = (slug: string) => `/blog/${slug}`
