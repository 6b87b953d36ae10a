import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { printTable } from './table.ts'

/** The budget: what a phone downloads in JavaScript on its first visit to a page. */
export const FIRST_LOAD_BUDGET_BYTES = 100 * 1024

export type FirstLoad = { path: string; files: Array<{ name: string; gzip: number }>; gzip: number }

/**
 * Every script a page loads in Chromium until it is interactive and the network is quiet (so the
 * scripts that load after the first paint count too), each measured as gzip -9 of the built file.
 */
export async function firstLoadJavaScript(base: string, paths: string[]): Promise<FirstLoad[]> {
  const { chromium } = await import('@playwright/test')
  const executablePath = existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium'
  const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'] })
  const results: FirstLoad[] = []
  try {
    for (const path of paths) {
      const page = await browser.newPage()
      const scripts = new Set<string>()
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname)
      })
      await page.goto(`${base}${path}`)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await page.waitForLoadState('networkidle')
      const files = [...scripts].map((script) => ({ name: script.split('/').pop()!, gzip: gzipSync(readFileSync(join('dist/client', script)), { level: 9 }).length }))
      results.push({ path, files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) })
      await page.close()
    }
  } finally {
    await browser.close()
  }
  return results
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
