import { createHash } from 'node:crypto'
import { getDb } from '#db/connection'
import { blogContentVersion } from '#db/sync-blog'
import type { Statement } from 'better-sqlite3'
import { cspNoncePlaceholder } from '~/lib/csp'
import { nextBlogChangeAt } from '~/server/blog.server'

type RenderedPage = { body: string; status: number; headers: Array<[string, string]> }

/** A page ready to serve many times: encoded once, split where each response's nonce goes. */
export type CachedPage = { status: number; headers: Array<[string, string]>; etag: string; parts: Buffer[] }

const MAX_ENTRIES = 1000

export function preparePage({ body, status, headers }: RenderedPage): CachedPage {
  const placeholder = cspNoncePlaceholder()
  return {
    status,
    headers,
    // Weak, because every response carries its own nonce: the bytes differ, the page does not.
    etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    parts: (placeholder ? body.split(placeholder) : [body]).map((part) => Buffer.from(part)),
  }
}

/** The page as chunks with this response's nonce between them: written out without one big copy. */
export function pageChunks(page: CachedPage, nonce: string): Buffer[] {
  if (page.parts.length === 1) return page.parts
  const nonceBytes = Buffer.from(nonce)
  return page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]))
}

/** The footer shows the year: pages rendered last year must not outlive New Year in Denmark. */
function nextNewYear(now: number) {
  const year = Number(new Intl.DateTimeFormat('da-DK', { year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(now))
  // Midnight in Copenhagen is 23:00 UTC on 31 December (winter time).
  return Date.UTC(year, 11, 31, 23, 0, 0)
}

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
  private dataVersionStatement: Statement | undefined
  private checkedAt = 0
  /** Counts how often the cache was emptied; a render that began before the last time is stale. */
  generation = 0

  /**
   * PRAGMA data_version tells whether another process (the seed) wrote to the file; asked at most
   * every 50 ms, so a burst of requests pays for it once.
   */
  private revalidate(now: number) {
    if (now - this.checkedAt < 50 && now < this.validUntil) return
    this.checkedAt = now
    this.dataVersionStatement ??= getDb().$client.prepare('PRAGMA data_version').pluck()
    const dataVersion = this.dataVersionStatement.get()
    if (dataVersion === this.dataVersion && now < this.validUntil) return
    this.dataVersion = dataVersion
    const contentVersion = blogContentVersion(getDb())
    if (contentVersion !== this.contentVersion || now >= this.validUntil) {
      this.entries.clear()
      this.generation++
    }
    this.contentVersion = contentVersion
    this.validUntil = Math.min(nextBlogChangeAt(new Date(now))?.getTime() ?? Number.POSITIVE_INFINITY, nextNewYear(now))
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

  /** Stores a page rendered in `generation`; one rendered before the blog changed is not kept. */
  set(key: string, page: RenderedPage, generation: number) {
    const entry = preparePage(page)
    if (generation !== this.generation) return entry
    this.entries.set(key, entry)
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
    return entry
  }
}

export const htmlCache = new HtmlCache()
