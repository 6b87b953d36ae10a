/**
 * `npm run images`: writes every article's cover anew (see scripts/lib/covers.ts), e.g. after a
 * photo was added as content/blog/images/{slug}.jpg, the default share image, and the portrait's
 * variants from content/portrait.jpg (see scripts/lib/portrait.ts).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArticleFile } from '../db/article-file.ts'
import { COVER_DIR, writeCover, writeDefaultShareImage } from './lib/covers.ts'
import { PORTRAIT_DIR, writePortraitVariants } from './lib/portrait.ts'

const CONTENT_DIR = 'content/blog'
const files = readdirSync(CONTENT_DIR).filter((name) => name.endsWith('.md'))
for (const file of files) {
  const article = parseArticleFile(file, readFileSync(join(CONTENT_DIR, file), 'utf8'))
  const source = await writeCover(article.slug, article.title, article.category)
  console.log(`${article.slug}: ${source}`)
}
await writeDefaultShareImage()
await writePortraitVariants()
console.log(`${files.length} forsidebilleder skrevet til ${COVER_DIR}, public/og/default.png og portrættet i ${PORTRAIT_DIR}`)
