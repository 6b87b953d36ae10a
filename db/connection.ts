import { count } from 'drizzle-orm'
import { type Db, openDatabase } from './database.ts'
import * as schema from './schema.ts'
import { syncBlogPosts } from './sync-blog.ts'
import { readState, writeState } from '../app/server/app-state.server.ts'
import { keepLastGoodIn } from '../app/server/content/content-file.server.ts'

/** The server's (or a command's) one connection; opening a file and its rules live in database.ts. */

/**
 * Seeds an empty blog from content/blog (or BLOG_DIR), so a fresh clone shows the full blog on first start. In
 * one write transaction: processes that open an empty database at once (server workers, scripts)
 * seed it once, one after the other.
 */
export function seedIfEmpty(db: Db) {
  return db.$client
    .transaction(() => {
      const [row] = db.select({ posts: count() }).from(schema.blogPosts).all()
      return (row?.posts ?? 0) > 0 ? undefined : syncBlogPosts(db)
    })
    .immediate()
}

let shared: Db | undefined

/** The server's one connection, opened (and, when empty, seeded) on first use. */
export function getDb(): Db {
  if (!shared) {
    shared = openDatabase()
    const db = shared
    // The coach's content files keep their last good versions here, so a restart keeps them too.
    keepLastGoodIn({ read: (key) => readState(db, key)?.value, write: (key, value) => writeState(db, key, value) })
    const report = seedIfEmpty(shared)
    // On standard error, so a script's output (contact:export's JSON) stays clean.
    if (report && process.env.LOG_LEVEL !== 'silent') console.error(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'blog seeded on start', added: report.added.length }))
  }
  return shared
}

export function closeDb() {
  if (shared) keepLastGoodIn(undefined)
  shared?.$client.close()
  shared = undefined
}
