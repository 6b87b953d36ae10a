import { renderToStaticMarkup } from 'react-dom/server'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { RelatedPosts } from '~/components/blog/related-posts'
import type { PostCard } from '~/lib/blog'
import { articlePageOrNotFound } from '~/server/blog/blog.server'
import { articleHead } from '~/server/pages/page-heads.server'

/** »Læs også« as HTML; nothing when there is nothing to read on. */
export const relatedPostsHtml = (posts: PostCard[]) => (posts.length > 0 ? renderToStaticMarkup(<RelatedPosts posts={posts} />) : '')

/**
 * What an article's page gets (fetchArticle): the article, its further reading rendered here (it
 * only renders) and its head.
 */
export function articlePageData(slug: string, now = new Date(), db: Db = getDb()) {
  const { related, ...article } = articlePageOrNotFound(slug, now, db)
  return { ...article, relatedHtml: relatedPostsHtml(related), head: articleHead(article) }
}
