import { notFound } from '@tanstack/react-router'
import { type SQL, and, asc, count, desc, eq, gt, gte, inArray, lte, min, ne, sql } from 'drizzle-orm'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { blogPosts } from '#db/schema'
import {
  type Article,
  type ArticlePage,
  type BlogIndex,
  NEW_POSTS_SHOWN,
  NEW_POST_WINDOW_DAYS,
  POSTS_PER_PAGE,
  type PostCard,
  RELATED_POSTS,
  SLUG_PATTERN,
  newWindowStart,
} from '~/lib/blog'
import { type CategoryFilter, categoryFilters, isCategory } from '~/lib/categories'
import { withCoverVersions } from '~/server/images.server'
import { crisisHelpFor } from '~/lib/content/crisis-lines'
import type { ArticleLink } from '~/lib/content/article-lists'
import { getArticleClosings, getCrisisLines, getFirstPersonStories, getStartHereSlugs } from '~/server/content/content.server'

const cardColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  description: blogPosts.description,
  imageUrl: blogPosts.imageUrl,
  category: blogPosts.category,
  publishedAt: blogPosts.publishedAt,
}

/** Articles dated in the future stay hidden until their day: the coach can schedule a post. */
const publishedBy = (now: Date) => lte(blogPosts.publishedAt, now.toISOString())

export function getBlogIndex(
  { category, page }: { category: CategoryFilter; page: number },
  now = new Date(),
  db: Db = getDb(),
): BlogIndex {
  const published = publishedBy(now)

  const counts = Object.fromEntries(categoryFilters.map((id) => [id, 0])) as Record<CategoryFilter, number>
  for (const row of db.select({ category: blogPosts.category, posts: count() }).from(blogPosts).where(published).groupBy(blogPosts.category).all()) {
    if (isCategory(row.category)) counts[row.category] = row.posts
    counts.all += row.posts
  }

  const pageCount = Math.max(1, Math.ceil(counts[category] / POSTS_PER_PAGE))
  const currentPage = Math.min(Math.max(1, page), pageCount)
  const filter: SQL | undefined = category === 'all' ? published : and(published, eq(blogPosts.category, category))
  const posts = withCoverVersions(
    db
      .select(cardColumns)
      .from(blogPosts)
      .where(filter)
      .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
      .limit(POSTS_PER_PAGE)
      .offset((currentPage - 1) * POSTS_PER_PAGE)
      .all() as PostCard[],
  )

  const isNew = and(published, gte(blogPosts.publishedAt, newWindowStart(now).toISOString()))
  const newPosts = withCoverVersions(db.select(cardColumns).from(blogPosts).where(isNew).orderBy(desc(blogPosts.publishedAt)).limit(NEW_POSTS_SHOWN).all() as PostCard[])
  const [newRow] = db.select({ posts: count() }).from(blogPosts).where(isNew).all()

  return { category, page: currentPage, pageCount, counts, posts, newPosts, newCount: newRow?.posts ?? 0 }
}

export function getArticle(slug: string, now = new Date(), db: Db = getDb()): Article | undefined {
  if (slug.length > 120 || !SLUG_PATTERN.test(slug)) return undefined
  const row = db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), publishedBy(now)))
    .get()
  if (!row) return undefined
  const { sourceHash: _sourceHash, id: _id, ...article } = row
  return withCoverVersions([article as Article])[0]
}

/** An article as its page shows it, with the further reading under it; undefined when there is none to show. */
export function getArticlePage(slug: string, now = new Date(), db: Db = getDb()): ArticlePage | undefined {
  const article = getArticle(slug, now, db)
  return (
    article && {
      ...article,
      inOwnWords: toldInOwnWords(article.slug),
      related: getRelatedPosts(article, now, db),
      crisisHelp: article.crisisLines ? crisisHelpFor(getCrisisLines(), article.crisisLines) : null,
      // Only an article with a `cta:` gets the card; its words are her file's, for the article's category.
      closing: article.cta ? getArticleClosings()[article.category] : null,
    }
  )
}

/** The article is someone else's own account (content/egne-ord.yaml); the desk's preview asks too. */
export const toldInOwnWords = (slug: string) => getFirstPersonStories().some((story) => story.slug === slug)

/**
 * »Gode steder at begynde« (content/gode-steder-at-begynde.yaml) with each article's own title, in
 * her order; an article not on the site now is left out (check:launch names it).
 */
export function startHereLinks(now = new Date(), db: Db = getDb()): ArticleLink[] {
  const slugs = getStartHereSlugs()
  const titles = new Map(
    db
      .select({ slug: blogPosts.slug, title: blogPosts.title })
      .from(blogPosts)
      .where(and(inArray(blogPosts.slug, slugs), publishedBy(now)))
      .all()
      .map((row) => [row.slug, row.title]),
  )
  return slugs.flatMap((slug) => (titles.has(slug) ? [{ slug, title: titles.get(slug)! }] : []))
}

/** The article's page (fetchArticle in app/lib/blog-queries.ts), or Start's 404 when there is none to show. */
export function articlePageOrNotFound(slug: string, now = new Date(), db: Db = getDb()): ArticlePage {
  const page = getArticlePage(slug, now, db)
  if (!page) throw notFound()
  return page
}

/** The newest published articles (the home page shows three). */
export function getLatestPosts(limit: number, now = new Date(), db: Db = getDb()): PostCard[] {
  return withCoverVersions(db.select(cardColumns).from(blogPosts).where(publishedBy(now)).orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug)).limit(limit).all() as PostCard[])
}

/** Further reading: the newest other articles of the same category first, then the newest of the rest. */
export function getRelatedPosts(article: Pick<Article, 'slug' | 'category'>, now = new Date(), db: Db = getDb()): PostCard[] {
  return withCoverVersions(
    db
      .select(cardColumns)
      .from(blogPosts)
      .where(and(publishedBy(now), ne(blogPosts.slug, article.slug)))
      .orderBy(sql`${blogPosts.category} = ${article.category} desc`, desc(blogPosts.publishedAt), asc(blogPosts.slug))
      .limit(RELATED_POSTS)
      .all() as PostCard[],
  )
}

/** Every published article, newest first, for the sitemap and the RSS feed. */
export function listArticlesForFeeds(now = new Date(), db: Db = getDb()) {
  return db
    .select({ ...cardColumns, updatedAt: blogPosts.updatedAt, author: blogPosts.author })
    .from(blogPosts)
    .where(publishedBy(now))
    .orderBy(desc(blogPosts.publishedAt))
    .all()
}

/**
 * The next moment at which the blog's visible content changes without a seed: a scheduled post
 * appears, or a new post leaves the 'Nye Artikler' window. Cached pages expire then.
 */
export function nextBlogChangeAt(now = new Date(), db: Db = getDb()): Date | undefined {
  const windowMs = NEW_POST_WINDOW_DAYS * 24 * 60 * 60 * 1000
  const [scheduled] = db.select({ at: min(blogPosts.publishedAt) }).from(blogPosts).where(gt(blogPosts.publishedAt, now.toISOString())).all()
  const [oldestNew] = db
    .select({ at: min(blogPosts.publishedAt) })
    .from(blogPosts)
    .where(and(publishedBy(now), gte(blogPosts.publishedAt, newWindowStart(now).toISOString())))
    .all()
  const candidates = [
    scheduled?.at ? new Date(scheduled.at).getTime() : Infinity,
    oldestNew?.at ? new Date(oldestNew.at).getTime() + windowMs : Infinity,
  ]
  const next = Math.min(...candidates)
  return Number.isFinite(next) ? new Date(next) : undefined
}
