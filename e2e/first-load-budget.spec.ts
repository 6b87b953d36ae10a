import { DESK_REGISTRATION_LIMIT, deskShareOf, readChunkModules } from '../scripts/lib/desk-modules.ts'
import { FIRST_LOAD_BUDGET_BYTES, type FirstLoad, firstLoadOf, reactDomRenderers } from '../scripts/lib/first-load-js.ts'
import { request as apiRequest } from '@playwright/test'
import { BASE_URL } from './environment'
import { expect, test } from './helpers'
import { publicPagePaths } from './public-pages'

// The suite's own production build: what a phone downloads in JavaScript on its first visit to
// each public page, every script up to idle, gzip -9 (`npm run bench` prints the same table), and
// what those scripts are made of, by source module (the build's map, vite-plugins/chunk-modules.ts).
// Not serial: a page over budget must not hide a page that loads the desk (the pages are loaded
// again for the tests after a failure).

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
let loads: FirstLoad[] = []

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  const request = await apiRequest.newContext({ baseURL: BASE_URL })
  const paths = await publicPagePaths(request)
  await request.dispose()
  loads = []
  for (const path of paths) {
    // A fresh context each time, a phone's width: nothing comes from the cache of the page before.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    loads.push(await firstLoadOf(await context.newPage(), BASE_URL, path))
    await context.close()
  }
})

test('the client build holds one React DOM renderer: no second runtime, and not none', () => {
  expect(reactDomRenderers()).toHaveLength(1)
})

test(`no public page loads more than ${FIRST_LOAD_BUDGET_BYTES / 1024} kB of JavaScript before it is idle (gzip -9)`, () => {
  const overBudget: string[] = []
  for (const { path, gzip, files } of loads) {
    expect(files.length, `${path} loads the app's script`).toBeGreaterThan(0)
    if (gzip > FIRST_LOAD_BUDGET_BYTES) {
      const largest = [...files].sort((a, b) => b.gzip - a.gzip).map((file) => `${file.name} ${kb(file.gzip)}`)
      overBudget.push(`${path}: ${kb(gzip)} (${largest.join(', ')})`)
    }
  }
  expect(overBudget).toEqual([])
})

test('no public page loads a script that holds the desk’s code, only /coach’s route registration', () => {
  const chunks = readChunkModules()
  const found: string[] = []
  for (const { path, files } of loads) {
    const share = deskShareOf(
      files.map((file) => file.script),
      chunks,
    )
    // A script the build's map does not know could hold anything: it fails as well.
    for (const script of share.unknownScripts) found.push(`${path}: ${script} is not in the build's map of scripts`)
    for (const module of share.deskCode) found.push(`${path}: ${module}`)
    if (share.registration > DESK_REGISTRATION_LIMIT) found.push(`${path}: /coach's route registration is ${share.registration} characters (at most ${DESK_REGISTRATION_LIMIT})`)
  }
  expect(found).toEqual([])
})

test('the check sees the desk where it belongs: /coach loads the desk’s code', async ({ browser, baseURL }) => {
  const context = await browser.newContext()
  const { files } = await firstLoadOf(await context.newPage(), baseURL!, '/coach')
  await context.close()
  const share = deskShareOf(
    files.map((file) => file.script),
    readChunkModules(),
  )
  expect(share.unknownScripts).toEqual([])
  expect(share.deskCode.some((module) => module.startsWith('app/components/desk/'))).toBe(true)
  expect(share.registration).toBeGreaterThan(0)
})
