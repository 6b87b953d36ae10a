import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_LOAD_BUDGET_BYTES, firstLoadOf } from '../scripts/lib/first-load-js.ts'
import type { FakeStripe } from '../tests/fake-stripe/fake-stripe'
import { site } from './content.ts'
import { emailsFor, expect, expectNoAxeViolations, test, uniqueEmail } from './helpers'
import { type PaidSite, startPaidSite } from './paid-site'
import { SERVER_START_TIMEOUT_MS, type ServerInstance } from './server-instance'

// A klippekort from the client's phone (390 px): bought on /ydelser through the fake Stripe's
// hosted page, two sessions booked from the card's page without paying again, the balance on the
// page and on the coach's desk; axe on every new page. A server of its own with the tests' facts
// (their klippekort) and Stripe pointed at a fake (startPaidSite, as e2e/paid-session.spec.ts has).

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ viewport: { width: 390, height: 844 } })

let paid: PaidSite | undefined
let server: ServerInstance
let fake: FakeStripe
let cardPath = ''
const email = uniqueEmail('klippekort')

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS)
  paid = await startPaidSite('klippekort')
  ;({ server, fake } = paid)
})

test.afterAll(async () => {
  await paid?.dispose()
})

const mailTo = (address: string) => emailsFor(address, server.outbox).filter((mail) => mail.to === address)

test('buys a klippekort on the fake Stripe page and books two sessions from its page without paying again', async ({ page }) => {
  await page.goto(`${server.url}/ydelser`)
  await page.getByRole('link', { name: /^Køb klippekort.*Klippekort, 5 coachingsamtaler/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Klippekort, 5 coachingsamtaler' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('textbox', { name: 'Navn' }).fill('Mette Sørensen')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'Telefon' }).fill('20 30 40 50')
  const terms = page.getByRole('checkbox', { name: /Jeg har læst og accepterer vilkårene/ })
  const early = page.getByRole('checkbox', { name: /Jeg beder udtrykkeligt om at kunne bruge klippekortet med det samme/ })
  await expect(terms).not.toBeChecked()
  await expect(early).not.toBeChecked()
  await terms.check()
  await early.check()
  await page.getByRole('button', { name: 'Gå til betaling' }).click()
  await expect(page.getByRole('heading', { name: /^Betal 3\.?825,00 kr\.$/ })).toBeVisible()
  const [session] = [...fake.sessions.values()].filter((candidate) => candidate.customer_email === email)
  expect(session).toMatchObject({ currency: 'dkk', amount_total: 382_500 })
  await page.getByRole('button', { name: 'Betal' }).click()

  await expect(page).toHaveURL(/\/ordre\/[A-Za-z0-9_-]{32}\?status=klippekort-betalt#status$/)
  await expect(page.getByText(/^Tak – dit klippekort er betalt\./)).toBeVisible()
  await expectNoAxeViolations(page)
  await expect.poll(() => mailTo(email).filter((mail) => mail.subject === 'Dit klippekort: 5 sessioner').length).toBe(1)
  const confirmation = mailTo(email).find((mail) => mail.subject === 'Dit klippekort: 5 sessioner')!
  cardPath = /\/klippekort\/[A-Za-z0-9_-]{32}/.exec(confirmation.text)![0]
  await page.getByRole('link', { name: 'Gå til dit klippekort og book en session' }).click()
  await expect(page).toHaveURL(new RegExp(`${cardPath}$`))

  await expect(page.getByRole('heading', { level: 1, name: 'Klippekort, 5 coachingsamtaler' })).toBeVisible()
  await expect(page.getByTestId('klip-tilbage')).toHaveText('5 af 5 klip')
  await expectNoAxeViolations(page)
  for (const left of [4, 3]) {
    const select = page.getByRole('combobox', { name: 'Vælg en tid' })
    const first = await select.locator('option:not([disabled])').first().getAttribute('value')
    await select.selectOption(first!)
    await page.getByRole('radio', { name: /video/i }).check()
    await page.getByRole('button', { name: 'Book sessionen (1 klip)' }).click()
    await expect(page.getByRole('status')).toContainText('Din session er booket.')
    await expect(page.getByTestId('klip-tilbage')).toHaveText(`${left} af 5 klip`)
  }
  await expect(page.getByRole('link', { name: /^Flyt eller aflys/ })).toHaveCount(2)
  await expectNoAxeViolations(page)
  // One payment in all: the card's.
  expect([...fake.sessions.values()].filter((candidate) => candidate.customer_email === email)).toHaveLength(1)
})

/** The outbox's sign-in e-mails for the desk (the e-mail goes out after the answer). */
const signInFiles = () => (existsSync(server.outbox) ? readdirSync(server.outbox) : []).filter((name) => name.startsWith('desk-link-') && !name.endsWith('.tmp'))
const newestSignInLink = (before: string[]) => {
  const file = signInFiles()
    .filter((name) => !before.includes(name))
    .sort((a, b) => statSync(join(server.outbox, a)).mtimeMs - statSync(join(server.outbox, b)).mtimeMs)[0]
  return file && /https?:\/\/[^\s]+\/coach\/link\/[A-Za-z0-9_-]{43}/.exec((JSON.parse(readFileSync(join(server.outbox, file), 'utf8')) as { text: string }).text)?.[0]
}

test('the coach sees the balance on her desk, per client and per purchase', async ({ page }) => {
  expect(cardPath, 'the first test bought a card').not.toBe('')
  await page.goto(`${server.url}/coach`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(site.email)
  const before = signInFiles()
  await page.getByRole('button', { name: 'Send mig et link' }).click()
  await expect.poll(() => newestSignInLink(before)).toBeTruthy()
  await page.goto(newestSignInLink(before)!)
  await page.getByRole('button', { name: 'Log ind' }).click()
  await page.getByRole('link', { name: 'Mette Sørensen: 3 klip tilbage' }).first().click()
  await expect(page.getByTestId('klip-i-alt')).toHaveText('I alt 3 klip tilbage')
  await expect(page.getByRole('heading', { name: 'Klippekort, 5 coachingsamtaler: 3 af 5 klip tilbage' })).toBeVisible()
  await expectNoAxeViolations(page)
})

// The shared server's facts have no klippekort: measured here, as e2e/paid-session.spec.ts measures the paid pages.
test(`the klippekort pages stay within the first-load budget of ${FIRST_LOAD_BUDGET_BYTES / 1024} kB (gzip -9)`, async ({ browser }) => {
  expect(cardPath, 'the first test bought a card').not.toBe('')
  const over: string[] = []
  for (const path of ['/klippekort/koeb/klippekort-5', cardPath, '/ydelser']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const { gzip } = await firstLoadOf(await context.newPage(), server.url, path)
    await context.close()
    console.log(`first load ${path.replace(/[A-Za-z0-9_-]{32}$/, '<token>')}: ${(gzip / 1024).toFixed(1)} kB`)
    if (gzip > FIRST_LOAD_BUDGET_BYTES) over.push(`${path}: ${(gzip / 1024).toFixed(1)} kB`)
  }
  expect(over).toEqual([])
})
