/**
 * `npm run lighthouse [-- <base-url>]`: Lighthouse (mobile, default simulated throttling) against a
 * running server, default http://localhost:3000. Builds nothing. Prints the four category scores
 * and LCP, CLS and TBT for the home page, the blog, an article and the contact page.
 */
import { existsSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { printTable } from './lib/table.ts'

const base = (process.argv[2] ?? process.env.LIGHTHOUSE_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const paths = ['/', '/blog', '/blog/stress-er-ikke-svaghed', '/kontakt']

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
})

type Row = Record<string, string>
const rows: Row[] = []
try {
  for (const path of paths) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse gav intet resultat for ${path}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100))
    rows.push({
      side: path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      LCP: audits['largest-contentful-paint']?.displayValue ?? '',
      CLS: audits['cumulative-layout-shift']?.displayValue ?? '',
      TBT: audits['total-blocking-time']?.displayValue ?? '',
    })
    for (const [id, category] of Object.entries(categories)) {
      if ((category.score ?? 0) < 1) {
        const failing = category.auditRefs
          .map((ref) => audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
          .map((audit) => `${audit!.id} (${audit!.displayValue ?? audit!.score})`)
        if (failing.length) console.error(`${path} ${id}: ${failing.slice(0, 6).join(', ')}`)
      }
    }
  }
} finally {
  await chrome.kill()
}

printTable(rows)
