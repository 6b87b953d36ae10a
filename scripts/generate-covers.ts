/**
 * `npm run images`: writes every article's cover anew (see scripts/lib/covers.ts), e.g. after a
 * photo was added as content/blog/images/{slug}.jpg, the default share image, and the portrait's
 * variants from content/portrait.jpg (see scripts/lib/portrait.ts). `npm run db:seed` already
 * makes the covers that are missing; this is for replacing them.
 */
import { DEFAULT_CONTENT_DIR, readArticleFolder } from '../db/sync-blog.ts'
import { COVER_DIR, writeCover, writeDefaultShareImage } from './lib/covers.ts'
import { PORTRAIT_DIR, writePortraitVariants } from './lib/portrait.ts'

try {
  const articles = readArticleFolder(DEFAULT_CONTENT_DIR)
  for (const article of articles) {
    const source = await writeCover(article.slug, article.title, article.category)
    console.log(`${article.slug}: ${source}`)
  }
  await writeDefaultShareImage()
  await writePortraitVariants()
  console.log(`${articles.length} forsidebilleder skrevet til ${COVER_DIR}, public/og/default.png og portrættet i ${PORTRAIT_DIR}`)
} catch (error) {
  console.error('Billederne blev ikke lavet færdig:')
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
