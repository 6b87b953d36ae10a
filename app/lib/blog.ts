import type { Category, CategoryFilter } from './categories.ts'
import type { CrisisHelp } from './content/crisis-lines.ts'
import type { ArticleClosingText } from './content/article-lists.ts'

/** An article counts as new for 30 days after it is published. */
export const NEW_POST_WINDOW_DAYS = 30
/** An article's slug is its file name: lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Twelve cards: a phone scrolls through a page in a minute, and 12 fills rows of 1, 2 and 3. */
export const POSTS_PER_PAGE = 12
/** Further reading under each article. */
export const RELATED_POSTS = 3
/** The 'Nye Artikler' section shows at most this many cards; its badge counts them all. */
export const NEW_POSTS_SHOWN = 12

export type PostCard = {
  slug: string
  title: string
  description: string
  imageUrl: string
  category: Category
  publishedAt: string
}

export type BlogIndex = {
  category: CategoryFilter
  page: number
  pageCount: number
  counts: Record<CategoryFilter, number>
  posts: PostCard[]
  newPosts: PostCard[]
  newCount: number
}

/** A piece of a search hit's snippet: the words that matched the query are marked. */
export type SnippetPart = { text: string; mark: boolean }

export type SearchHit = PostCard & { snippet: SnippetPart[] }

/** A page of search results (`/blog?q=…`); with no hit, what else the blog has to offer. */
export type BlogSearchResult = {
  query: string
  page: number
  pageCount: number
  total: number
  hits: SearchHit[]
  /** Only when nothing was found: the categories with their counts. */
  counts?: Record<CategoryFilter, number>
}

export type Article = PostCard & {
  imageAlt: string
  author: string
  keywords: string[]
  tags: string[]
  section: string
  hero: 'image' | 'gradient'
  cta: string | null
  /** The article is about crisis, self-harm, depression, abuse or violence. */
  crisisLines: 'adult' | 'teen' | null
  jsonLd: boolean
  bodyHtml: string
  /** The shared footnote: names and details in the examples are changed. */
  anonymised: boolean
  readingMinutes: number
  /** The ## headings of a long article, with the ids its body gives them; empty for a short one. */
  tableOfContents: { id: string; text: string }[]
  /** The day the coach last checked the text, shown as »Opdateret …«; null when she gave none. */
  revisedAt: string | null
  updatedAt: string
}

/** An article as its page shows it: with the further reading under it, and (on a heavy subject) where to find help at once. */
export type ArticlePage = Article & {
  /** Someone else's own account (content/egne-ord.yaml): its footnote does not say it is pieced together. */
  inOwnWords: boolean
  related: PostCard[]
  crisisHelp: CrisisHelp | null
  /** The card under an article with a `cta:` (content/artikelafslutninger.yaml, for its category); null without one. */
  closing: ArticleClosingText | null
}

export function newWindowStart(now: Date) {
  return new Date(now.getTime() - NEW_POST_WINDOW_DAYS * 24 * 60 * 60 * 1000)
}

/** A generated cover, with the version the server adds (`?v=…`: the key it was drawn from). */
const GENERATED_COVER = /^(\/images\/blog\/[a-z0-9-]+)\.webp(\?v=[0-9a-f]+)?$/

/** Generated covers come in two widths (one version for both); a cover the coach supplied elsewhere is used as is. */
export function coverSources(imageUrl: string) {
  const generated = GENERATED_COVER.exec(imageUrl)
  if (!generated) return { src: imageUrl, srcSet: undefined }
  const [, base, version = ''] = generated
  return { src: imageUrl, srcSet: `${base}-600.webp${version} 600w, ${imageUrl} 1200w` }
}

/** The JPEG for og:image, which some social networks still need instead of WebP. */
export function ogImageFor(imageUrl: string) {
  const generated = GENERATED_COVER.exec(imageUrl)
  return generated ? `${generated[1]}.jpg${generated[2] ?? ''}` : imageUrl
}
