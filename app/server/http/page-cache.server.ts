import { getDb } from '#db/connection'
import { blogContentVersion } from '#db/sync-blog'
import type { Statement } from 'better-sqlite3'
import { nextBlogChangeAt } from '~/server/blog/blog.server'
import { type Page, isNoStore } from '~/server/http/page.server'
import { type ImagesLock, currentImages } from '~/server/images.server'
import { contentGeneration } from '~/server/content/content-file.server'

/** HTML_CACHE=off renders every page afresh (the benchmark's cold runs); development always does. */
export const pageCacheEnabled = process.env.NODE_ENV === 'production' && process.env.HTML_CACHE !== 'off'

/** Pages are small (≈ 30 kB for all three representations of an article); this keeps thousands. */
const MAX_BYTES = Number(process.env.PAGE_CACHE_BYTES ?? 64 * 1024 * 1024)

/** The footer shows the year: pages rendered last year must not outlive New Year in Denmark. */
function nextNewYear(now: number) {
  const year = Number(new Intl.DateTimeFormat('da-DK', { year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(now))
  // Midnight in Copenhagen is 23:00 UTC on 31 December (winter time).
  return Date.UTC(year, 11, 31, 23, 0, 0)
}

/**
 * Rendered pages by canonical address, reused until the blog changes (a seed in any process), a
 * content file of the coach's changes (content-file.server.ts), the images the pages name change (`npm run images`: a new portrait has new file names) or the
 * 'Nye Artikler' window moves; bounded by bytes, least recently used out first. Concurrent misses
 * of one page share one render.
 */
export class PageCache {
  constructor(
    private maxBytes = MAX_BYTES,
    /** images.lock.json as it is now; the same object until the file changes. */
    private images: () => ImagesLock = currentImages,
    /** Changes when a content file's value in force changes (content/*.yaml, om.md: every page shows some). */
    private content: () => number = contentGeneration,
  ) {}

  private entries = new Map<string, Page>()
  private rendering = new Map<string, Promise<Page>>()
  private bytes = 0
  private dataVersion: unknown
  private imagesSeen: ImagesLock | undefined
  private contentVersion: string | undefined
  private contentFilesSeen: number | undefined
  private validUntil = 0
  private dataVersionStatement: Statement | undefined
  private checkedAt = 0
  /** Counts how often the cache was emptied; a render that began before the last time is stale. */
  private generation = 0

  /**
   * PRAGMA data_version tells whether another process (the seed) wrote to the file, and the
   * images lock's modification time whether `npm run images` redrew something; asked at most every
   * 50 ms, so a burst of requests pays for it once.
   */
  private revalidate(now: number) {
    if (now - this.checkedAt < 50 && now < this.validUntil) return
    this.checkedAt = now
    this.dataVersionStatement ??= getDb().$client.prepare('PRAGMA data_version').pluck()
    const dataVersion = this.dataVersionStatement.get()
    const images = this.images()
    const imagesChanged = images !== this.imagesSeen
    this.imagesSeen = images
    // The coach's files: a saved change (from the desk or her editor) empties the cache, as a seed does.
    const contentFiles = this.content()
    const contentChanged = contentFiles !== this.contentFilesSeen
    this.contentFilesSeen = contentFiles
    if (dataVersion === this.dataVersion && !imagesChanged && !contentChanged && now < this.validUntil) return
    this.dataVersion = dataVersion
    const contentVersion = blogContentVersion(getDb())
    if (contentVersion !== this.contentVersion || imagesChanged || contentChanged || now >= this.validUntil) this.clear()
    this.contentVersion = contentVersion
    this.validUntil = Math.min(nextBlogChangeAt(new Date(now))?.getTime() ?? Number.POSITIVE_INFINITY, nextNewYear(now))
  }

  private clear() {
    this.entries.clear()
    this.rendering.clear()
    this.bytes = 0
    this.generation++
  }

  get(key: string, now = Date.now()) {
    this.revalidate(now)
    const page = this.entries.get(key)
    if (page) {
      // Re-inserting keeps the most used pages at the end; the oldest are evicted first.
      this.entries.delete(key)
      this.entries.set(key, page)
    }
    return page
  }

  /** The cached page, or the one render of it that is already under way, or a new render. */
  async getOrRender(key: string, render: () => Promise<Page>): Promise<Page> {
    const cached = this.get(key)
    if (cached) return cached
    const pending = this.rendering.get(key)
    if (pending) return pending
    const generation = this.generation
    const rendered = render().then((page) => {
      // Only what renders fine and may be kept is kept, and nothing rendered before the blog changed.
      if (page.status === 200 && !isNoStore(page.headers['cache-control']) && generation === this.generation) this.store(key, page)
      return page
    })
    this.rendering.set(key, rendered)
    try {
      return await rendered
    } finally {
      if (this.rendering.get(key) === rendered) this.rendering.delete(key)
    }
  }

  /** Never called for a key already stored: getOrRender stores only after a miss, one render per key. */
  private store(key: string, page: Page) {
    this.entries.set(key, page)
    this.bytes += page.bytes
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.bytes
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes }
  }
}

export const pageCache = new PageCache()
