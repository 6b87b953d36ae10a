import { mkdtempSync, rmSync } from 'node:fs'
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
  beforeAll(() => {
    // The cache asks the server's database whether the blog changed.
    const dir = mkdtempSync(join(tmpdir(), 'coach-page-cache-'))
    vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
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
})
