/**
 * `npm run images`: writes every article's cover anew (see scripts/lib/covers.ts), e.g. after a
 * photo was added as content/blog/images/{slug}.jpg, and the default share image.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArticleFile } from '../db/article-file.ts'
import { COVER_DIR, writeCover, writeDefaultShareImage } from './lib/covers.ts'

const CONTENT_DIR = 'content/blog'
const files = readdirSync(CONTENT_DIR).filter((name) => name.endsWith('.md'))
for (const file of files) {
  const article = parseArticleFile(file, readFileSync(join(CONTENT_DIR, file), 'utf8'))
  const source = await writeCover(article.slug, article.title, article.category)
  console.log(`${article.slug}: ${source}`)
}
await writeDefaultShareImage()
console.log(`${files.length} forsidebilleder skrevet til ${COVER_DIR}, og public/og/default.png`)
