import { expect, test } from './helpers'

// The text font often arrives after the first paint: the page is shown in its fallback face
// (Arial sized to Source Sans 3) and laid out again when the font comes. On the blog's first
// screen nothing may move then: the category chips have a fallback of their own, and a card's
// category sits at the end of its line (app/styles.css, post-card.tsx). Lighthouse's phone.
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })

test('the text font arriving late moves nothing on the first screen of /blog', async ({ page }) => {
  let delayed = 0
  await page.route(/source-sans-3-[\w-]+\.woff2$/, async (route) => {
    delayed++
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = []
    Object.assign(window, { shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }>) {
        shifts.push({ value: entry.value, sources: entry.sources.map((source) => source.node?.textContent?.slice(0, 40) ?? '') })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/blog')
  const shifts = await page.evaluate(async () => {
    await document.fonts.ready
    // The frame that lays the page out again in the text font comes after the font is ready.
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame)
    return (window as { shifts?: unknown }).shifts
  })
  expect(delayed).toBe(1)
  expect(await page.evaluate(() => document.fonts.check('500 14px "Source Sans 3 Variable"'))).toBe(true)
  expect(shifts).toEqual([])
})
