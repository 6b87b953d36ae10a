import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#db/database'
import { closeDb } from '#db/connection'
import { syncBlogPosts } from '#db/sync-blog'
import { PageCache } from '~/server/http/page-cache.server'
import { makePage } from '~/server/http/page.server'
import { articleSource } from '../helpers'

// When cached pages must go: the blog changed (a seed in another process), a scheduled article
// is due, or New Year in Denmark (the footer's year). The clock is the test's; the database is a
// temporary file with the test's own articles, written by a second connection as the seed would.

const rendered = (text: string) => makePage({ html: `<p>${text}</p>`, status: 200, headers: {} }, { effort: 'low', cacheControl: 'public, max-age=0', csp: false })
const at = (iso: string) => new Date(iso).getTime()

let dir: string
let content: string
function write(slug: string, publishedAt: string) {
  writeFileSync(join(content, `${slug}.md`), articleSource({ title: `Artikel ${slug}`, description: 'Beskrivelse.', category: 'stress', publishedAt }))
}
/** What `npm run db:seed` does from another process: its own connection, the folder into the table. */
function seed() {
  const db = openDatabase(join(dir, 'site.db'))
  syncBlogPosts(db, content, new Date(Date.now()))
  db.$client.close()
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coach-page-cache-'))
  content = join(dir, 'blog')
  mkdirSync(content)
  write('gammel', '2024-05-01')
  seed()
  closeDb()
  vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
})

afterEach(() => {
  closeDb()
  vi.useRealTimers()
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const clock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) })

describe('the page cache’s freshness', () => {
  it('lets pages outlive the year only until midnight in Copenhagen on New Year’s Eve', async () => {
    clock('2025-12-31T12:00:00Z')
    const cache = new PageCache()
    await cache.getOrRender('/om', async () => rendered('2025'))
    expect(cache.get('/om', at('2025-12-31T22:59:59.999Z'))).toBeDefined()
    expect(cache.get('/om', at('2025-12-31T23:00:00.000Z'))).toBeUndefined()
    expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  })

  it('counts the year as Copenhagen does: rendered just after midnight there, a page lasts the whole year', async () => {
    clock('2025-12-31T23:30:00Z')
    const cache = new PageCache()
    await cache.getOrRender('/om', async () => rendered('2026'))
    expect(cache.get('/om', at('2026-12-31T22:59:59.000Z'))).toBeDefined()
    expect(cache.get('/om', at('2026-12-31T23:00:00.000Z'))).toBeUndefined()
  })

  it('drops every page when a scheduled article is due', async () => {
    write('planlagt', '2026-03-10T08:00:00Z')
    seed()
    clock('2026-03-01T12:00:00Z')
    const cache = new PageCache()
    await cache.getOrRender('/blog', async () => rendered('uden den planlagte'))
    expect(cache.get('/blog', at('2026-03-10T07:59:59.999Z'))).toBeDefined()
    expect(cache.get('/blog', at('2026-03-10T08:00:00.000Z'))).toBeUndefined()
  })

  it('drops every page when the blog changed in another process, noticed within 50 ms', async () => {
    clock('2026-03-01T12:00:00Z')
    const start = Date.now()
    const cache = new PageCache()
    await cache.getOrRender('/om', async () => rendered('før'))
    const bytes = cache.size.bytes
    expect(bytes).toBeGreaterThan(0)
    write('ny', '2026-02-20')
    seed()
    // Asked at most every 50 ms: a burst of requests pays for the check once.
    expect(cache.get('/om', start + 49)).toBeDefined()
    expect(cache.size).toEqual({ entries: 1, bytes })
    expect(cache.get('/om', start + 50)).toBeUndefined()
    expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  })

  it('keeps pages when another process wrote something else than the blog (a contact message)', async () => {
    clock('2026-03-01T12:00:00Z')
    const start = Date.now()
    const cache = new PageCache()
    await cache.getOrRender('/om', async () => rendered('før'))
    const other = openDatabase(join(dir, 'site.db'))
    other.$client.prepare("INSERT INTO contact_messages (created_at, first_name, last_name, email, phone, service_type, address, message, ip_hash, public_id) VALUES ('2026-03-01T12:00:00Z', 'Anne', 'Jensen', 'anne@eksempel.dk', '', 'parcoaching', '', 'Hej', ?, 'x1')").run('0'.repeat(32))
    other.$client.close()
    expect(cache.get('/om', start + 100)).toBeDefined()
  })

  it('never keeps a page whose render began before the blog changed', async () => {
    clock('2026-03-01T12:00:00Z')
    const start = Date.now()
    const cache = new PageCache()
    let finish: () => void = () => {}
    const slow = cache.getOrRender('/blog', () => new Promise((resolve) => (finish = () => resolve(rendered('gammel liste')))))
    write('ny', '2026-02-20')
    seed()
    expect(cache.get('/andet', start + 50)).toBeUndefined()
    finish()
    expect((await slow).representations.identity.body.toString()).toBe('<p>gammel liste</p>')
    expect(cache.get('/blog', start + 60)).toBeUndefined()
  })

  it('lets a stale render finish without taking the place of the render that replaced it', async () => {
    clock('2026-03-01T12:00:00Z')
    const start = Date.now()
    const cache = new PageCache()
    let renders = 0
    const finishers: (() => void)[] = []
    const render = () => {
      renders++
      return new Promise<ReturnType<typeof rendered>>((resolve) => finishers.push(() => resolve(rendered(`udgave ${renders}`))))
    }
    const stale = cache.getOrRender('/blog', render)
    write('ny', '2026-02-20')
    seed()
    vi.setSystemTime(start + 50)
    const fresh = cache.getOrRender('/blog', render)
    finishers[0]!()
    await stale
    const joined = cache.getOrRender('/blog', render)
    finishers[1]!()
    expect(await fresh).toBe(await joined)
    expect(renders).toBe(2)
    expect(cache.get('/blog', start + 60)).toBe(await fresh)
  })

  it('renders again after a render failed, instead of handing out the failure', async () => {
    const cache = new PageCache()
    await expect(cache.getOrRender('/om', async () => Promise.reject(new Error('databasen svarer ikke')))).rejects.toThrow('databasen svarer ikke')
    expect((await cache.getOrRender('/om', async () => rendered('igen'))).representations.identity.body.toString()).toBe('<p>igen</p>')
  })

  it('fills its byte budget exactly before evicting anything', async () => {
    const size = rendered('a'.repeat(100)).bytes
    const cache = new PageCache(size * 2)
    for (const key of ['/a', '/b']) await cache.getOrRender(key, async () => rendered('a'.repeat(100)))
    expect(cache.size).toEqual({ entries: 2, bytes: size * 2 })
    await cache.getOrRender('/c', async () => rendered('a'.repeat(100)))
    expect(cache.size).toEqual({ entries: 2, bytes: size * 2 })
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')].map(Boolean)).toEqual([false, true, true])
  })
})
