import type { Page } from '@playwright/test'
import { expect, gotoInteractive, test } from './helpers'

// The site's links are plain anchors; once the app runs, one listener (app/lib/in-app-links.ts)
// follows them inside the app. A page load would lose this mark on the window.
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }))
const sameDocument = (page: Page) => page.evaluate(() => 'sameDocument' in window)

const serverFunctionCalls = (page: Page) => {
  const calls: string[] = []
  page.on('request', (request) => request.url().includes('/_serverFn/') && calls.push(request.url()))
  return calls
}

test('a blog card is loaded while pointed at and opened without a page load, at the top', async ({ page }) => {
  await gotoInteractive(page, '/blog')
  await markWindow(page)
  const calls = serverFunctionCalls(page)
  const card = page.getByRole('article').first().getByRole('link')
  const title = (await card.textContent())!.trim()
  await card.scrollIntoViewIfNeeded()
  await card.hover()
  await expect.poll(() => calls.length, { message: 'the article is loaded ahead while pointed at' }).toBe(1)
  await card.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  expect(calls, 'the click uses what was loaded ahead').toHaveLength(1)
  expect(await sameDocument(page)).toBe(true)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a link in an article’s text opens its page inside the app', async ({ page }) => {
  await gotoInteractive(page, '/blog/coaching-og-stress')
  await markWindow(page)
  await page.locator('.prose').getByRole('link', { name: 'kontakt mig' }).click()
  await expect(page).toHaveURL('/kontakt')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await sameDocument(page)).toBe(true)
})

test('a part the server rendered and the head come once in the document and stay when the app takes over, and the footer follows a navigation', async ({ page, request }) => {
  // app/lib/server-html.ts: the article's text and the footer are in the page; the data names them only by id.
  const html = await (await request.get('/blog/coaching-og-stress')).text()
  const firstWords = /<div class="prose mx-auto" id="artikel-tekst"><p>([^<]{20})/.exec(html)?.[1]
  expect(firstWords, 'the article’s text is in the page').toBeTruthy()
  expect(html.split(firstWords!).length - 1, 'and only there').toBe(1)
  expect(html).toContain('$_TSR.t.get("html")("artikel-tekst")')
  await gotoInteractive(page, '/blog/coaching-og-stress')
  await expect(page.locator('#artikel-tekst')).toContainText(firstWords!)
  await expect(page.locator('#sidefod [aria-current]')).toHaveCount(0)
  // The head's tags too: read back from the <head>, they make the very same tags when the page is shown again
  // (in another order: React moves the tags it keeps around the ones it adds).
  const headTags = () => page.evaluate(() => [...document.head.children].map((tag) => tag.outerHTML).filter((tag) => !tag.startsWith('<script') || tag.includes('ld+json')).sort())
  const headAsSent = await headTags()
  expect(headAsSent.filter((tag) => tag.startsWith('<meta')).length).toBeGreaterThan(10)
  await markWindow(page)
  await page.locator('.prose').getByRole('link', { name: 'kontakt mig' }).click()
  await expect(page).toHaveURL('/kontakt')
  await expect(page.locator('#kontakt-oplysninger')).toContainText('Telefon')
  await expect(page.locator('#sidefod').getByRole('link', { name: 'Kontakt', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('#sidefod [aria-current]')).toHaveCount(1)
  await expect.poll(headTags).not.toEqual(headAsSent)
  await page.goBack()
  await expect(page.locator('#artikel-tekst')).toContainText(firstWords!)
  await expect.poll(headTags).toEqual(headAsSent)
  expect(await sameDocument(page)).toBe(true)
})

test('a category chip keeps the reader where they are', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoInteractive(page, '/blog')
  const chips = page.getByRole('navigation', { name: 'Kategorier' })
  const chipsTop = () => chips.evaluate((nav) => Math.round(nav.getBoundingClientRect().top))
  await page.evaluate(() => window.scrollTo(0, 200))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(200)
  const before = await chipsTop()
  await markWindow(page)
  // Clicked where it is (Playwright's own click would first scroll it clear of the fixed header).
  await chips.getByRole('link', { name: /^Stress coaching/ }).evaluate((link: HTMLElement) => link.click())
  await expect(page).toHaveURL('/blog?kategori=stress')
  await expect(chips.getByRole('link', { name: /^Stress coaching/ })).toHaveAttribute('aria-current', 'page')
  expect(await sameDocument(page)).toBe(true)
  // Not back at the top: the chips stay where they were on screen (the heading above them grew a line).
  await expect.poll(chipsTop).toBe(before)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
})

test('files, new tabs and modified clicks are left to the browser', async ({ page, context }) => {
  await gotoInteractive(page, '/om')
  await page.evaluate(() => {
    const links = [
      ['Feed', '/rss.xml', ''],
      ['Ny fane', '/kontakt', '_blank'],
    ]
    for (const [text, href, target] of links) {
      const link = Object.assign(document.createElement('a'), { textContent: text, href: href!, target: target! })
      document.querySelector('main')!.prepend(link)
    }
  })
  const newTab = context.waitForEvent('page')
  await page.getByRole('link', { name: 'Ny fane' }).click()
  await expect(await newTab).toHaveURL('/kontakt')

  const withCtrl = context.waitForEvent('page')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Referencer' }).click({ modifiers: ['ControlOrMeta'] })
  await expect(await withCtrl).toHaveURL('/referencer')
  await expect(page).toHaveURL('/om')

  const withShift = context.waitForEvent('page')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Referencer' }).click({ modifiers: ['Shift'] })
  await expect(await withShift).toHaveURL('/referencer')
  await expect(page).toHaveURL('/om')

  const feed = page.waitForResponse((response) => response.url().endsWith('/rss.xml'))
  await page.getByRole('link', { name: 'Feed' }).click()
  expect((await feed).headers()['content-type']).toContain('xml')
})

test('a download, a place on the same page and another site are the browser’s too', async ({ page }) => {
  await page.route('https://andet-sted.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Et andet sted</title>' }))
  await gotoInteractive(page, '/om')
  await page.evaluate(() => {
    const links = [
      ['Hent siden', '/kontakt', 'download'],
      ['Til indholdet', '#indhold', ''],
      ['Et andet sted', 'https://andet-sted.example/om', ''],
    ]
    for (const [text, href, download] of links) {
      const link = Object.assign(document.createElement('a'), { textContent: text, href: href! })
      if (download) link.setAttribute('download', '')
      document.querySelector('main')!.prepend(link)
    }
    window.addEventListener('hashchange', () => Object.assign(window, { hashChanged: true }))
  })
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Hent siden' }).click()
  expect((await download).url()).toMatch(/\/kontakt$/)
  await expect(page).toHaveURL('/om')

  // The browser's own jump: a hashchange, which a navigation of the router never fires.
  await page.getByRole('link', { name: 'Til indholdet' }).click()
  await expect(page).toHaveURL('/om#indhold')
  expect(await page.evaluate(() => 'hashChanged' in window)).toBe(true)

  await page.getByRole('link', { name: 'Et andet sted' }).click()
  await expect(page).toHaveURL('https://andet-sted.example/om')
  await expect(page).toHaveTitle('Et andet sted')
})
