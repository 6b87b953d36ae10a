import { FIRST_LOAD_BUDGET_BYTES, firstLoadOf, reactDomRenderers } from '../scripts/lib/first-load-js.ts'
import { expect, pages, test } from './helpers'

// The suite's own production build: what a phone downloads in JavaScript on its first visit to
// each page, every script up to idle, gzip -9 (`npm run bench` prints the same table).
test('the client build holds one React DOM renderer: no second runtime, and not none', () => {
  expect(reactDomRenderers()).toHaveLength(1)
})

test(`no page loads more than ${FIRST_LOAD_BUDGET_BYTES / 1024} kB of JavaScript before it is idle (gzip -9)`, async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const overBudget: string[] = []
  for (const { path } of [...pages, { path: '/siden-findes-ikke' }]) {
    // A fresh context each time: nothing comes from the cache of the page before.
    const context = await browser.newContext()
    const { gzip, files } = await firstLoadOf(await context.newPage(), baseURL!, path)
    await context.close()
    expect(files.length, `${path} loads the app's script`).toBeGreaterThan(0)
    if (gzip > FIRST_LOAD_BUDGET_BYTES) {
      const largest = [...files].sort((a, b) => b.gzip - a.gzip).map((file) => `${file.name} ${(file.gzip / 1024).toFixed(1)} kB`)
      overBudget.push(`${path}: ${(gzip / 1024).toFixed(1)} kB (${largest.join(', ')})`)
    }
  }
  expect(overBudget).toEqual([])
})
