import { expect, test } from './helpers'

// The app's script runs after the page has loaded and painted, so a visitor may already have
// scrolled (or pressed End) when it does. Its first render must leave the page where it is; the
// router's default, a scroll to the top as after a navigation, threw such visitors back up.
for (const path of ['/', '/blog', '/blog/stress-er-ikke-svaghed']) {
  test(`${path}: the app taking over leaves the page where the visitor scrolled it`, async ({ page }) => {
    // The script is held back until the visitor has scrolled.
    let release = () => {}
    const held = new Promise<void>((done) => (release = done))
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(path)
    await page.evaluate(() => scrollTo(0, 1200))
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(1200)
    release()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    // A frame or two for the router's first render to have done whatever it does.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(await page.evaluate(() => scrollY)).toBe(1200)
  })
}
