import type { Page } from '@playwright/test'
import { expect, gotoInteractive, test } from './helpers'

// The app's script waits for the page's largest element, the cover or portrait, to be on screen
// (components/layout/document-assets.tsx): on a slow phone, the image is shown before the script
// competes with anything. Here the cover is kept off screen (visibility) until 500 ms after the load.
test.use({ viewport: { width: 390, height: 844 } })

/** When the page finished loading and when it requested the app's script, on the page's clock. */
const scriptTiming = (page: Page) =>
  page.evaluate(() => ({
    loadedAt: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
    scriptRequestedAt: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))?.startTime,
  }))

test('the app script is requested once the cover is shown, not before', async ({ page }) => {
  await page.addInitScript(() => {
    const hidden = new CSSStyleSheet()
    hidden.replaceSync('img[fetchpriority="high"] { visibility: hidden }')
    document.adoptedStyleSheets = [hidden]
    addEventListener('load', () =>
      setTimeout(() => {
        document.adoptedStyleSheets = []
        Object.assign(window, { coverShownAt: performance.now() })
      }, 500),
    )
  })
  await gotoInteractive(page, '/blog/stress-er-ikke-svaghed')
  const coverShownAt = await page.evaluate(() => (window as { coverShownAt?: number }).coverShownAt)
  const { scriptRequestedAt } = await scriptTiming(page)
  expect(coverShownAt).toBeDefined()
  expect(scriptRequestedAt).toBeGreaterThan(coverShownAt!)
})

test('a page whose largest element is text loads the app script right after the load', async ({ page }) => {
  await gotoInteractive(page, '/kontakt')
  const { loadedAt, scriptRequestedAt } = await scriptTiming(page)
  // One frame after the load (no waiting for the two-second safety margin).
  expect(scriptRequestedAt! - loadedAt).toBeLessThan(500)
})

test('a heading larger than the portrait, though smaller than portrait and border, starts the app script at once', async ({ page }) => {
  // A wide border leaves the portrait a small picture inside a large box: the heading is the
  // largest element painted, and the picture itself never becomes one.
  await page.addInitScript(() => {
    const wideBorder = new CSSStyleSheet()
    wideBorder.replaceSync('img[fetchpriority="high"] { border-width: 60px !important }')
    document.adoptedStyleSheets = [wideBorder]
  })
  await gotoInteractive(page, '/')
  const { loadedAt, scriptRequestedAt } = await scriptTiming(page)
  // Not the two-second safety margin.
  expect(scriptRequestedAt! - loadedAt).toBeLessThan(1000)
})
