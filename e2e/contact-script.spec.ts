import { emailsFor, expect, gotoInteractive, test, uniqueEmail } from './helpers'

// The contact form's checks and its server-function client are not part of the page's first load:
// they come when the visitor first reaches for the form.
const SENDING_CHUNKS = /\/assets\/(contact-schema|createServerFn)-[\w-]+\.js$/

test('the form fetches what sending takes on first focus, not with the page', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (request) => SENDING_CHUNKS.test(new URL(request.url()).pathname) && fetched.push(request.url()))
  await gotoInteractive(page, '/kontakt')
  await page.waitForLoadState('networkidle')
  expect(fetched).toEqual([])

  await page.getByRole('textbox', { name: 'Fornavn', exact: true }).focus()
  await expect.poll(() => ['contact-schema', 'createServerFn'].filter((name) => fetched.some((url) => url.includes(`/${name}-`)))).toHaveLength(2)
})

test('when that script cannot load, the form posts as it does without JavaScript', async ({ page }) => {
  await page.route(SENDING_CHUNKS, (route) => route.abort())
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
