import { type AnyRoute, RouterProvider, createMemoryHistory, createRoute, createRouter } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { site } from '~/server/content/content.server'
import { loadAfterLargestPaint } from '~/components/layout/document-assets'
import { SiteHeader } from '~/components/layout/site-header'
import { siteFooterHtml } from '~/server/pages/site-footer.server'
import { ErrorPage } from '~/components/error-page'
import { ErrorPage as LazyErrorPage } from '~/components/lazy-pages'
import { NotFound } from '~/components/not-found'
import { SiteContext } from '~/lib/content/site-data'
import { Route as Root } from '~/routes/__root'
import { linksOf, renderAt, tagWithId, textOf } from '../render'

// The root route's loader calls a server function; here it reads the facts directly, as the server
// does, with »Gode steder at begynde« as the server makes it from her list and the articles' titles
// (startHereLinks, tested with a database in blog-queries.test.ts), and the footer rendered for the page.
const startHere = [
  { slug: 'stress-er-ikke-svaghed', title: 'Stress er ikke svaghed' },
  { slug: 'coaching-er-ikke-terapi', title: 'Coaching er ikke terapi' },
]
vi.mock('~/lib/content/site-facts', async () => {
  const { siteFooterHtml } = await import('~/server/pages/site-footer.server')
  return { fetchSiteFacts: async ({ data }: { data: string }) => ({ site: { ...site, startHere }, footer: siteFooterHtml(site, data) }) }
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** The app's build as the server knows it: the entry script and its preload hint. */
const manifest = { routes: { __root__: { preloads: ['/assets/main.js'], scripts: [{ attrs: { type: 'module', src: '/assets/main.js' } }, { attrs: { src: '/assets/other.js' } }] } } }

/** The whole document of an address the site has no page for: the root route alone. */
async function documentAt(path: string, routeTree: AnyRoute = Root) {
  // In Vitest the stylesheet's URL is empty, which React warns about; the browser build has one.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), isServer: true, defaultErrorComponent: LazyErrorPage })
  await router.load()
  Object.assign(router, { ssr: { manifest } })
  return renderToString(<RouterProvider router={router} />)
}

describe('every page’s document', () => {
  it('is Danish, starts with a link past the menu to the content, and keeps the header and footer around it', async () => {
    const html = await documentAt('/findes-ikke')
    expect(html).toMatch(/^<html lang="da">/)
    expect(html).toMatch(/<body><a href="#indhold" class="sr-only[^"]*focus:not-sr-only[^"]*">Spring til indhold<\/a><header/)
    expect(tagWithId(html, 'indhold')).toMatch(/^<main id="indhold" tabindex="-1"/)
    expect(html.indexOf('<main')).toBeGreaterThan(html.indexOf('Hovedmenu'))
    expect(html.indexOf('<footer')).toBeGreaterThan(html.indexOf('</main>'))
  })

  it('tells search engines not to index an address without a page, and names it', async () => {
    const html = await documentAt('/findes-ikke')
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>')
    expect(html).toMatch(/<title>Siden blev ikke fundet \| [^<]+<\/title>/)
    expect(html).toContain('<meta charSet="utf-8"/>')
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>')
    expect(html).toContain('<meta name="theme-color" content="#24443a"/>')
    // Vitest builds no CSS (the URL is empty here); the link itself is what the test can see.
    expect(html).toContain('<link rel="stylesheet"')
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Blog" href="/rss.xml"/>')
    expect(html).toMatch(/<link rel="preload" href="[^"]*fraunces-latin-600-normal\.woff2" as="font" type="font\/woff2" crossorigin="anonymous"\/>/)
    expect(html).toContain('<link rel="icon" href="/favicon-48.png" type="image/png" sizes="48x48"/>')
  })

  it('loads the app’s script only after the page is shown: no preload hint, the entry started by a small inline script', async () => {
    const html = await documentAt('/findes-ikke')
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain(`<script>${loadAfterLargestPaint('/assets/main.js')}</script>`)
    // Other scripts are left as the router wrote them.
    expect(html).toContain('<script src="/assets/other.js"></script>')
  })

  it('shows the not-found page with the likeliest ways on', async () => {
    const html = await documentAt('/findes-ikke')
    expect(textOf(html)).toContain('Ups! Siden blev ikke fundet')
    expect(html).toContain('<p class="sr-only">Fejl 404.</p>')
    expect(linksOf(html)).toEqual(expect.arrayContaining([['Læs bloggen', '/blog'], ['Kontakt mig', '/kontakt'], ['Gå til forsiden', '/']]))
    for (const article of startHere) expect(linksOf(html)).toContainEqual([article.title, `/blog/${article.slug}`])
    expect(textOf(html)).toContain('Gode steder at begynde')
  })

  it('shows an unexpected failure without its details, inside the same frame', () => {
    const html = renderToString(<ErrorPage />)
    expect(textOf(html)).toBe('Der opstod en fejl Siden kunne ikke vises lige nu. Prøv igen om lidt, eller gå til forsiden. Gå til forsiden')
    expect(linksOf(html)).toEqual([['Gå til forsiden', '/']])
    expect(textOf(renderToString(<SiteContext value={{ ...site, startHere }}><NotFound /></SiteContext>))).toContain('Gode steder at begynde')
    // Without articles to offer (none of hers on the site), no empty heading.
    expect(textOf(renderToString(<SiteContext value={{ ...site, startHere: [] }}><NotFound /></SiteContext>))).not.toContain('Gode steder at begynde')
  })

  it('keeps the menu and the footer around a failure', async () => {
    // Loaded only when needed (lazy-pages.ts); loaded here first, so the page renders in one pass.
    await (LazyErrorPage as unknown as { preload: () => Promise<void> }).preload()
    // A page whose loader fails, under the real root: the root's facts and footer are still there.
    // A root of its own (a fresh import): the router keeps what it learnt of the shared one's tree.
    vi.resetModules()
    const { Route: root } = await import('~/routes/__root')
    const failing = createRoute({ getParentRoute: () => root, path: '/fejler', loader: () => Promise.reject(new Error('databasen svarer ikke')) })
    const html = await documentAt('/fejler', root.addChildren([failing]))
    expect(textOf(html)).toContain('Der opstod en fejl')
    expect(html.indexOf('Der opstod en fejl')).toBeGreaterThan(html.indexOf('Hovedmenu'))
    expect(html.indexOf('<footer')).toBeGreaterThan(html.indexOf('Der opstod en fejl'))
  })
})

describe('the header', () => {
  it('links every page, marks the one you are on in both menus, and always offers to book', async () => {
    const html = await renderAt('/om', <SiteHeader />)
    expect(html).toContain('aria-label="Hovedmenu"')
    const links = linksOf(html)
    for (const [label, href] of [['Hjem', '/'], ['Om', '/om'], ['Ydelser', '/ydelser'], ['Blog', '/blog'], ['Referencer', '/referencer'], ['Kontakt', '/kontakt']]) {
      expect(links.filter((link) => link[0] === label && link[1] === href)).toHaveLength(2)
    }
    expect(html.match(/<a href="\/om" aria-current="page"/g)).toHaveLength(2)
    expect(html.match(/aria-current="page"/g)).toHaveLength(2)
    expect(links).toContainEqual(['Book tid', '/book-samtale'])
    expect(textOf(html)).toContain(site.name)
  })

  it('marks »Book tid« as the page you are on anywhere under /book-samtale', async () => {
    const html = await renderAt('/book-samtale/2026-04-20T10:00', <SiteHeader />)
    expect(/<a[^>]*href="\/book-samtale"[^>]*>/.exec(html)?.[0]).toContain('aria-current="page"')
    expect(/<a[^>]*href="\/book-samtale"[^>]*>/.exec(await renderAt('/om', <SiteHeader />))?.[0]).not.toContain('aria-current')
  })

  it('opens the phone’s menu without JavaScript, naming what the button does, with the search in it', async () => {
    const html = await renderAt('/', <SiteHeader />)
    expect(html).toMatch(/<details[^>]*><summary/)
    expect(html).toContain('<span class="sr-only group-open:hidden">Åbn menu</span>')
    expect(html).toContain('<span class="sr-only hidden group-open:inline">Luk menu</span>')
    // Until the script runs, the disclosure states itself; aria-expanded would be a guess.
    expect(/<summary[^>]*>/.exec(html)?.[0]).not.toMatch(/aria-expanded|aria-controls/)
    expect(/<details[^>]*>/.exec(html)?.[0]).not.toContain('open')
    expect(tagWithId(html, 'mobilmenu')).toBeTruthy()
    expect(tagWithId(html, 'soeg-menu')).toContain('name="q"')
    expect(tagWithId(html, 'soeg-top')).toContain('name="q"')
  })
})

describe('the footer', () => {
  it('gives the pages, the privacy policy, the address, e-mail, phone and profiles', async () => {
    const html = siteFooterHtml(site, '/kontakt')
    const links = linksOf(html)
    expect(links.filter(([, href]) => href === '/privatlivspolitik')).toHaveLength(2)
    for (const link of [['Kontakt', '/kontakt'], [site.email, `mailto:${site.email}`], [site.phone.display.replace(/\u00a0/g, ' '), site.phone.href], ['LinkedIn', site.profiles.linkedin], ['Facebook', site.profiles.facebook]]) {
      expect(links).toContainEqual(link)
    }
    expect(html).toMatch(/<a href="\/kontakt" aria-current="page"/)
    expect(html.match(/aria-current/g)).toHaveLength(1)
    const text = textOf(html)
    expect(text).toContain(`${site.address.street}, ${site.address.postalCode} ${site.address.city}`)
    expect(text).toContain(`Coach, certificeret af ${site.certifiedBy}, med egen praksis siden ${site.foundingYear}. Samtaler i ${site.address.city} og online.`)
    expect(text).toContain(`CVR ${site.cvr}`)
  })

  it('counts the years to the year in Denmark, which turns an hour before it does in UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'))
    expect(textOf(siteFooterHtml(site, '/'))).toContain(`© ${site.foundingYear}–2027 ${site.name}`)
    vi.setSystemTime(new Date('2026-12-31T22:30:00Z'))
    expect(textOf(siteFooterHtml(site, '/'))).toContain(`© ${site.foundingYear}–2026 ${site.name}`)
  })
})

/**
 * The inline script that starts the app, run in a stand-in for the browser: it records the
 * listeners, frames, timers and observers the script asks for, and what it imports.
 */
function browserRunning(src: string, { supportsLargestPaint = true, image }: { supportsLargestPaint?: boolean; image?: object } = {}) {
  const listeners = new Map<string, () => void>()
  const frames: Array<() => void> = []
  const timers: Array<{ run: () => void; ms: number }> = []
  const imported: string[] = []
  const observer = { callback: undefined as undefined | ((list: { getEntries: () => object[] }) => void), options: undefined as unknown, disconnected: false }
  const browser = {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    requestAnimationFrame: (frame: () => void) => frames.push(frame),
    setTimeout: (run: () => void, ms = 0) => timers.push({ run, ms }),
    innerWidth: 400,
    innerHeight: 800,
    document: { querySelector: (selector: string) => (selector === 'img[fetchpriority=high]' ? image : null) },
    PerformanceObserver: class {
      static supportedEntryTypes = supportsLargestPaint ? ['paint', 'largest-contentful-paint'] : ['paint']
      constructor(callback: typeof observer.callback) {
        observer.callback = callback
      }
      observe(options: unknown) {
        observer.options = options
      }
      disconnect() {
        observer.disconnected = true
      }
    },
    importModule: (path: string) => imported.push(path),
  }
  const script = loadAfterLargestPaint(src).replace('import(', 'importModule(')
  new Function(...Object.keys(browser), script)(...Object.values(browser))
  /** Runs the frames, then the zero-delay timers they set: what the browser does right after. */
  const settle = () => {
    for (const frame of frames.splice(0)) frame()
    for (const timer of timers.filter((timer) => timer.ms === 0)) timers.splice(timers.indexOf(timer), 1)[0]!.run()
  }
  return {
    imported,
    observer,
    load: () => listeners.get('load')!(),
    paint: (...entries: object[]) => observer.callback!({ getEntries: () => entries }),
    settle,
    /** The browser's safety timer fires (no paint was reported). */
    safetyTimer: () => timers.find((timer) => timer.ms === 2000),
  }
}

describe('the script that starts the app', () => {
  const image = { getBoundingClientRect: () => ({ left: -50, top: 700 }), clientLeft: 4, clientTop: 4, clientWidth: 200, clientHeight: 250 }
  // Inside its border, from x = -46 and y = 704: 154 px of its width and 96 px of its height are on screen.
  const shownArea = 154 * 96

  it('waits for the page’s load, then imports the app once, a frame later', () => {
    const browser = browserRunning('/assets/main.js', { supportsLargestPaint: false })
    browser.settle()
    expect(browser.imported).toEqual([])
    browser.load()
    browser.settle()
    expect(browser.imported).toEqual(['/assets/main.js'])
    browser.load()
    browser.settle()
    expect(browser.imported).toEqual(['/assets/main.js'])
  })

  it('waits for the largest paint: a heading larger than the priority image’s visible part, or the image itself', () => {
    const browser = browserRunning('/assets/main.js', { image })
    browser.load()
    expect(browser.observer.options).toEqual({ type: 'largest-contentful-paint', buffered: true })
    browser.paint({ size: shownArea - 1, element: {} })
    browser.settle()
    expect(browser.imported).toEqual([])
    expect(browser.observer.disconnected).toBe(false)
    browser.paint({ size: shownArea, element: {} })
    browser.settle()
    expect(browser.imported).toEqual(['/assets/main.js'])
    expect(browser.observer.disconnected).toBe(true)
    const byImage = browserRunning('/assets/main.js', { image })
    byImage.load()
    byImage.paint({ size: 1, element: image })
    byImage.settle()
    expect(byImage.imported).toEqual(['/assets/main.js'])
  })

  it('starts at the first paint when no priority image is on screen', () => {
    for (const situation of [{}, { image: { ...image, getBoundingClientRect: () => ({ left: 500, top: 0 }) } }]) {
      const browser = browserRunning('/assets/main.js', situation)
      browser.load()
      browser.paint({ size: 1, element: {} })
      browser.settle()
      expect(browser.imported).toEqual(['/assets/main.js'])
    }
  })

  it('starts two seconds after the load when no paint is reported, and only once', () => {
    const browser = browserRunning('/assets/main.js', { image })
    browser.load()
    browser.safetyTimer()!.run()
    browser.settle()
    expect(browser.imported).toEqual(['/assets/main.js'])
    browser.paint({ size: shownArea, element: image })
    browser.settle()
    expect(browser.imported).toEqual(['/assets/main.js'])
  })
})

describe('the router', () => {
  it('shows the site’s own error page for a page that fails (the frame around it is tested above)', async () => {
    const [{ getRouter }, { ErrorPage }] = await Promise.all([import('~/router'), import('~/components/lazy-pages')])
    expect(getRouter().options.defaultErrorComponent).toBe(ErrorPage)
  })
})
