import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeDb } from '#db/connection'
import { fetchAboutPage } from '~/lib/about-page'
import { fetchContactPageTexts } from '~/lib/contact-page'
import { fetchHomePage } from '~/lib/home-page'
import { fetchNewsletterPage } from '~/lib/newsletter-page'
import { fetchPrivacyPage } from '~/lib/privacy-page'
import { fetchServicesPage } from '~/lib/services-page'
import { insertPost, temporaryDatabase } from '../helpers'
import { inStartRequest } from '../start-request'
// The handlers import these lazily; loaded here, before the tests, their load-time code is not
// counted as covered by the first test that calls them (Stryker would try it against that test only).
import '~/server/content/content.server'
import '~/lib/home-page.server'
import '~/server/pages/home-page.server'
import '~/server/images.server'
import '~/server/pages/contact-texts.server'
import '~/server/pages/privacy-page.server'
import '~/server/pages/page-heads.server'

// Five pages get their texts as data from a server function (and each its head): the server calls it while it renders
// the page, and the browser calls it by its address when a visitor follows a link to the page.
// Start's compiler splits each function in two, the browser's stub and the server's handler
// (`.handler(stub, handler)`); Vitest has no compiler, so that split is stood in for here, and the
// server's half is run as Start runs it for the browser's call, within a request.
vi.mock('@tanstack/react-start', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@tanstack/react-start')>()
  const createServerFn = (options?: { method?: 'GET' | 'POST' }) => {
    const builder = actual.createServerFn(options)
    const browserStub = () => Promise.reject(new Error('only the server’s half runs in these tests'))
    return { handler: (handler: () => unknown) => (builder.handler as (...halves: unknown[]) => unknown)(browserStub, handler) }
  }
  return { ...actual, createServerFn }
})

type ServerFunction = { __executeServer: (options: { data: undefined; context: object }) => Promise<{ result: unknown }> }
/** What the server answers to the browser's call. */
async function calledByTheBrowser(serverFunction: unknown) {
  const fn = serverFunction as ServerFunction
  const { result } = await inStartRequest(new Request('http://localhost/_serverFn/page-data'), '192.0.2.50', () => fn.__executeServer({ data: undefined, context: {} }))
  return { data: result.result as Record<string, unknown> }
}

afterEach(() => {
  closeDb()
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

describe('the pages’ server data, as the browser gets it after following a link', () => {
  it('/om gets the portrait’s current files', async () => {
    const { data } = await calledByTheBrowser(fetchAboutPage)
    expect(data.portrait).toMatchObject({
      width: expect.any(Number),
      height: expect.any(Number),
      avif: expect.arrayContaining([expect.objectContaining({ url: expect.stringMatching(/^\/images\/portrait-\d+\.[0-9a-f]+\.avif$/) })]),
      webp: expect.arrayContaining([expect.objectContaining({ url: expect.stringMatching(/^\/images\/portrait-\d+\.[0-9a-f]+\.webp$/) })]),
    })
  })

  it('/ gets the newest article from the server’s database, and the specialties', async () => {
    const { db, dir } = temporaryDatabase()
    insertPost(db, 'ro-i-hverdagen', 'stress', '2025-09-18T00:00:00.000Z')
    db.$client.close()
    vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-10-01T12:00:00.000Z'))
    const { data } = await calledByTheBrowser(fetchHomePage)
    // The page comes rendered (app/server/pages/home-page.server.tsx).
    expect(data.html).toContain('href="/blog/ro-i-hverdagen"')
    expect(data.html).toContain('Stresshåndtering')
  })

  it('/ydelser gets the services and the four steps', async () => {
    const { data } = await calledByTheBrowser(fetchServicesPage)
    expect((data.services as Array<{ title: string }>)[0]!.title).toBe('Personlig Udvikling')
    expect((data.processSteps as Array<{ title: string }>)[0]!.title).toBe('Første samtale')
    expect(data.pricesAreSamples).toEqual(expect.any(Boolean))
  })

  it('/kontakt gets its FAQ and the line about acute help', async () => {
    const { data } = await calledByTheBrowser(fetchContactPageTexts)
    // Rendered (app/server/pages/contact-texts.server.tsx): the questions below the form, the line beside it.
    expect(data.questionsHtml).toContain('Hvor lang tid varer en samtale?')
    expect(data.detailsHtml).toContain('Kontaktformularen er ikke beregnet til akut hjælp')
  })

  it('/privatlivspolitik gets the policy as HTML', async () => {
    const { data } = await calledByTheBrowser(fetchPrivacyPage)
    expect(data.html).toContain('<h2>Dataansvarlig</h2>')
  })

  it('each page gets its head (title, meta tags, canonical link) with its data, built on the server', async () => {
    const pages = [
      [fetchAboutPage, 'Om mig', '/om'],
      [fetchServicesPage, 'Ydelser', '/ydelser'],
      [fetchContactPageTexts, 'Kontakt', '/kontakt'],
      [fetchPrivacyPage, 'Privatlivspolitik', '/privatlivspolitik'],
      [fetchNewsletterPage, 'Nye artikler', '/nyhedsbrev'],
    ] as const
    for (const [serverFunction, title, path] of pages) {
      const { data } = await calledByTheBrowser(serverFunction)
      const head = data.head as { meta: Array<{ title?: string }>; links: Array<{ rel: string; href: string }> }
      expect(head.meta.find((tag) => 'title' in tag)?.title, path).toMatch(new RegExp(`^${title} \\| `))
      expect(head.links, path).toEqual([{ rel: 'canonical', href: expect.stringMatching(new RegExp(`${path}$`)) }])
    }
  })
})
