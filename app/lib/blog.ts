import type { Category, CategoryFilter } from './categories.ts'

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
  updatedAt: string
}

/** An article as its page shows it: with the further reading under it. */
export type ArticlePage = Article & { related: PostCard[] }

export function newWindowStart(now: Date) {
  return new Date(now.getTime() - NEW_POST_WINDOW_DAYS * 24 * 60 * 60 * 1000)
}

/** Generated covers come in two widths; a cover the coach supplied elsewhere is used as is. */
export function coverSources(imageUrl: string) {
  const generated = /^\/images\/blog\/[a-z0-9-]+\.webp$/.test(imageUrl)
  return generated
    ? { src: imageUrl, srcSet: `${imageUrl.replace(/\.webp$/, '-600.webp')} 600w, ${imageUrl} 1200w` }
    : { src: imageUrl, srcSet: undefined }
}

/** The JPEG for og:image, which some social networks still need instead of WebP. */
export function ogImageFor(imageUrl: string) {
  return /^\/images\/blog\/[a-z0-9-]+\.webp$/.test(imageUrl) ? imageUrl.replace(/\.webp$/, '.jpg') : imageUrl
}
