import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type APIResponse, type Page, test as base, expect } from '@playwright/test'
import { OUTBOX, SERVER_LOG } from './environment'
import { type InstanceOptions, type ServerInstance, disposeServerInstance, startServerInstance } from './server-instance'

export { expect }

const logSize = () => {
  try {
    return statSync(SERVER_LOG).size
  } catch {
    return 0
  }
}

/**
 * Playwright's test, plus: when a test fails, the server's log lines written while it ran; and
 * `launchServer`, a production server of the test's own that ends with the test, pass or fail.
 */
export const test = base.extend<{ serverLog: void; launchServer: (options?: InstanceOptions) => Promise<ServerInstance> }>({
  serverLog: [
    async ({}, use, testInfo) => {
      const start = logSize()
      await use()
      if (testInfo.status !== testInfo.expectedStatus) {
        const lines = readFileSync(SERVER_LOG).subarray(start).toString('utf8').trim()
        // Printed, not attached: the reporters cut an attachment short after a few hundred characters.
        if (lines) console.log(`The server's log while this test ran:\n${lines}`)
      }
    },
    { auto: true },
  ],
  launchServer: async ({}, use, testInfo) => {
    const instances: ServerInstance[] = []
    await use(async (options) => {
      const instance = await startServerInstance(options)
      instances.push(instance)
      return instance
    })
    for (const [index, instance] of instances.entries()) {
      if (testInfo.status !== testInfo.expectedStatus) console.log(`The log of this test's server ${index + 1} (${instance.url}):\n${readFileSync(instance.logFile, 'utf8').trim()}`)
      await disposeServerInstance(instance)
    }
  },
})

/** The headers every response carries, whatever its status, method or path. */
export function expectSecurityHeaders(response: APIResponse, what = response.url()) {
  const headers = response.headers()
  const csp = headers['content-security-policy'] ?? ''
  // Only the site itself, and a page's own inline scripts by their hashes.
  expect(csp, what).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')*;/)
  expect(csp, what).not.toContain('unsafe-inline')
  expect(csp, what).not.toContain('unsafe-eval')
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "img-src 'self' data:"]) {
    expect(csp, what).toContain(directive)
  }
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy'], what).toContain('camera=()')
  // A page of its own browsing context group costs every first visit a new renderer process: only
  // the manage page of a booking, which shows one visitor's own data, sends it (booking.spec.ts).
  expect(headers['cross-origin-opener-policy'], what).toBeUndefined()
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['x-powered-by'], what).toBeUndefined()
  expect(headers.server, what).toBeUndefined()
}

export const pages = [
  { path: '/', heading: 'Balance i krop og sjæl' },
  { path: '/om', heading: 'Hej, jeg er Birgitte Holm' },
  { path: '/ydelser', heading: 'Coaching, der passer til dit liv' },
  { path: '/blog', heading: 'Blog' },
  { path: '/blog?side=2', heading: 'Blog' },
  { path: '/blog?kategori=stress', heading: 'Blog: Stress coaching' },
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

/** The e-mails a server wrote to its outbox for one recipient or reply-to address, with their files. */
export function emailsFor(address: string, outbox = OUTBOX) {
  let files: string[] = []
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.json'))
  } catch {
    return []
  }
  return files
    .map((file) => ({ file: join(outbox, file), ...(JSON.parse(readFileSync(join(outbox, file), 'utf8')) as { to: string; replyTo?: string; subject: string; text: string }) }))
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

/** What the form says once a message is safe and confirmed, and when it could not be sent. */
export const CONTACT_SUCCESS = 'Tak for din besked! Jeg har modtaget den og sendt dig en bekræftelse på e-mail. Du hører fra mig inden for én hverdag.'
export const CONTACT_FAILURE = 'Der opstod en fejl ved afsendelse. Prøv venligst igen.'

/** Fills the contact form as a visitor would, with a valid message unless the phone says otherwise. */
export async function fillContactForm(page: Page, email: string, phone = '20-30-40-50') {
  await page.getByRole('textbox', { name: 'Fornavn', exact: true }).fill('Mette')
  await page.getByRole('textbox', { name: 'Efternavn', exact: true }).fill('Sørensen')
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill(phone)
  await page.getByRole('combobox', { name: 'Type ydelse' }).selectOption('stress-coaching')
  await page.getByRole('textbox', { name: 'Besked', exact: true }).fill('Hej Birgitte\n\nJeg vil gerne booke en første samtale om stress.')
}
