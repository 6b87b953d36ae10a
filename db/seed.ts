/**
 * `npm run db:seed`: makes the blog match content/blog, and gives every article without a cover
 * its generated one. Safe to run while the server runs; the change shows on the next page load.
 */
import { COVER_DIR, hasCover, writeCover } from '../scripts/lib/covers.ts'
import { databasePath, openDatabase } from './connection.ts'
import { DEFAULT_CONTENT_DIR, readArticleFolder, syncBlogPosts } from './sync-blog.ts'

const dir = process.argv[2] ?? DEFAULT_CONTENT_DIR
const db = openDatabase()
try {
  const report = syncBlogPosts(db, dir)
  const list = (slugs: string[]) => (slugs.length ? `: ${slugs.join(', ')}` : '')
  console.log(`Database: ${databasePath()}`)
  console.log(`Tilføjet ${report.added.length}${list(report.added)}`)
  console.log(`Ændret ${report.changed.length}${list(report.changed)}`)
  console.log(`Fjernet ${report.removed.length}${list(report.removed)}`)
  console.log(`Uændret ${report.unchanged}`)

  // An article without its own image gets the generated cover now, never a broken image.
  const withoutCover = readArticleFolder(dir).filter((article) => article.imageUrl === `/images/blog/${article.slug}.webp` && !hasCover(article.slug))
  for (const article of withoutCover) await writeCover(article.slug, article.title, article.category)
  if (withoutCover.length > 0) console.log(`Forsidebillede lavet til ${withoutCover.map((article) => article.slug).join(', ')} (i ${COVER_DIR})`)

  if (report.added.length + report.changed.length + report.removed.length > 0) {
    // Pages say s-maxage=300: a CDN in front serves the old version for at most five minutes.
    console.log('Siden viser ændringen ved næste sidevisning. Står der et CDN foran, ses den dér inden for 5 minutter – eller med det samme, hvis du tømmer CDN’ets cache (purge).')
  }
} catch (error) {
  console.error('Seed afbrudt – intet er ændret i databasen.')
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  db.$client.close()
}
