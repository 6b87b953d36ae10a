import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Db } from '#db/database'
import type { DeskStatus } from '~/lib/desk/desk-data'
import { articleFileName, articleFolder, coverPhotoName, hasCoverPhoto, isSlug, readArticleSource, restoreArticle, withHeroImage, writeArticle, writeCoverPhoto } from '~/server/content/article-files.server'
import { runBlogSeed } from '~/server/content/blog-seed.server'
import { commitArticle } from '~/server/desk/desk-articles.server'
import { recordDeskEvent } from '~/server/desk/desk-events.server'
import { log } from '~/server/log.server'

/**
 * A cover photo from her phone: recognised by its first bytes (never by its name or the type the
 * browser claims), turned upright by its EXIF orientation, made at most 2000 px on its longer side
 * and saved as one JPEG under a name made from the slug (content/blog/images/<slug>.jpg), without
 * the camera's metadata (place, device). The seed then draws the covers the pages show from it
 * (scripts/lib/covers.ts: 1200×630 and 600×315 WebP and the share JPEG), as it does for a photo put
 * there by hand. The article's front matter gets `hero: image`, so its page shows the photo at the top.
 *
 * HEIC (an iPhone's own format) is recognised and refused with a Danish way out: the sharp that is
 * installed reads HEIF only with AV1 inside (AVIF), not the HEVC inside HEIC, and no package of the
 * project decodes HEVC.
 */

/** The largest photo she may send: a phone's full-size JPEG is 3–8 MB. */
export const COVER_UPLOAD_MAX_BYTES = 15 * 1024 * 1024
/** The stored photo's longer side: twice the 1200 px cover, so the crop still has room. */
const STORED_MAX_SIDE = 2000

type Kind = 'jpeg' | 'png' | 'heic' | undefined

/** What the bytes are, by their signature. */
export function imageKind(bytes: Uint8Array): Kind {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)) return 'png'
  // ISO base media: a box whose type is »ftyp«, then the brand (heic, heix, mif1 …).
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') {
    const brand = String.fromCharCode(...bytes.subarray(8, 12))
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic'
  }
  return undefined
}

/** Upright, at most STORED_MAX_SIDE, JPEG without metadata; undefined when sharp cannot read it after all. */
export async function uprightJpeg(bytes: Uint8Array): Promise<Buffer | undefined> {
  try {
    return await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(STORED_MAX_SIDE, STORED_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  } catch {
    return undefined
  }
}

/** The post of the editor's photo form. */
export async function uploadCover(db: Db, form: FormData, now: Date): Promise<{ location: string }> {
  const slug = typeof form.get('artikel') === 'string' ? String(form.get('artikel')) : ''
  const article = isSlug(slug) ? readArticleSource(slug) : undefined
  if (!article) return { location: '/coach/artikler?status=fejl' }
  const back = (status: DeskStatus) => ({ location: `/coach/artikler/${slug}?status=${status}#forsidebillede` })
  const file = form.get('billede')
  if (!(file instanceof File) || file.size === 0) return back('billede-mangler')
  if (file.size > COVER_UPLOAD_MAX_BYTES) return back('billede-for-stort')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = imageKind(bytes)
  if (kind === 'heic') return back('billede-heic')
  const jpeg = kind ? await uprightJpeg(bytes) : undefined
  if (!jpeg) return back('billede-ukendt')

  const name = coverPhotoName(slug)!
  const before = hasCoverPhoto(slug) ? readFileSync(join(articleFolder(), name)) : undefined
  writeCoverPhoto(slug, jpeg)
  // An uploaded photo is meant to be seen: the page shows it at the top only with `hero: image`.
  const withHero = withHeroImage(article.text)
  if (withHero !== article.text) writeArticle(slug, article.place, withHero)
  const seeded = await runBlogSeed(db, articleFolder())
  if (!seeded.ok) {
    restoreArticle(slug, article)
    if (before) writeCoverPhoto(slug, before)
    else rmSync(join(articleFolder(), name), { force: true })
    log('error', 'desk cover not saved: the seed refused the folder', { mistakes: seeded.errors.length })
    return back('blog-fejl')
  }
  recordDeskEvent(db, 'forsidebillede-lagt-op', now)
  log('info', 'desk cover saved', { bytes: jpeg.length })
  await commitArticle(db, [name, articleFileName(slug, article.place)!], `Nyt forsidebillede fra skrivebordet til ${slug}`, now)
  return back('billede-gemt')
}
