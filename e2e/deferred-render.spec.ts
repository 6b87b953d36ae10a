import { type Locator, type Page } from '@playwright/test'
import { expect, gotoInteractive, test } from './helpers'

// What a phone does not show at first (the sections below a page's hero, the related articles,
// article cards, the footer) is skipped by the browser until the visitor scrolls near it
// (content-visibility, the `defer-render` utility): the first render costs only the first screen.
// A visitor must never notice: the content is there when they reach it, and nothing jumps.
test.use({ viewport: { width: 390, height: 844 } })

/** Whether the browser renders what the element holds, or skips it as off screen. */
const isRendered = (block: Locator) => block.locator('> *').first().evaluate((child) => child.checkVisibility({ contentVisibilityAuto: true }))

const privacyLinkInFooter = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Sider' }).getByRole('link', { name: 'Privatlivspolitik' })

/**
 * Counts the layout shifts from now on, as CLS counts them. It starts once the fonts are in: what
 * the font swap moves is another matter (Lighthouse's CLS on every page covers the load).
 */
async function startCountingShifts(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    // The frame that lays the page out again in the web fonts comes after they are ready.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame)
    const counted = window as { shifts?: number }
    counted.shifts = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) counted.shifts! += entry.value
      }
    }).observe({ type: 'layout-shift' })
  })
  return () => page.evaluate(() => (window as { shifts?: number }).shifts)
}

/** Scrolls by the wheel, a screen at a time as a thumb does, to the end of the page. */
async function scrollToEnd(page: Page) {
  for (let step = 0; step < 40; step++) {
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(50)
    if (await page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1)) return
  }
  throw new Error('the end of the page was not reached')
}

test('the home page renders its first screen only; the rest is there as the visitor scrolls, without a jump', async ({ page }) => {
  await page.goto('/')
  const shifts = await startCountingShifts(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Balance i krop og sjæl' })).toBeVisible()
  expect(await isRendered(page.locator('main section').first())).toBe(true)
  expect(await isRendered(page.locator('footer'))).toBe(false)
  expect(await isRendered(page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Nyeste artikler' }) }))).toBe(false)

  // Skipped is not gone: the footer's links are in the page for find-in-page and screen readers.
  await expect(privacyLinkInFooter(page)).toHaveCount(1)

  await scrollToEnd(page)
  expect(await isRendered(page.locator('footer'))).toBe(true)
  await expect(privacyLinkInFooter(page)).toBeInViewport()
  expect(await shifts()).toBe(0)

  await privacyLinkInFooter(page).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privatlivspolitik' })).toBeVisible()
})

test('the blog renders the cards of its first screen; the rest as the visitor scrolls near them', async ({ page }) => {
  await page.goto('/blog')
  const cards = page.locator('main li:has(> article)')
  await expect(cards).toHaveCount(12)
  expect(await isRendered(cards.first())).toBe(true)
  expect(await isRendered(cards.last())).toBe(false)
  await scrollToEnd(page)
  expect(await isRendered(cards.last())).toBe(true)
})

/*
 * The scrolling visitors below start once the page has become interactive. While the app's script
 * starts, its tasks hold up the browser's frames, and a jump can outrun what the browser renders
 * ahead of the screen: measured with a six times slower processor, a section then moved by a few
 * pixels in 1–2 of 20 runs, and in none once the page had started (docs/performance.md).
 */
for (const path of ['/blog', '/blog/stress-er-ikke-svaghed', '/kontakt']) {
  test(`${path}: scrolling down and back up moves nothing on screen`, async ({ page }) => {
    await gotoInteractive(page, path)
    const shifts = await startCountingShifts(page)
    expect(await isRendered(page.locator('footer'))).toBe(false)
    await scrollToEnd(page)
    expect(await isRendered(page.locator('footer'))).toBe(true)
    // Straight back to the top, past whatever was never rendered on the way, then down once more.
    await page.keyboard.press('Home')
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
    await scrollToEnd(page)
    expect(await shifts()).toBe(0)
  })
}

for (const [path, heading] of [['/', 'Balance i krop og sjæl'], ['/blog', 'Blog']] as const) {
  test(`${path}: a visitor who jumps to the end and scrolls up sees each part appear in place`, async ({ page }) => {
    await gotoInteractive(page, path)
    const shifts = await startCountingShifts(page)
    await page.keyboard.press('End')
    await expect(privacyLinkInFooter(page)).toBeInViewport()
    for (let step = 0; step < 60 && (await page.evaluate(() => scrollY)) > 0; step++) {
      await page.mouse.wheel(0, -400)
      await page.waitForTimeout(50)
    }
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeInViewport()
    expect(await shifts()).toBe(0)
  })
}
