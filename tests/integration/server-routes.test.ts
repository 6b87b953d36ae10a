import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeDb } from '#db/connection'
import { Route as BookingCalendarRoute } from '~/routes/booking/$token.kalender[.]ics'
import { Route as HealthRoute } from '~/routes/healthz'
import { Route as CoachCalendarRoute } from '~/routes/kalender/$fil'
import { Route as RobotsRoute } from '~/routes/robots[.]txt'
import { Route as RssRoute } from '~/routes/rss[.]xml'
import { Route as SitemapRoute } from '~/routes/sitemap[.]xml'

/** A route's GET handler, as the server calls it for a request. */
const get = (route: { options: unknown }, params: Record<string, string> = {}) =>
  (route.options as { server: { handlers: { GET: (context: { params: Record<string, string> }) => Promise<Response> } } }).server.handlers.GET({ params })

// The routes use the server's one connection (getDb): here a fresh database of its own, seeded
// from content/blog on first use as the server's would be.
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coach-routes-'))
  process.env.DATABASE_URL = join(dir, 'site.db')
})
afterAll(() => {
  closeDb()
  delete process.env.DATABASE_URL
  rmSync(dir, { recursive: true, force: true })
})

describe('the addresses that answer without a page', () => {
  it('/healthz reports the database as readable', async () => {
    const response = await get(HealthRoute)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok' })
  })

  it('/robots.txt, /sitemap.xml and /rss.xml answer with their formats', async () => {
    const robots = await get(RobotsRoute)
    expect(await robots.text()).toMatch(/^User-agent: \*[\s\S]*Sitemap: .*\/sitemap\.xml/m)
    const sitemap = await get(SitemapRoute)
    expect(sitemap.headers.get('Content-Type')).toMatch(/^application\/xml/)
    expect(await sitemap.text()).toContain('<urlset')
    const rss = await get(RssRoute)
    expect(rss.headers.get('Content-Type')).toMatch(/^application\/rss\+xml/)
    expect(await rss.text()).toContain('<rss')
  })

  it('a calendar file without a valid link or secret is not found', async () => {
    expect((await get(BookingCalendarRoute, { token: 'ikke-et-link' })).status).toBe(404)
    expect((await get(CoachCalendarRoute, { fil: 'gaet.ics' })).status).toBe(404)
  })
})
