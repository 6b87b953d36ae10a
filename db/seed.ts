/**
 * `npm run db:seed`: makes the blog match content/blog, draws the covers that are missing or out of
 * date (a new title is in the share image), and removes the covers of deleted articles. Safe to run
 * while the server runs; the change shows on the next page load. Every mistake in an article file
 * is told in Danish with how to fix it, and changes nothing.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { COVER_DIR, PUBLIC_DIR } from '../scripts/lib/covers.ts'
import { drawCovers, removeCoversOf } from '../scripts/lib/drawn-images.ts'
import { ArticleFileError, generatedCoverUrl } from './article-file.ts'
import { databasePath, openDatabase } from './connection.ts'
import { DEFAULT_CONTENT_DIR, readArticleFolder, syncBlogPosts } from './sync-blog.ts'

type Article = ReturnType<typeof readArticleFolder>[number]

/** An `image:` that names a file which is not there would be a broken image on the page. */
function missingImages(articles: Article[]) {
  return articles
    .filter((article) => article.imageUrl !== generatedCoverUrl(article.slug) && !existsSync(join(PUBLIC_DIR, article.imageUrl)))
    .map(
      (article) =>
        new ArticleFileError(`${article.slug}.md`, [
          `feltet »image« peger på ${article.imageUrl}, men filen ${join(PUBLIC_DIR, article.imageUrl)} findes ikke. ` +
            `Læg billedet dér – eller slet linjen image:, så laver seed et forsidebillede (et foto kan også ligge som content/blog/images/${article.slug}.jpg)`,
        ]),
    )
}

const dir = process.argv[2] ?? DEFAULT_CONTENT_DIR
const db = openDatabase()
try {
  const articles = readArticleFolder(dir)
  const problems = missingImages(articles)
  if (problems.length > 0) throw new AggregateError(problems, problems.map((problem) => problem.message).join('\n'))

  // Covers first: an article is never in the database before its image exists.
  const covers = await drawCovers(articles.filter((article) => article.imageUrl === generatedCoverUrl(article.slug)))

  const report = syncBlogPosts(db, dir)
  // Only once the database no longer names them.
  const removedCovers = removeCoversOf(report.removed, articles)
  const list = (slugs: string[]) => (slugs.length ? `: ${slugs.join(', ')}` : '')
  console.log(`Database: ${databasePath()}`)
  console.log(`Tilføjet ${report.added.length}${list(report.added)}`)
  console.log(`Ændret ${report.changed.length}${list(report.changed)}`)
  console.log(`Fjernet ${report.removed.length}${list(report.removed)}`)
  console.log(`Uændret ${report.unchanged}`)
  if (covers.length > 0) console.log(`Forsidebillede lavet til ${covers.map((cover) => cover.slug).join(', ')} (i ${COVER_DIR})`)
  if (removedCovers.length > 0) console.log(`Forsidebilleder fra slettede artikler fjernet: ${removedCovers.join(', ')}`)

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
