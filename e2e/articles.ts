import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { NEW_POSTS_SHOWN, POSTS_PER_PAGE, newWindowStart } from '../app/lib/blog'
import type { Category } from '../app/lib/categories'
import { readArticleFolder } from '../db/sync-blog'

/**
 * What the blog must show, read from the content folder with the seed's own parser, so the specs
 * follow the articles the coach adds instead of a count or a quiet month written into them.
 */
export function blogExpectations(now = new Date()) {
  const published = readArticleFolder('content/blog').filter((article) => new Date(article.publishedAt) <= now)
  const fresh = published.filter((article) => new Date(article.publishedAt) >= newWindowStart(now))
  return {
    published,
    inCategory: (category: Category) => published.filter((article) => article.category === category),
    /** Cards on /blog: the first page of the grid, plus the new articles again on top. */
    cardsOnFirstPage: Math.min(published.length, POSTS_PER_PAGE) + Math.min(fresh.length, NEW_POSTS_SHOWN),
  }
}

/** A date in front-matter form, that many days before today (negative: in the future). */
export function daysAgo(days: number) {
  return new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** An existing cover, so a test article needs no generated one. */
export const EXISTING_COVER = '/images/blog/stress-er-ikke-svaghed.webp'

/** Writes an article file the way the coach would; `image` left out makes the seed generate a cover. */
export function writeArticle(
  dir: string,
  {
    slug,
    title,
    publishedAt,
    description = 'En artikel til testen.',
    category = 'life',
    image = EXISTING_COVER,
    crisisLines,
  }: { slug: string; title: string; publishedAt: string; description?: string; category?: Category; image?: string | null; crisisLines?: 'adult' | 'teen' },
) {
  const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`
  const lines = [`title: ${quoted(title)}`, `description: ${quoted(description)}`, `category: ${category}`, `publishedAt: ${publishedAt}`, 'cta: Kontakt mig', ...(image ? [`image: ${image}`] : []), ...(crisisLines ? [`crisisLines: ${crisisLines}`] : [])]
  writeFileSync(join(dir, `${slug}.md`), `---\n${lines.join('\n')}\n---\nRo er noget, man kan øve sig i.\n\n## Små pauser\n\nTag tre dybe vejrtrækninger, før du åbner din indbakke.\n`)
}
