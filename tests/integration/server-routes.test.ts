import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { closeDb, getDb } from '#db/connection'
import { cancelBooking, createBooking } from '~/server/booking/bookings.server'
import { configuredBusySources, refreshBusySources } from '~/server/calendar/busy-sources.server'
import { busySources } from '#db/schema'
import { googleLikeFeed } from '../../scripts/lib/busy-feed-fixture'
import { startFeedServer } from '../calendar-servers'
import { Route as BlogRoute } from '~/routes/blog/index'
import { Route as ContactRoute } from '~/routes/kontakt'
import { Route as BookingCalendarRoute } from '~/routes/booking/$token.kalender[.]ics'
import { Route as HealthRoute } from '~/routes/healthz'
import { Route as CoachCalendarRoute } from '~/routes/kalender/$fil'
import { Route as RobotsRoute } from '~/routes/robots[.]txt'
import { Route as RssRoute } from '~/routes/rss[.]xml'
import { Route as SitemapRoute } from '~/routes/sitemap[.]xml'
import { inStartRequest } from '../start-request'

// Server functions return nothing in Vitest (no Start compiler): /kontakt's texts come as the server makes them.
vi.mock('~/lib/contact-page', async (original) => ({
  ...(await original<typeof import('~/lib/contact-page')>()),
  fetchContactPageTexts: async () => (await import('~/server/pages/contact-texts.server')).contactPageTexts(),
}))
import { MONDAY, NOW, details, readInvitation, testAvailability } from './booking-helpers'

/**
 * A route's loader, called as the router calls it while the server renders a page: in a request's
 * scope (Vitest has no Start compiler, so the server functions run in place).
 */
const load = async (route: { options: unknown }, context: object = {}) => {
  const loader = (route.options as { loader: (context: object) => Promise<any> }).loader
  return (await inStartRequest(new Request('http://localhost/kontakt'), '192.0.2.40', () => loader(context))).result
}

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

  it("/healthz counts the coach's calendars and says whether booking is open for them, and names none", async () => {
    const [good, failing] = [await startFeedServer(googleLikeFeed(20)), await startFeedServer(googleLikeFeed(20))]
    onTestFinished(async () => {
      vi.unstubAllEnvs()
      await Promise.all([good.stop(), failing.stop()])
    })
    vi.stubEnv('BUSY_CALENDAR_URLS', `${good.url} ${failing.url}`)
    vi.stubEnv('CALDAV_URL', '')
    failing.mode = 'fail'
    const read = async () => refreshBusySources({ db: getDb(), windowMinutes: 28 * 1440 })
    const health = async () => (await get(HealthRoute)).json()
    await read()
    const failingAnswer = await health()
    expect(failingAnswer).toEqual({ status: 'ok', bookingOpenForCalendars: false, calendars: { total: 2, failing: 1, stale: 1 } })
    failing.mode = 'ok'
    await read()
    const answer = await health()
    expect(answer).toEqual({ status: 'ok', bookingOpenForCalendars: true, calendars: { total: 2, failing: 0, stale: 0 } })
    // Neither the address, nor its host, nor what went wrong: the log and check:launch say which calendar.
    for (const text of [JSON.stringify(failingAnswer), JSON.stringify(answer)]) expect(text).not.toMatch(/private-|127\.0\.0\.1|kalender|svarede/)
  })

  it('/healthz without any booking rules still answers, and counts a calendar copy older than three hours as stale', async () => {
    onTestFinished(() => void vi.unstubAllEnvs())
    // No booking.yaml (the coach takes only messages), but her calendars are set up: the default
    // kalender_max_alder of 3 hours decides which copies are too old.
    vi.stubEnv('BOOKING_FILE', join(dir, 'ingen-booking.yaml'))
    vi.stubEnv('BUSY_CALENDAR_URLS', 'https://kalender.eksempel.dk/frisk.ics https://kalender.eksempel.dk/gammel.ics')
    vi.stubEnv('CALDAV_URL', '')
    const [fresh, old] = configuredBusySources()
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
    for (const [source, goodAt] of [
      [fresh!, hoursAgo(2)],
      [old!, hoursAgo(4)],
    ] as const) {
      getDb().insert(busySources).values({ sourceKey: source.key, label: source.label, goodAt, checkedAt: hoursAgo(0), intervals: [], lastError: null }).run()
    }
    const response = await get(HealthRoute)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', bookingOpenForCalendars: false, calendars: { total: 2, failing: 0, stale: 1 } })
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

  it("a visitor's calendar file is the confirmed booking to download, never kept or indexed, and gone once it is cancelled", async () => {
    const availability = testAvailability()
    const outcome = createBooking(getDb(), { availability, date: MONDAY, time: '10:00', details: details('kalenderfil@eksempel.dk'), ipHash: 'ip-kalenderfil', now: NOW })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    const file = await get(BookingCalendarRoute, { token: outcome.token })
    expect(file.status).toBe(200)
    expect(Object.fromEntries(file.headers)).toEqual({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'attachment; filename="samtale.ics"',
    })
    // Monday 20 April 10:00–10:30 dansk tid, published (to import), not an invitation to answer.
    expect(readInvitation(await file.text())).toMatchObject({ method: 'PUBLISH', uid: outcome.booking.uid, sequence: 0, status: 'CONFIRMED', start: '2026-04-20T08:00:00.000Z', end: '2026-04-20T08:30:00.000Z' })

    cancelBooking(getDb(), { id: outcome.booking.id, by: 'gaest', availability, now: NOW })
    const gone = await get(BookingCalendarRoute, { token: outcome.token })
    expect([gone.status, await gone.text()]).toEqual([404, 'Siden findes ikke.'])
    expect(Object.fromEntries(gone.headers)).toEqual({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'content-type': 'text/plain; charset=utf-8' })
  })
})

describe('the pages’ loaders', () => {
  it('/blog reads its data by the search: the words, the category (all by default) and the page (1 by default)', () => {
    const deps = (BlogRoute.options as unknown as { loaderDeps: (context: object) => object }).loaderDeps
    expect(deps({ search: { q: 'ro', kategori: 'stress', side: 2 } })).toEqual({ q: 'ro', category: 'stress', page: 2 })
    expect(deps({ search: {} })).toEqual({ q: undefined, category: 'all', page: 1 })
  })

  it('/kontakt loads its texts, and the draft of a refused post only when the server handed one on', async () => {
    // The draft is the loader's own; the texts come rendered, each part for its element.
    const page = await load(ContactRoute, {})
    expect(page.draft).toBeNull()
    expect(page.details.id).toBe('kontakt-oplysninger')
    expect(page.details.html).toContain('Kontakt')
    const draft = { result: { status: 'ugyldig' }, values: { firstName: 'Anne' } }
    expect((await load(ContactRoute, { serverContext: { contactDraft: draft } })).draft).toEqual(draft)
  })
})
