/**
 * `npm run lighthouse [-- <base-url>]`: Lighthouse (mobile, default simulated throttling) on the home
 * page, the blog, an article and the contact page, LIGHTHOUSE_RUNS times each (default 3). Prints
 * every run and the median. Without a URL it starts the production build on a temporary database
 * (build first with `npm run build`).
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { type RunningServer, boundedRun, startServer } from './lib/server-process.ts'
import { printTable } from './lib/table.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const paths = ['/', '/blog', '/blog/stress-er-ikke-svaghed', '/kontakt']
const work = mkdtempSync(join(tmpdir(), 'coach-lighthouse-'))

type Run = { performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; cls: number; tbt: number }
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function measure(base: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const rows: Array<Record<string, string>> = []
  try {
    for (const path of paths) {
      const runs: Run[] = []
      let failed = 0
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        if (!result) throw new Error(`Lighthouse gav intet resultat for ${path}`)
        const { categories, audits, runtimeError, runWarnings } = result.lhr
        if (runtimeError || categories.performance?.score == null) {
          // A run Lighthouse could not finish says nothing about the page; it is reported, not counted.
          console.error(`${path}, kørsel ${i + 1}: Lighthouse fejlede (${runtimeError?.code ?? 'ingen score'}) ${runWarnings.join(' ')}`)
          failed++
          continue
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
          cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
          tbt: audits['total-blocking-time']?.numericValue ?? 0,
        })
      }
      rows.push({
        side: path,
        'performance (kørsler)': runs.map((run) => run.performance).join(' / '),
        'performance (median)': String(median(runs.map((run) => run.performance))),
        'TBT ms (kørsler)': runs.map((run) => Math.round(run.tbt)).join(' / '),
        'TBT (median)': `${Math.round(median(runs.map((run) => run.tbt)))} ms`,
        'LCP (median)': `${(median(runs.map((run) => run.lcp)) / 1000).toFixed(1)} s`,
        'CLS (median)': median(runs.map((run) => run.cls)).toFixed(2),
        'a11y / bp / seo': [median(runs.map((run) => run.accessibility)), median(runs.map((run) => run.bestPractices)), median(runs.map((run) => run.seo))].join(' / '),
        'mislykkede kørsler': String(failed),
      })
    }
  } finally {
    await chrome.kill()
  }
  console.log(`Lighthouse, mobil med simuleret netværk og CPU, ${RUNS} kørsler pr. side, ${base}:`)
  printTable(rows)
}

const given = process.argv[2] ?? process.env.LIGHTHOUSE_URL
if (given) {
  await measure(given.replace(/\/$/, ''))
} else {
  await boundedRun('Lighthouse', work, async () => {
    let server: RunningServer | undefined
    try {
      server = await startServer(3430, { DATABASE_URL: join(work, 'site.db'), SITE_URL: 'http://127.0.0.1:3430', BACKGROUND_JOBS: 'off' })
      await measure(server.url)
    } finally {
      await server?.stop()
    }
  })
}
