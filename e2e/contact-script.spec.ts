import type { Page } from '@playwright/test'
import { emailsFor, expect, gotoInteractive, test, uniqueEmail } from './helpers'

// The contact form's checks and the server-function client are not part of the page's first load:
// they come when the visitor first reaches for the form. Known by their content, whatever the
// bundler names their files: the client's response header, one of the checks' messages.
const SENDING_SCRIPT = { 'the server-function client': 'x-tss-serialized', "the form's checks": 'Skriv din e-mailadresse.' }
const partsOf = (script: string) => Object.entries(SENDING_SCRIPT).filter(([, marker]) => script.includes(marker)).map(([part]) => part)

function sendingScriptsLoaded(page: Page) {
  const loaded = new Set<string>()
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    for (const part of partsOf(await response.text().catch(() => ''))) loaded.add(part)
  })
  return loaded
}

test('the form fetches what sending takes on first focus, not with the page', async ({ page }) => {
  const loaded = sendingScriptsLoaded(page)
  await gotoInteractive(page, '/kontakt')
  await page.waitForLoadState('networkidle')
  expect([...loaded]).toEqual([])

  await page.getByRole('textbox', { name: 'Fornavn', exact: true }).focus()
  await expect.poll(() => [...loaded].sort()).toEqual(Object.keys(SENDING_SCRIPT).sort())
})

test('when that script cannot load, the form posts as it does without JavaScript', async ({ page }) => {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    // A script still on its way when the form's post leaves the page goes with the page (Playwright:
    // "Response has been disposed"): there is nothing left to answer.
    const response = await route.fetch().catch(() => undefined)
    const body = await response?.text().catch(() => undefined)
    if (response === undefined || body === undefined) return
    if (partsOf(body).length > 0) return route.abort().catch(() => {})
    return route.fulfill({ response, body }).catch(() => {})
  })
  const email = uniqueEmail('uden-script')
  await gotoInteractive(page, '/kontakt')
  await page.getByRole('textbox', { name: 'Fornavn', exact: true }).fill('Mette')
  await page.getByRole('textbox', { name: 'Efternavn', exact: true }).fill('Sørensen')
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('21 43 65 87')
  await page.getByRole('textbox', { name: 'Besked', exact: true }).fill('Hej Birgitte, jeg vil gerne høre mere om coaching.')
  await page.getByRole('button', { name: 'Send besked' }).click()

  await expect(page).toHaveURL(/\/kontakt\?status=(sendt|modtaget)/)
  await expect(page.getByText('Tak for din besked!')).toBeVisible()
  await expect.poll(() => emailsFor(email).length).toBe(2)
})
