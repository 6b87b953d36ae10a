import { expect, it } from 'vitest'
import { popularArticles } from '#content/popular-articles'
import { readArticleFolder } from '#db/sync-blog'

it('the not-found page offers articles that exist, under their own titles', () => {
  const titles = new Map(readArticleFolder('content/blog').map((article) => [article.slug, article.title]))
  for (const { slug, title } of popularArticles) expect(titles.get(slug), slug).toBe(title)
})
