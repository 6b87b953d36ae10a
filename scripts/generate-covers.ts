/**
 * `npm run images`: brings the generated images up to date, drawing only what changed since the
 * last run (scripts/lib/drawn-images.ts): every article's cover (e.g. after a photo was added as
 * content/blog/images/{slug}.jpg), the default share image, and the portrait's variants from
 * content/portrait.jpg (scripts/lib/portrait.ts). Covers of deleted articles are removed.
 */
import { DEFAULT_CONTENT_DIR, readArticleFolder } from '../db/sync-blog.ts'
import { COVER_DIR } from './lib/covers.ts'
import { drawCovers, removeOrphanCovers } from './lib/drawn-images.ts'
import { PORTRAIT_DIR, PORTRAIT_MANIFEST, PORTRAIT_SOURCE, writePortraitVariants } from './lib/portrait.ts'

try {
  const articles = readArticleFolder(DEFAULT_CONTENT_DIR)
  const covers = await drawCovers(articles)
  for (const { slug, source } of covers.drawn) console.log(`${slug}: ${source}`)
  const removed = removeOrphanCovers(articles)
  console.log(
    `Forsidebilleder i ${COVER_DIR}: ${covers.drawn.length} tegnet, ${articles.length - covers.drawn.length} uændret` +
      (removed.length > 0 ? `, ${removed.length} filer fra slettede artikler fjernet` : ''),
  )
  if (covers.shareDrawn) console.log('Delingsbilledet public/og/default.png er tegnet.')

  const portrait = await writePortraitVariants()
  console.log(
    portrait.drawn
      ? `Portrættet (${PORTRAIT_SOURCE}) er lavet i ${PORTRAIT_DIR} og listet i ${PORTRAIT_MANIFEST}. Kør npm run build, og genstart serveren.`
      : `Portrættet (${PORTRAIT_SOURCE}) er uændret.`,
  )
  if (portrait.warning) console.warn(`Advarsel: ${portrait.warning}.`)
} catch (error) {
  console.error('Billederne blev ikke lavet færdig:')
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
