import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Category } from '../app/lib/categories'

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
    jsonLd,
    updatedAt,
    anonymised,
    body = 'Ro er noget, man kan øve sig i.\n\n## Små pauser\n\nTag tre dybe vejrtrækninger, før du åbner din indbakke.',
  }: {
    slug: string
    title: string
    publishedAt: string
    description?: string
    category?: Category
    image?: string | null
    crisisLines?: 'adult' | 'teen'
    jsonLd?: boolean
    updatedAt?: string
    anonymised?: boolean
    body?: string
  },
) {
  const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`
  const lines = [`title: ${quoted(title)}`, `description: ${quoted(description)}`, `category: ${category}`, `publishedAt: ${publishedAt}`, 'cta: Kontakt mig', ...(image ? [`image: ${image}`] : []), ...(crisisLines ? [`crisisLines: ${crisisLines}`] : []), ...(jsonLd ? ['jsonLd: true'] : []), ...(updatedAt ? [`updatedAt: ${updatedAt}`] : []), ...(anonymised ? ['anonymised: true'] : [])]
  writeFileSync(join(dir, `${slug}.md`), `---\n${lines.join('\n')}\n---\n${body}\n`)
}
