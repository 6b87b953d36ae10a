/**
 * Which generated image was drawn from what, so `npm run images` and `npm run db:seed` redraw only
 * what changed. Each cover is remembered by a key: a hash of everything it is drawn from (slug,
 * title, category, the photo's bytes, the tagline) and of the generator's own source, so a change
 * in how covers look redraws them all without anyone remembering to bump a version. The keys live
 * in images.lock.json beside public/ (committed with the images, like package-lock.json).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { site } from '../../content/site.ts'
import { COVER_DIR, PUBLIC_DIR, hasCover, photoFor, writeCover, writeDefaultShareImage } from './covers.ts'

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** A short hash of a generator module's source text: it changes whenever the module does. */
export const generatorVersion = (moduleUrl: string | URL) => sha256(readFileSync(fileURLToPath(moduleUrl))).slice(0, 16)

const LOCK_FILE = join(dirname(PUBLIC_DIR), 'images.lock.json')
const COVER_GENERATOR = generatorVersion(new URL('./covers.ts', import.meta.url))

type Lock = { covers: Record<string, string>; share?: string }

function readLock(): Lock {
  try {
    return { covers: {}, ...(JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as Partial<Lock>) }
  } catch {
    return { covers: {} }
  }
}

function writeLock(lock: Lock) {
  const covers = Object.fromEntries(Object.entries(lock.covers).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(LOCK_FILE, `${JSON.stringify({ ...lock, covers }, null, 2)}\n`)
}

type CoverArticle = { slug: string; title: string; category: string; imageUrl: string }

function coverKey(article: CoverArticle) {
  const photo = photoFor(article.slug)
  return sha256(JSON.stringify([COVER_GENERATOR, article.slug, article.title, article.category, site.tagline, photo ? sha256(readFileSync(photo)) : null]))
}

/**
 * Draws the cover of every article whose cover is missing or was drawn from something else, and
 * the default share image when its generator changed. Returns the slugs drawn, with their source.
 */
export async function drawCovers(articles: CoverArticle[]) {
  const lock = readLock()
  const drawn: Array<{ slug: string; source: string }> = []
  for (const article of articles) {
    const key = coverKey(article)
    if (lock.covers[article.slug] === key && hasCover(article.slug)) continue
    drawn.push({ slug: article.slug, source: await writeCover(article.slug, article.title, article.category) })
    lock.covers[article.slug] = key
    // Written after each cover, so an interrupted run does not draw the finished ones again.
    writeLock(lock)
  }
  const shareKey = sha256(JSON.stringify([COVER_GENERATOR, site.tagline]))
  const shareDrawn = lock.share !== shareKey || !existsSync(join(PUBLIC_DIR, 'og', 'default.png'))
  if (shareDrawn) {
    await writeDefaultShareImage()
    lock.share = shareKey
    writeLock(lock)
  }
  return { drawn, shareDrawn }
}

const COVER_NAME = /^([a-z0-9-]+?)(?:-600)?\.(?:webp|jpg)$/

/**
 * Removes the covers of articles that are gone. Only names a generated cover has are considered,
 * and a file an article names in `image:` stays.
 */
export function removeOrphanCovers(articles: CoverArticle[]) {
  const keep = new Set(articles.flatMap((article) => [`${article.slug}.webp`, `${article.slug}-600.webp`, `${article.slug}.jpg`, article.imageUrl.replace(/^\/images\/blog\//, '')]))
  const names = existsSync(COVER_DIR) ? readdirSync(COVER_DIR) : []
  const removed = names.filter((name) => COVER_NAME.test(name) && !keep.has(name))
  for (const name of removed) rmSync(join(COVER_DIR, name))

  const lock = readLock()
  const slugs = new Set(articles.map((article) => article.slug))
  const forgotten = Object.keys(lock.covers).filter((slug) => !slugs.has(slug))
  if (forgotten.length > 0) {
    for (const slug of forgotten) delete lock.covers[slug]
    writeLock(lock)
  }
  return removed
}
