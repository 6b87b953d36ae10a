import { readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { generatedCoverUrl } from '#db/article-file'
import type { PortraitFiles, PortraitImage } from '~/lib/portrait-sizes'

/**
 * images.lock.json: what `npm run images` and `npm run db:seed` last drew and from what (the keys
 * of the covers, the share image and the icons), and the portrait's variants under their hashed
 * names. The scripts write it; the server reads it while it runs, so the pages name the files that
 * are there.
 */
export type ImagesLock = { covers: Record<string, string>; share?: string; icons?: string; portrait?: PortraitFiles }

/** Beside the public folder, committed with the images (PUBLIC_DIR: a test's own folder). */
export const imagesLockPath = () => join(dirname(resolve(process.env.PUBLIC_DIR ?? 'public')), 'images.lock.json')

export const parseImagesLock = (text: string): ImagesLock => ({ covers: {}, ...(JSON.parse(text) as Partial<ImagesLock>) })

const NOTHING_DRAWN: ImagesLock = Object.freeze({ covers: {} })
let known: { path: string; mtimeMs: number; size: number; lock: ImagesLock } | undefined

/**
 * The lock as it is on disk now. Read at request time, never at import: a portrait made by
 * `npm run images` while the server (or `npm run dev`) runs is named by the next page rendered,
 * without a rebuild or restart. Read again only when its size or modification time changed; the
 * same object is returned until then, so a caller can tell a change by identity.
 */
export function currentImages(path = imagesLockPath()): ImagesLock {
  let stat: { mtimeMs: number; size: number }
  try {
    stat = statSync(path)
  } catch {
    known = undefined
    return NOTHING_DRAWN
  }
  if (known?.path === path && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.lock
  try {
    known = { path, mtimeMs: stat.mtimeMs, size: stat.size, lock: parseImagesLock(readFileSync(path, 'utf8')) }
  } catch (error) {
    // The scripts replace the file in one rename; a file that does not parse was edited by hand.
    if (known?.path === path) return known.lock
    throw error
  }
  return known.lock
}

/** What `npm run images` last made of the portrait; undefined until it has. */
export const currentPortrait = (): PortraitFiles | undefined => currentImages().portrait

/** The portrait as a page names it (a route's loader data): the files, not where they came from. */
export function portraitForPage(): PortraitImage | undefined {
  const portrait = currentPortrait()
  return portrait && { width: portrait.width, height: portrait.height, avif: portrait.avif, webp: portrait.webp }
}

/**
 * Generated covers keep their names (slug-based, committed), so a page names each with the key it
 * was drawn from: `/images/blog/{slug}.webp?v=…`. A redrawn cover (a photo added, a new title) is a
 * new address, and every address can be cached for a year. A cover the coach put in public/
 * herself (`image:`) is named as she wrote it.
 */
export function withCoverVersions<T extends { slug: string; imageUrl: string }>(posts: T[]): T[] {
  const { covers } = currentImages()
  return posts.map((post) => {
    const key = covers[post.slug]
    return key && post.imageUrl === generatedCoverUrl(post.slug) ? { ...post, imageUrl: `${post.imageUrl}?v=${key.slice(0, COVER_VERSION_LENGTH)}` } : post
  })
}

export const COVER_VERSION_LENGTH = 10
