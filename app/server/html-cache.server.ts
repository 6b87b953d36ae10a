import { createHash } from 'node:crypto'
import { getDb } from '#db/connection'
import { blogContentVersion } from '#db/sync-blog'
import { nextBlogChangeAt } from '~/server/blog.server'

export type CachedPage = { body: string; status: number; headers: Array<[string, string]>; etag: string }

const MAX_ENTRIES = 1000

/**
 * Rendered pages, reused until the blog changes (a seed) or the 'Nye Artikler' window moves.
 * Pages are stored with the CSP nonce placeholder; the pipeline puts a fresh nonce into every
 * response, so nothing that differs between visitors is ever shared.
 */
class HtmlCache {
  private entries = new Map<string, CachedPage>()
  private dataVersion: unknown
  private contentVersion: string | undefined
  private validUntil = 0

  /** One cheap PRAGMA per request tells whether another process (the seed) wrote to the file. */
  private revalidate(now: number) {
    const sqlite = getDb().$client
    const dataVersion = sqlite.pragma('data_version', { simple: true })
    if (dataVersion === this.dataVersion && now < this.validUntil) return
    this.dataVersion = dataVersion
    const contentVersion = blogContentVersion(getDb())
    if (contentVersion !== this.contentVersion || now >= this.validUntil) this.entries.clear()
    this.contentVersion = contentVersion
    this.validUntil = nextBlogChangeAt(new Date(now))?.getTime() ?? Number.POSITIVE_INFINITY
  }

  get(key: string, now = Date.now()) {
    this.revalidate(now)
    const entry = this.entries.get(key)
    if (entry) {
      // Re-inserting keeps the most used pages at the end; the oldest are evicted first.
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    return entry
  }

  set(key: string, page: Omit<CachedPage, 'etag'>) {
    const etag = `W/"${createHash('sha1').update(page.body).digest('base64url').slice(0, 22)}"`
    const entry = { ...page, etag }
    this.entries.set(key, entry)
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
    return entry
  }

  clear() {
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}

export const htmlCache = new HtmlCache()
