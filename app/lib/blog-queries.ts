import { createServerFn } from '@tanstack/react-start'
import { parseBlogSearch } from '~/lib/blog-search'
import { type CategoryFilter, isCategory } from '~/lib/categories'
import type { PageHead } from '~/lib/seo'
import { ServerHtml, withServerHead } from '~/lib/server-html'

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
    const [{ getBlogIndex }, { blogHead }] = await Promise.all([import('~/server/blog/blog.server'), import('~/server/pages/page-heads.server')])
    const index = getBlogIndex(data)
    return { ...index, head: blogHead(index) }
  })

export type BlogSearchParams = { q: string; page: number }

/** The words as the address parser reads them (so an empty search finds nothing), the page as the index's. */
export function toBlogSearchParams(input: unknown): BlogSearchParams {
  const { q } = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  return { q: parseBlogSearch({ q }).q ?? '', page: toBlogIndexParams(input).page }
}

export const fetchBlogSearch = createServerFn({ method: 'GET' })
  .validator(toBlogSearchParams)
  .handler(async ({ data }) => {
    const [{ searchBlog }, { blogHead }] = await Promise.all([import('~/server/search/search.server'), import('~/server/pages/page-heads.server')])
    const result = searchBlog(data)
    return { ...result, head: blogHead(result) }
  })

/** A slug that is not text finds no article (getArticle refuses the empty one). */
export const toArticleSlug = (slug: unknown) => (typeof slug === 'string' ? slug : '')

export const fetchArticle = createServerFn({ method: 'GET' })
  .validator(toArticleSlug)
  .handler(async ({ data: slug }) => {
    const { articlePageData } = await import('~/server/pages/article-page.server')
    return articlePageData(slug)
  })


/** An article as its page renders it: its text and »Læs også« in the elements they were rendered for, and its head (app/lib/server-html.ts). */
export const articleParts = <T extends { bodyHtml: string; relatedHtml: string; head: PageHead }>({ bodyHtml, relatedHtml, ...article }: T) => ({
  ...withServerHead(article),
  text: new ServerHtml('artikel-tekst', bodyHtml),
  related: relatedHtml ? new ServerHtml('laes-ogsaa', relatedHtml) : null,
})
