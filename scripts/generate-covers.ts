/**
 * `npm run images`: brings the generated images up to date, drawing only what changed since the
 * last run (scripts/lib/drawn-images.ts): every article's cover (e.g. after a photo was added as
 * content/blog/images/{slug}.jpg), the default share image, the site's icon as PNGs, and the
 * portrait's variants from content/portrait.jpg (scripts/lib/portrait.ts). `npm run db:seed` removes the covers of deleted
 * articles, once the database no longer names them. The covers and the portrait are made apart:
 * an article file with a mistake stops its covers, not a new portrait.
 */
import { DEFAULT_CONTENT_DIR, readArticleFolder } from '../db/sync-blog.ts'
import { generatedCoverUrl } from '../db/article-file.ts'
import { COVER_DIR } from './lib/covers.ts'
import { drawCovers, drawIcons, drawShareImage } from './lib/drawn-images.ts'
import { PORTRAIT_DIR, PORTRAIT_SOURCE, writePortraitVariants } from './lib/portrait.ts'

async function step(what: string, make: () => Promise<void>) {
  try {
    await make()
  } catch (error) {
    console.error(`${what} blev ikke lavet færdig:`)
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}

await step('Forsidebillederne', async () => {
  // The articles with a drawn cover, as db:seed counts them: the places in a category are the same.
  const articles = readArticleFolder(DEFAULT_CONTENT_DIR).filter((article) => article.imageUrl === generatedCoverUrl(article.slug))
  const drawn = await drawCovers(articles)
  for (const { slug, source } of drawn) console.log(`${slug}: ${source}`)
  console.log(`Forsidebilleder i ${COVER_DIR}: ${drawn.length} tegnet, ${articles.length - drawn.length} uændret`)
  if (await drawShareImage()) console.log('Delingsbilledet public/og/default.png er tegnet.')
  if (await drawIcons()) console.log('Ikonerne public/favicon-48.png og public/apple-touch-icon.png er tegnet fra public/favicon.svg.')
})

await step('Portrættet', async () => {
  const portrait = await writePortraitVariants()
  console.log(
    portrait.drawn
      ? `Portrættet (${PORTRAIT_SOURCE}) er lavet i ${PORTRAIT_DIR} og listet i images.lock.json. Siden viser det ved næste sidevisning, uden genstart.`
      : `Portrættet (${PORTRAIT_SOURCE}) er uændret.`,
  )
  if (portrait.warning) console.warn(`Advarsel: ${portrait.warning}.`)
})
