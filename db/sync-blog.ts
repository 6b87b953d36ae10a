import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { eq, notInArray } from 'drizzle-orm'
import { blogDir } from './blog-dir.ts'
import { ArticleFileError, frontMatterSchema, parseArticleFile } from './article-file.ts'
import { queueNewArticleNotices } from '../app/server/newsletter/newsletter-mail.server.ts'
import { refreshSearchIndex } from '../app/server/search/search-index.server.ts'
import type { Db } from './database.ts'
import { blogPosts } from './schema.ts'

/** `notices`: e-mails about newly published articles queued for the confirmed subscribers. */
export type SyncReport = { added: string[]; changed: string[]; removed: string[]; unchanged: number; notices: number }

export { DEFAULT_CONTENT_DIR, blogDir } from './blog-dir.ts'

/** Reads and validates every article file; any invalid file fails the whole read. */
export function readArticleFolder(dir: string) {
  const { articles, problems } = readArticleFiles(dir)
  if (problems.length > 0) throw new AggregateError(problems, problems.map((p) => p.message).join('\n'))
  return articles
}

/** Every article file of a folder: the ones that parse, and the mistakes of the ones that do not. */
export function readArticleFiles(dir: string) {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
  const problems: ArticleFileError[] = []
  const articles = []
  const schema = frontMatterSchema()
  for (const file of files) {
    try {
      articles.push(parseArticleFile(file, readFileSync(join(dir, file), 'utf8'), schema))
    } catch (error) {
      if (error instanceof ArticleFileError) problems.push(error)
      else throw error
    }
  }
  return { articles, problems }
}

/**
 * Makes blog_posts equal to the folder in one transaction: new files inserted, changed files
 * updated, removed files deleted, and the search index rebuilt when anything changed. Readers
 * (the running server) see either the old or the new set, and the index that matches it.
 */
export function syncBlogPosts(db: Db, dir = blogDir(), now = new Date()): SyncReport {
  const articles = readArticleFolder(dir)
  const report: SyncReport = { added: [], changed: [], removed: [], unchanged: 0, notices: 0 }
  const nowIso = now.toISOString()

  // Immediate: the write lock is taken before the first read. A deferred transaction that had read
  // while the running server wrote (a worker's outbox row) cannot become a writer and fails at once
  // with »database is locked«, whatever busy_timeout says (CI saw it in e2e/newsletter.spec.ts).
  db.transaction((tx) => {
    const existing = new Map(
      tx.select({ slug: blogPosts.slug, sourceHash: blogPosts.sourceHash }).from(blogPosts).all().map((row) => [row.slug, row.sourceHash]),
    )
    for (const article of articles) {
      const previousHash = existing.get(article.slug)
      if (previousHash === article.sourceHash) {
        report.unchanged++
      } else if (previousHash === undefined) {
        tx.insert(blogPosts).values({ ...article, updatedAt: article.updatedAt ?? article.publishedAt }).run()
        report.added.push(article.slug)
      } else {
        // Replaced rather than updated: the new row id makes every change visible in
        // blogContentVersion(), which the server's page cache compares cheaply on each request.
        tx.delete(blogPosts).where(eq(blogPosts.slug, article.slug)).run()
        tx.insert(blogPosts).values({ ...article, updatedAt: article.updatedAt ?? nowIso }).run()
        report.changed.push(article.slug)
      }
    }
    const slugs = articles.map((article) => article.slug)
    const removed = tx
      .delete(blogPosts)
      .where(slugs.length > 0 ? notInArray(blogPosts.slug, slugs) : undefined)
      .returning({ slug: blogPosts.slug })
      .all()
    report.removed = removed.map((row) => row.slug)
    refreshSearchIndex(db, blogContentVersion(db))
    // Stored with the articles: the notices go out from the server's next background run (or npm run mail:retry).
    report.notices = queueNewArticleNotices(db, now).queued
  }, { behavior: 'immediate' })
  return report
}

/** Changes whenever a seed adds, changes or removes an article (ids are never reused). */
export function blogContentVersion(db: Db) {
  const row = db.$client.prepare('SELECT count(*) AS posts, coalesce(max(id), 0) AS lastId FROM blog_posts').get() as {
    posts: number
    lastId: number
  }
  return `${row.posts}:${row.lastId}`
}
