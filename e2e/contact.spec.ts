import { CONTACT_FAILURE as FAILURE, CONTACT_SUCCESS as SUCCESS, emailsFor, expect, fillContactForm as fillForm, gotoInteractive, test, uniqueEmail } from './helpers'

const PHONE_HINT = 'Skriv et telefonnummer på mindst 8 cifre, fx 12 34 56 78 eller +45 12 34 56 78.'

test('the contact page has the form, the facts and the FAQ', async ({ page }) => {
  await gotoInteractive(page, '/kontakt')
  await expect(page.getByRole('heading', { name: 'Send mig en besked' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Besked', exact: true })).toHaveAttribute('rows', '6')
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAttribute('type', 'email')
  await expect(page.getByRole('combobox', { name: 'Type ydelse' }).locator('option')).toHaveCount(7)
  await expect(page.getByText('Mandag–fredag kl. 9.00–17.00').first()).toBeVisible()
  await expect(page.getByText('Kun efter aftale')).toBeVisible()
  await expect(page.getByText('60–90 minutter')).toBeVisible()
  await expect(page.getByText(/3–5 samtaler/)).toBeVisible()
  await expect(page.locator('#kontaktformular').getByRole('link', { name: 'privatlivspolitik' })).toHaveAttribute('href', '/privatlivspolitik')
  const html = await (await page.request.get('/kontakt')).text()
  expect(html).toContain('"@type":"FAQPage"')
})

test('with JavaScript: sending, success, cleared fields and two e-mails', async ({ page }) => {
  const email = uniqueEmail('js')
  await gotoInteractive(page, '/kontakt')
  await fillForm(page, email)
  // Holding the answer back a moment makes the sending state observable.
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Send besked' }).click()
  await expect(page.getByRole('button', { name: 'Sender besked...' })).toBeDisabled()
  await expect(page.getByText(SUCCESS)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Fornavn', exact: true })).toHaveValue('')
  await expect(page.getByRole('textbox', { name: 'Besked', exact: true })).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Send besked' })).toBeEnabled()

  await expect.poll(() => emailsFor(email).length).toBe(2)
  const [toCoach] = emailsFor(email).filter((mail) => mail.replyTo === email)
  expect(toCoach?.subject).toBe('Ny besked fra Mette Sørensen via hjemmesiden')
  expect(toCoach?.text).toContain('Jeg vil gerne booke en første samtale om stress.')
})

test('with JavaScript: a failed request shows the red message and can be sent again', async ({ page }) => {
  const email = uniqueEmail('fejl')
  await gotoInteractive(page, '/kontakt')
  await fillForm(page, email)
  await page.route('**/_serverFn/**', (route) => route.abort())
  await page.getByRole('button', { name: 'Send besked' }).click()
  await expect(page.getByText(FAILURE)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Fornavn', exact: true })).toHaveValue('Mette')

  await page.unroute('**/_serverFn/**')
  await page.getByRole('button', { name: 'Send besked' }).click()
  await expect(page.getByText(SUCCESS)).toBeVisible()
  await expect.poll(() => emailsFor(email).length).toBe(2)
})

test('with JavaScript: a server error answer also shows the red message', async ({ page }) => {
  await gotoInteractive(page, '/kontakt')
  await fillForm(page, uniqueEmail('500'))
  await page.route('**/_serverFn/**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }))
  await page.getByRole('button', { name: 'Send besked' }).click()
  await expect(page.getByText(FAILURE)).toBeVisible()
})

test('with JavaScript: a wrong field is explained next to it, before anything is sent', async ({ page }) => {
  await gotoInteractive(page, '/kontakt')
  const posts: string[] = []
  page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())))
  await fillForm(page, uniqueEmail('felt'), '12')
  await page.getByRole('button', { name: 'Send besked' }).click()
  await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(PHONE_HINT)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toBeFocused()
  // The form's own check answered: nothing went to the server.
  expect(posts).toEqual([])
})

test('a message without a phone number is sent, and the coach reads that none was given', async ({ page }) => {
  const email = uniqueEmail('uden-telefon')
  await gotoInteractive(page, '/kontakt')
  await fillForm(page, email, '')
  await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).not.toHaveAttribute('required')
  await page.getByRole('button', { name: 'Send besked' }).click()
  await expect(page.getByText(SUCCESS)).toBeVisible()
  await expect.poll(() => emailsFor(email).length).toBe(2)
  const toCoach = emailsFor(email).find((sent) => sent.replyTo === email)
  expect(toCoach?.text).toContain('Telefon: Ikke angivet')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a plain post is stored, mailed, and answered with the green message', async ({ page }) => {
    const email = uniqueEmail('nojs')
    await page.goto('/kontakt')
    await fillForm(page, email)
    await page.getByRole('button', { name: 'Send besked' }).click()
    await expect(page).toHaveURL('/kontakt?status=sendt#kontaktformular')
    expect(page.url()).not.toContain('Mette')
    await expect(page.getByText(SUCCESS)).toBeVisible()
    await expect.poll(() => emailsFor(email).length).toBe(2)
  })

  test('a wrong phone number is caught by the browser: nothing is sent, nothing typed is lost', async ({ page }) => {
    const email = uniqueEmail('nojs-felt')
    await page.goto('/kontakt')
    await fillForm(page, email, 'ring mig')
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await page.getByRole('button', { name: 'Send besked' }).click()
    await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveJSProperty('validity.patternMismatch', true)
    await expect(page).toHaveURL('/kontakt')
    await expect(page.getByRole('textbox', { name: 'Fornavn', exact: true })).toHaveValue('Mette')
    expect(posts).toEqual([])
    expect(emailsFor(email)).toHaveLength(0)
  })

  test('a wrong field that gets past the browser comes back marked, without the visitor’s data in the URL', async ({ page }) => {
    const email = uniqueEmail('nojs-server')
    await page.goto('/kontakt')
    await fillForm(page, email)
    // An old browser that ignores pattern: the server is the authority and answers the same way.
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).evaluate((input) => input.removeAttribute('pattern'))
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('12 34')
    await page.getByRole('button', { name: 'Send besked' }).click()
    // The page itself answers, with what was typed: the address stays /kontakt.
    await expect(page).toHaveURL('/kontakt')
    await expect(page.getByRole('textbox', { name: 'Besked', exact: true })).toHaveValue('Hej Birgitte\n\nJeg vil gerne booke en første samtale om stress.')
    await expect(page.getByText('Beskeden blev ikke sendt. Ret venligst de markerede felter, og prøv igen.')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(PHONE_HINT)).toBeVisible()
    expect(emailsFor(email)).toHaveLength(0)
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the confirmation after sending is on screen, announced and focused', async ({ page }) => {
    const email = uniqueEmail('phone')
    await gotoInteractive(page, '/kontakt')
    await fillForm(page, email)
    await page.getByRole('button', { name: 'Send besked' }).click()
    const confirmation = page.getByText(SUCCESS)
    await expect(confirmation).toBeInViewport({ ratio: 1 })
    await expect(confirmation).toBeFocused()
    await expect(page.locator('[aria-live="polite"]')).toContainText(SUCCESS)
    await expect.poll(() => emailsFor(email).length).toBe(2)
  })
})
