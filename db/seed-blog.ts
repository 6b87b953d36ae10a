/**
 * What `npm run db:seed` does (db/seed.ts opens the database and runs it): makes the blog match
 * the folder, draws the covers that are missing or out of date (a new title is in the share
 * image), and removes the covers of deleted articles. Every mistake in an article file is told in
 * Danish with how to fix it, and changes nothing.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { COVER_DIR, PUBLIC_DIR } from '../scripts/lib/covers.ts'
import { drawCovers, removeCoversOf } from '../scripts/lib/drawn-images.ts'
import { ArticleFileError, generatedCoverUrl } from './article-file.ts'
import { type Db, databasePath, openDatabase } from './database.ts'
import { blogDir, readArticleFolder, syncBlogPosts } from './sync-blog.ts'

type Article = ReturnType<typeof readArticleFolder>[number]

/** Where the seed writes what it did (the terminal, or a test's lists). */
export type SeedOutput = { log: (line: string) => void; error: (line: string) => void }

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

/** Seeds `db` from the article folder `dir`; the exit code: 0 when done, 1 when nothing was changed because of a mistake. */
export async function seedBlog(db: Db, dir: string, output: SeedOutput = { log: console.log, error: console.error }): Promise<0 | 1> {
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
    output.log(`Database: ${databasePath()}`)
    output.log(`Tilføjet ${report.added.length}${list(report.added)}`)
    output.log(`Ændret ${report.changed.length}${list(report.changed)}`)
    output.log(`Fjernet ${report.removed.length}${list(report.removed)}`)
    output.log(`Uændret ${report.unchanged}`)
    if (report.notices > 0) output.log(`Besked om nye artikler: ${report.notices === 1 ? '1 e-mail' : `${report.notices} e-mails`} til dem, der har tilmeldt sig, sendes inden for et minut.`)
    if (covers.length > 0) output.log(`Forsidebillede lavet til ${covers.map((cover) => cover.slug).join(', ')} (i ${COVER_DIR})`)
    if (removedCovers.length > 0) output.log(`Forsidebilleder fra slettede artikler fjernet: ${removedCovers.join(', ')}`)

    if (report.added.length + report.changed.length + report.removed.length > 0) {
      // Pages say s-maxage=300: a CDN in front serves the old version for at most five minutes.
      output.log('Siden viser ændringen ved næste sidevisning. Står der et CDN foran, ses den dér inden for 5 minutter – eller med det samme, hvis du tømmer CDN’ets cache (purge).')
    }
    return 0
  } catch (error) {
    output.error('Seed afbrudt – intet er ændret i databasen.')
    output.error(error instanceof Error ? error.message : String(error))
    return 1
  }
}

/** `npm run db:seed [-- folder]` (db/seed.ts): opens the database, seeds it, and closes it whatever happened. */
export async function seedCommand(dir: string = blogDir(), open: () => Db = () => openDatabase(), output?: SeedOutput): Promise<0 | 1> {
  const db = open()
  try {
    return await seedBlog(db, dir, output)
  } finally {
    db.$client.close()
  }
}
