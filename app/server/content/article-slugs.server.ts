import { readdirSync } from 'node:fs'
import { blogDir } from '#db/blog-dir'
import { SLUG_PATTERN } from '~/lib/blog'

/**
 * The slugs of her articles: the article folder's own .md files (not its drafts in kladder/), for
 * the lists that name articles (content/gode-steder-at-begynde.yaml, content/egne-ord.yaml).
 */
export function publishedArticleSlugs(): ReadonlySet<string> {
  try {
    return new Set(readdirSync(blogDir()).flatMap((name) => (name.endsWith('.md') && SLUG_PATTERN.test(name.slice(0, -3)) ? [name.slice(0, -3)] : [])))
  } catch {
    return new Set()
  }
}
