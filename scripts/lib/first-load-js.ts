import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { printTable } from './table.ts'

/**
 * What a phone may download in JavaScript on its first visit to a public page, gzip -9: 95 kB
 * (issue 44; docs/performance.md). React and React DOM are held at 19.1, whose client is 10.4 kB
 * smaller than 19.3's (view transitions, fragment refs, Activity and useEffectEvent, none of which
 * the site uses); what only renders comes rendered from the server, heads included.
 */
export const FIRST_LOAD_BUDGET_BYTES = 95 * 1024
const CLIENT_BUILD = 'dist/client'

/** `script` is the file's address on the site (`/assets/…`), `name` its file name. */
export type FirstLoad = { path: string; files: Array<{ script: string; name: string; gzip: number }>; gzip: number }

/**
 * Every script a page loads in Chromium until it is interactive and the network is quiet (so the
 * scripts that load after the first paint count too), each measured as gzip -9 of the built file:
 * every script requested, and every script and module preload the document names, requested or not.
 */
export async function firstLoadOf(page: Page, base: string, path: string): Promise<FirstLoad> {
  const scripts = new Set<string>()
  const record = (request: { resourceType: () => string; url: () => string }) => {
    if (request.resourceType() === 'script') scripts.add(request.url())
  }
  page.on('request', record)
  try {
    await page.goto(`${base}${path}`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
  } finally {
    page.off('request', record)
  }
  const named = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=modulepreload][href]')].map((element) => ('src' in element ? element.src : element.href)))
  for (const url of named) scripts.add(url)
  // The site's own scripts: its CSP allows no other.
  const ownScripts = [...new Set([...scripts].filter((url) => new URL(url).origin === new URL(base).origin).map((url) => new URL(url).pathname))]
  const files = ownScripts.map((script) => ({ script, name: script.split('/').pop()!, gzip: gzipSync(readFileSync(join(CLIENT_BUILD, script)), { level: 9 }).length }))
  return { path, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) }
}

/** firstLoadOf for each path, each in a fresh page of a Chromium of its own. */
export async function firstLoadJavaScript(base: string, paths: string[]): Promise<FirstLoad[]> {
  const { chromium } = await import('@playwright/test')
  const executablePath = existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium'
  const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'] })
  const results: FirstLoad[] = []
  try {
    for (const path of paths) {
      const page = await browser.newPage()
      results.push(await firstLoadOf(page, base, path))
      await page.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

/**
 * The client build's copies of react-dom's renderer, found by the name it gives React's developer
 * tools. Exactly one belongs there: none means another runtime renders the site, two mean a page
 * can load React twice.
 */
export function reactDomRenderers(clientDir = CLIENT_BUILD) {
  const assets = join(clientDir, 'assets')
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => (readFileSync(join(assets, file), 'utf8').match(/rendererPackageName:\s*["'`]react-dom["'`]/g) ?? []).map(() => file))
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

export function printFirstLoadJavaScript(results: FirstLoad[]) {
  console.log(`JavaScript ved første besøg (gzip -9 af hver fil siden henter, målt i Chromium; budget ${kb(FIRST_LOAD_BUDGET_BYTES)}):`)
  printTable(
    results.map(({ path, files, gzip }) => ({
      side: path,
      filer: files.length,
      'JavaScript (gzip)': kb(gzip),
      'inden for budget': gzip <= FIRST_LOAD_BUDGET_BYTES ? 'ja' : 'NEJ',
      'største filer': [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 3).map((file) => `${file.name} ${kb(file.gzip)}`).join(', '),
    })),
  )
  console.log()
}
