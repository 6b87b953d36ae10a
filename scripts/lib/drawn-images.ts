/**
 * Which generated image was drawn from what, so `npm run images` and `npm run db:seed` redraw only
 * what changed. Each cover is remembered by a key: a hash of everything it is drawn from (slug,
 * title, category, the photo's bytes, the tagline) and of the generator's own source, so a change
 * in how covers look redraws them all without anyone remembering to bump a version. The keys live
 * in images.lock.json beside public/ (committed with the images, like package-lock.json), with the
 * portrait's variants (scripts/lib/portrait.ts), which the running server reads from there.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { type ImagesLock, imagesLockPath, parseImagesLock } from '../../app/server/images.server.ts'
import { site } from '../../app/server/content/content.server.ts'
import { DEFAULT_CONTENT_DIR } from '../../db/sync-blog.ts'
import { COVER_DIR, PUBLIC_DIR, hasCover, photoFor, writeCover, writeDefaultShareImage } from './covers.ts'

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** A short hash of a generator module's source text: it changes whenever the module does. */
export const generatorVersion = (moduleUrl: string | URL) => sha256(readFileSync(fileURLToPath(moduleUrl))).slice(0, 16)

const COVER_GENERATOR = generatorVersion(new URL('./covers.ts', import.meta.url))
const ICON_GENERATOR = generatorVersion(import.meta.url)

export function readLock(path = imagesLockPath()): ImagesLock {
  try {
    return parseImagesLock(readFileSync(path, 'utf8'))
  } catch {
    return { covers: {} }
  }
}

/** Replaced in one rename: the running server reads the lock and must never see half of it. */
export function writeLock(lock: ImagesLock, path = imagesLockPath()) {
  const covers = Object.fromEntries(Object.entries(lock.covers).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(`${path}.tmp`, `${JSON.stringify({ ...lock, covers }, null, 2)}\n`)
  renameSync(`${path}.tmp`, path)
}

type CoverArticle = { slug: string; title: string; category: string; imageUrl: string; publishedAt: string }

function coverKey(article: CoverArticle, variant: number) {
  const photo = photoFor(article.slug)
  return sha256(JSON.stringify([COVER_GENERATOR, article.slug, article.title, article.category, variant, site.tagline, photo ? sha256(readFileSync(photo)) : null]))
}

/**
 * Each article's place among the drawn covers of its category, oldest first: the composition its
 * cover gets (covers.ts, art), so neighbours in the grid never look alike. A new article takes the
 * next place; only a deleted or back-dated one moves the places (and redraws) after it.
 */
export function coverVariants(articles: CoverArticle[]) {
  const places = new Map<string, number>()
  const oldestFirst = [...articles].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.slug.localeCompare(b.slug))
  const taken = new Map<string, number>()
  for (const article of oldestFirst) {
    const place = taken.get(article.category) ?? 0
    places.set(article.slug, place)
    taken.set(article.category, place + 1)
  }
  return places
}

/** Draws the cover of every article whose cover is missing or was drawn from something else. */
export async function drawCovers(articles: CoverArticle[]) {
  const lock = readLock()
  const variants = coverVariants(articles)
  const drawn: Array<{ slug: string; source: string }> = []
  for (const article of articles) {
    const variant = variants.get(article.slug)!
    const key = coverKey(article, variant)
    if (lock.covers[article.slug] === key && hasCover(article.slug)) continue
    drawn.push({ slug: article.slug, source: await writeCover(article.slug, article.title, article.category, variant) })
    lock.covers[article.slug] = key
    // Written after each cover, so an interrupted run does not draw the finished ones again.
    writeLock(lock)
  }
  return drawn
}

/** Draws the default share image when the generator (or the tagline on it) changed; true when drawn. */
export async function drawShareImage() {
  const lock = readLock()
  const key = sha256(JSON.stringify([COVER_GENERATOR, site.tagline]))
  if (lock.share === key && existsSync(join(PUBLIC_DIR, 'og', 'default.png'))) return false
  await writeDefaultShareImage()
  writeLock({ ...lock, share: key })
  return true
}

/**
 * The site's icon as PNGs, drawn from favicon.svg when it changed: the page links the 48 px one (a
 * browser draws an SVG icon as a whole document on the page's main thread), and phones find
 * apple-touch-icon.png on their own for the home screen, where they round the corners themselves,
 * so that one is the circle's green to the edges. True when drawn.
 */
export async function drawIcons(publicDir = PUBLIC_DIR, lockFile = imagesLockPath()) {
  const lock = readLock(lockFile)
  const source = readFileSync(join(publicDir, 'favicon.svg'), 'utf8')
  const key = sha256(JSON.stringify([ICON_GENERATOR, source]))
  const [tab, homeScreen] = [join(publicDir, 'favicon-48.png'), join(publicDir, 'apple-touch-icon.png')]
  if (lock.icons === key && existsSync(tab) && existsSync(homeScreen)) return false
  await drawPng(source, 48, tab)
  await drawPng(source.replace(/<circle cx="20" cy="20" r="20"/, '<rect width="40" height="40"'), 180, homeScreen)
  writeLock({ ...lock, icons: key }, lockFile)
  return true
}

/** An SVG of a 40-unit square drawn at `size` pixels, as a small palette PNG. */
async function drawPng(svg: string, size: number, file: string) {
  const density = Math.ceil((size / 40) * 72 * 2)
  await sharp(Buffer.from(svg), { density }).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(file)
}

/**
 * Removes the covers of articles the seed just took out of the database, and forgets their keys.
 * Only those, and never the cover of an article whose file is still in content/blog: a seed of
 * another folder into a database that held the real blog (a test's, a deployment check's) removes
 * those articles from that database, not their covers from the site. A file an article still names
 * in `image:` stays.
 */
export function removeCoversOf(removedSlugs: string[], articles: CoverArticle[]) {
  const named = new Set(articles.map((article) => article.imageUrl.replace(/^\/images\/blog\//, '')))
  const gone = removedSlugs.filter((slug) => !existsSync(join(DEFAULT_CONTENT_DIR, `${slug}.md`)))
  const removed = gone
    .flatMap((slug) => [`${slug}.webp`, `${slug}-600.webp`, `${slug}.jpg`])
    .filter((name) => !named.has(name) && existsSync(join(COVER_DIR, name)))
  for (const name of removed) rmSync(join(COVER_DIR, name))

  const lock = readLock()
  const forgotten = gone.filter((slug) => slug in lock.covers)
  if (forgotten.length > 0) {
    for (const slug of forgotten) delete lock.covers[slug]
    writeLock(lock)
  }
  return removed
}
