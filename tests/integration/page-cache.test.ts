import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { closeDb } from '#db/connection'
import { PageCache } from '~/server/http/page-cache.server'
import { makePage } from '~/server/http/page.server'

// A page as the pipeline makes a shareable one; a no-store page is never kept (its own test below).
const rendered = (text: string, status = 200, cacheControl = 'public, max-age=0, s-maxage=300') =>
  makePage({ html: `<p>${text}</p>`, status, headers: {} }, { effort: 'low', cacheControl, csp: true })

describe('the page cache', () => {
  let dir: string
  beforeAll(() => {
    // The cache asks the server's database whether the blog changed, and images.lock.json beside
    // PUBLIC_DIR whether the images did.
    dir = mkdtempSync(join(tmpdir(), 'coach-page-cache-'))
    vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
    vi.stubEnv('PUBLIC_DIR', join(dir, 'public'))
    closeDb()
    return () => {
      closeDb()
      vi.unstubAllEnvs()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('renders a page once for concurrent misses', async () => {
    const cache = new PageCache()
    let renders = 0
    const render = async () => {
      renders++
      await new Promise((resolve) => setTimeout(resolve, 20))
      return rendered('én gang')
    }
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.getOrRender('/om', render)))
    expect(renders).toBe(1)
    expect(new Set(pages).size).toBe(1)
    expect(cache.get('/om')).toBe(pages[0])
  })

  it('keeps only pages that rendered fine', async () => {
    const cache = new PageCache()
    await cache.getOrRender('/findes-ikke', async () => rendered('ikke fundet', 404))
    expect(cache.get('/findes-ikke')).toBeUndefined()
    await cache.getOrRender('/kontakt?status=sendt', async () => rendered('tak', 200, 'no-store'))
    expect(cache.get('/kontakt?status=sendt')).toBeUndefined()
    await cache.getOrRender('/om', async () => rendered('om'))
    expect(cache.get('/om')).toBeDefined()
  })

  it('never keeps a page whose own Cache-Control forbids it (a booking page says no-store)', async () => {
    const cache = new PageCache()
    await cache.getOrRender('/book-samtale', async () => rendered('ledige tider', 200, 'no-store'))
    await cache.getOrRender('/booking/abc', async () => rendered('din booking', 200, 'private, no-cache'))
    expect([cache.get('/book-samtale'), cache.get('/booking/abc')]).toEqual([undefined, undefined])
  })

  it('is bounded by bytes, evicting the least recently used page first', async () => {
    const size = rendered('a'.repeat(100)).bytes
    const cache = new PageCache(size * 2 + 1)
    for (const key of ['/a', '/b']) await cache.getOrRender(key, async () => rendered('a'.repeat(100)))
    cache.get('/a')
    await cache.getOrRender('/c', async () => rendered('a'.repeat(100)))
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')].map(Boolean)).toEqual([true, false, true])
    expect(cache.size.bytes).toBeLessThanOrEqual(size * 2 + 1)
  })

  it('forgets every page when `npm run images` changed the files the pages name (a new portrait)', async () => {
    const lock = (url: string) => JSON.stringify({ covers: {}, portrait: { width: 960, height: 1200, avif: [], webp: [{ url, width: 960 }] } })
    writeFileSync(join(dir, 'images.lock.json'), lock('/images/portrait-960.aaaaaaaaaa.webp'))
    const cache = new PageCache()
    const start = Date.now()
    await cache.getOrRender('/om', async () => rendered('det gamle portræt'))
    expect(cache.get('/om', start + 100)).toBeDefined()
    // The same file, not written again: the page stays.
    expect(cache.get('/om', start + 200)).toBeDefined()

    writeFileSync(join(dir, 'images.lock.json'), lock('/images/portrait-960.bbbbbbbbbbbb.webp'))
    expect(cache.get('/om', start + 300)).toBeUndefined()
    await cache.getOrRender('/om', async () => rendered('det nye portræt'))
    expect(cache.get('/om', start + 400)?.representations.identity.body.toString()).toContain('det nye portræt')
  })
})
