import { createServerFn } from '@tanstack/react-start'
import { type CategoryFilter, isCategory } from '~/lib/categories'

export type BlogIndexParams = { category: CategoryFilter; page: number }

/** Never trusts the caller: anything unexpected falls back to the first page of all articles. */
export function toBlogIndexParams(input: unknown): BlogIndexParams {
  const { category, page } = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  return {
    category: isCategory(category) ? category : 'all',
    page: typeof page === 'number' && Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  }
}

export const fetchBlogIndex = createServerFn({ method: 'GET' })
  .validator(toBlogIndexParams)
  .handler(async ({ data }) => {
    const { getBlogIndex } = await import('~/server/blog/blog.server')
    return getBlogIndex(data)
  })

/** A slug that is not text finds no article (getArticle refuses the empty one). */
export const toArticleSlug = (slug: unknown) => (typeof slug === 'string' ? slug : '')

export const fetchArticle = createServerFn({ method: 'GET' })
  .validator(toArticleSlug)
  .handler(async ({ data: slug }) => {
    const { articlePageOrNotFound } = await import('~/server/blog/blog.server')
    return articlePageOrNotFound(slug)
  })

