import { expect, gotoInteractive, test } from './helpers'

// A cached page can be hours old when a visitor opens it; the data that came inside it stays fresh
// for the page view, so taking the page over costs no server-function call.
test('a page rendered long ago makes no server-function call when it is opened', async ({ page }) => {
  for (const path of ['/blog', '/blog/stress-er-ikke-svaghed']) {
    await page.request.get(path) // rendered and cached now
    // The browser's clock runs two hours ahead of the render: well past any query's stale time.
    await page.clock.install({ time: Date.now() + 2 * 60 * 60 * 1000 })
    const calls: string[] = []
    page.on('request', (request) => request.url().includes('/_serverFn/') && calls.push(request.url()))
    await gotoInteractive(page, path)
    await page.waitForLoadState('networkidle')
    expect(calls, path).toEqual([])
  }
})
