import { readFileSync, statSync } from 'node:fs'
import { BASE_URL, SERVER_LOG } from './environment'
import { expect, expectNoAxeViolations, gotoInteractive, pages, test } from './helpers'
import { logLinesOf } from './log-lines'

test.describe('every page', () => {
  for (const { path, heading } of pages) {
    test(`${path} is served in Danish with its content, metadata and no accessibility violations`, async ({ page, request }) => {
      const html = await (await request.get(path)).text()
      // The content is in the HTML before any JavaScript runs.
      expect(html).toContain('<html lang="da"')
      expect(html).toContain(heading.replace(/&/g, '&amp;'))
      expect(html.match(/<link rel="canonical"/g)).toHaveLength(1)
      expect(html.match(/<meta name="description"/g)).toHaveLength(1)
      expect(html.match(/<meta property="og:image"/g)).toHaveLength(1)
      expect(html).toMatch(/<title>[^<]+ - Din Personlige Coach<\/title>/)

      const consoleErrors: string[] = []
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()))
      const foreignRequests: string[] = []
      page.on('request', (req) => !req.url().startsWith(BASE_URL) && !req.url().startsWith('data:') && foreignRequests.push(req.url()))

      await gotoInteractive(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expectNoAxeViolations(page)
      expect(foreignRequests).toEqual([])
      expect(consoleErrors).toEqual([])
    })
  }
})

test("the browser tab shows the site's icon, a PNG (an SVG icon is drawn on the page's main thread)", async ({ page, request }) => {
  await page.goto('/kontakt')
  const icons = page.locator('link[rel="icon"]')
  await expect(icons).toHaveCount(1)
  await expect(icons).toHaveAttribute('type', 'image/png')
  const icon = await request.get((await icons.getAttribute('href'))!)
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toBe('image/png')
  // The PNG's own header: 48 by 48 pixels, as the link says.
  const png = await icon.body()
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48])
  await expect(icons).toHaveAttribute('sizes', '48x48')
  // Phones look for their home-screen icon at this address without a link.
  expect((await request.get('/apple-touch-icon.png')).headers()['content-type']).toBe('image/png')
})

test('the home page describes the business as structured data', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const [, json] = html.match(/<script type="application\/ld\+json">([^<]+)<\/script>/) ?? []
  const business = JSON.parse(json ?? '{}')
  expect(business).toMatchObject({ '@type': 'ProfessionalService', foundingDate: '2007', address: { addressLocality: 'Fredericia' } })
})

test('the contact page says the form is not for acute help, with 112, Livslinien and lægevagten to call', async ({ page }) => {
  await page.goto('/kontakt')
  const note = page.getByText('Kontaktformularen er ikke beregnet til akut hjælp.')
  await expect(note).toBeVisible()
  for (const [name, href] of [['112', 'tel:112'], ['70 201 201', 'tel:+4570201201'], ['70 11 07 07', 'tel:+4570110707']] as const) {
    await expect(note.getByRole('link', { name })).toHaveAttribute('href', href)
  }
})

test('navigation marks exactly the current page', async ({ page }) => {
  await gotoInteractive(page, '/')
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' })
  await nav.getByRole('link', { name: 'Ydelser' }).click()
  await expect(page).toHaveURL('/ydelser')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coaching, der passer til dit liv')
  await expect(nav.locator('[aria-current="page"]:visible')).toHaveText('Ydelser')

  await nav.getByRole('link', { name: 'Blog' }).click()
  await page.getByRole('link', { name: /^Stress er ikke svaghed/ }).first().click()
  await expect(page).toHaveURL('/blog/stress-er-ikke-svaghed')
  // /blog/… is not /blog: no link is current on an article.
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0)
})

test('a new page starts at the top, and so does clicking the current page’s link', async ({ page }) => {
  await gotoInteractive(page, '/om')
  await page.evaluate(() => window.scrollTo(0, 1500))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Referencer' }).click()
  await expect(page).toHaveURL('/referencer')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  // Its clients and testimonials are the page's data (content/referencer.yaml): shown once they have come.
  await expect(page.getByRole('heading', { name: 'Det siger mine klienter' })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 1500))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Referencer' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

// The phone menu has its own spec (phone.spec.ts).
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('no page is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/ydelser', '/blog', '/kontakt', '/blog/stress-er-ikke-svaghed']) {
      await page.goto(path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
    }
  })
})

test('the header’s search shows its whole placeholder at 1024 and 1280 px, and the header never overflows', async ({ page }) => {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/')
    const fit = await page.locator('#soeg-top').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input)
      const context = document.createElement('canvas').getContext('2d')!
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
      return { placeholder: input.placeholder, text: Math.ceil(context.measureText(input.placeholder).width), room, overflow: document.documentElement.scrollWidth - window.innerWidth }
    })
    expect(fit.placeholder, `${width} px`).toBe('Søg i bloggen')
    expect(fit.text, `${width} px: »${fit.placeholder}« needs ${fit.text} px, the field has ${fit.room}`).toBeLessThanOrEqual(fit.room)
    expect(fit.overflow, `${width} px`).toBe(0)
  }
})

test('a skip link leads to the main content', async ({ page }) => {
  await gotoInteractive(page, '/om')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Spring til indhold' })
  await expect(skip).toBeFocused()
  await skip.press('Enter')
  await expect(page).toHaveURL(/#indhold$/)
})

test('an unknown path answers 404 with the Danish not-found page', async ({ page }) => {
  const response = await gotoInteractive(page, '/denne-side-findes-ikke')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Siden blev ikke fundet')
  await page.getByRole('link', { name: 'Gå til forsiden' }).click()
  await expect(page).toHaveURL('/')
})

test('the HTML of every page is valid (html-validate, recommended rules)', async ({ request }) => {
  const { HtmlValidate } = await import('html-validate')
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // How React serialises markup (<meta/>, charSet, hidden=""), not mistakes in it.
      'void-style': 'off',
      'attr-case': 'off',
      'attribute-empty-style': 'off',
      'attribute-boolean-style': 'off',
      'long-title': 'off',
    },
  })
  for (const { path } of [...pages, { path: '/findes-ikke' }]) {
    const report = await validator.validateString(await (await request.get(path)).text())
    const problems = report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))
    expect(problems, path).toEqual([])
  }
})

test('a page the browser revalidates (304) still runs its scripts', async ({ page }) => {
  const cspErrors: string[] = []
  page.on('console', (message) => message.type() === 'error' && cspErrors.push(message.text()))
  await gotoInteractive(page, '/om')
  const logStart = statSync(SERVER_LOG).size
  // A reload revalidates the cached page with its ETag; the server answers 304 without a body.
  await page.reload()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  const answered = logLinesOf(readFileSync(SERVER_LOG).subarray(logStart).toString('utf8'))
  expect(answered.filter((line) => line.path === '/om').map((line) => line.status)).toEqual([304])
  await page.setViewportSize({ width: 375, height: 740 })
  await page.locator('header summary').click()
  await expect(page.locator('#mobilmenu')).toBeVisible()
  expect(cspErrors).toEqual([])
})
