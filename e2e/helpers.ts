import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Page, test as base, expect } from '@playwright/test'
import { OUTBOX, SERVER_LOG } from './environment'

export { expect }

const logSize = () => {
  try {
    return statSync(SERVER_LOG).size
  } catch {
    return 0
  }
}

/** Playwright's test, plus: when a test fails, the server's log lines written while it ran. */
export const test = base.extend<{ serverLog: void }>({
  serverLog: [
    async ({}, use, testInfo) => {
      const start = logSize()
      await use()
      if (testInfo.status !== testInfo.expectedStatus) {
        const lines = readFileSync(SERVER_LOG).subarray(start).toString('utf8').trim()
        if (lines) {
          await testInfo.attach('server.log', { body: lines, contentType: 'text/plain' })
          console.log(`Serverens log under testen »${testInfo.title}«:\n${lines}`)
        }
      }
    },
    { auto: true },
  ],
})

export const pages = [
  { path: '/', heading: 'Balance i krop og sjæl' },
  { path: '/om', heading: 'Hej, jeg er Birgitte Holm' },
  { path: '/ydelser', heading: 'Coaching, der passer til dit liv' },
  { path: '/blog', heading: 'Blog' },
  { path: '/blog/stress-er-ikke-svaghed', heading: 'Stress er ikke svaghed' },
  { path: '/blog/coaching-gavekort', heading: 'Gavekort til coaching: en gave med mening' },
  { path: '/referencer', heading: 'Referencer' },
  { path: '/kontakt', heading: 'Lad os tage en snak' },
  { path: '/privatlivspolitik', heading: 'Privatlivspolitik' },
]

/** Zero WCAG 2.2 A/AA violations, reported with the rule and the elements so a failure is useful. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(summary).toEqual([])
}

/** The e-mails the server wrote to the outbox for one recipient or reply-to address. */
export function emailsFor(address: string) {
  let files: string[] = []
  try {
    files = readdirSync(OUTBOX).filter((file) => file.endsWith('.json'))
  } catch {
    return []
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(OUTBOX, file), 'utf8')) as { to: string; replyTo?: string; subject: string; text: string })
    .filter((email) => email.to === address || email.replyTo === address)
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@eksempel.dk`
}

/** Opens a page and waits until its JavaScript has taken over (it loads after the first paint). */
export async function gotoInteractive(page: Page, path: string) {
  const response = await page.goto(path)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  return response
}
