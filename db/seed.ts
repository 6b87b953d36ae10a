/**
 * `npm run db:seed [-- folder]`: makes the blog match content/blog (db/seed-blog.ts). Safe to run
 * while the server runs; the change shows on the next page load.
 */
import { openDatabase } from './connection.ts'
import { seedBlog } from './seed-blog.ts'
import { DEFAULT_CONTENT_DIR } from './sync-blog.ts'

const db = openDatabase()
try {
  process.exitCode = await seedBlog(db, process.argv[2] ?? DEFAULT_CONTENT_DIR)
} finally {
  db.$client.close()
}
