import { site } from './content.ts'
import { expect, test } from './helpers'

// One clear way to book, everywhere: »Book tid« in the header on a phone and on a desktop, »Book en
// samtale« on the home page and in the closing card lead to /book-samtale, and the contact form is
// one click away (»Skriv til mig«) wherever a visitor is asked to book.

for (const [device, viewport] of [
  ['a phone', { width: 390, height: 844 }],
  ['a desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on ${device} the header's »Book tid« leads to the free times, on every kind of page`, async ({ page }) => {
    await page.setViewportSize(viewport)
    for (const path of ['/', '/om', '/blog/stress-er-ikke-svaghed', '/kontakt', '/siden-findes-ikke']) {
      await page.goto(path)
      const book = page.getByRole('banner').getByRole('link', { name: 'Book tid' })
      await expect(book, path).toBeVisible()
      await expect(book, path).toHaveAttribute('href', '/book-samtale')
    }
    await page.getByRole('banner').getByRole('link', { name: 'Book tid' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg en tid' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Book tid' })).toHaveAttribute('aria-current', 'page')
  })
}

test('the header holds the logo on one line, »Book tid« and the menu side by side, from 320 px up', async ({ page }) => {
  for (const width of [320, 359, 375, 390]) {
    await page.setViewportSize({ width, height: 640 })
    await page.goto('/')
    const banner = page.getByRole('banner')
    const logo = (await banner.getByRole('link').first().boundingBox())!
    const name = (await banner.getByText(site.name, { exact: true }).boundingBox())!
    const book = (await banner.getByRole('link', { name: 'Book tid' }).boundingBox())!
    const menu = (await page.locator('nav summary').boundingBox())!
    expect(name.height, `${width} px: the name on one line`).toBeLessThan(30)
    expect(logo.x + logo.width, `${width} px`).toBeLessThanOrEqual(book.x)
    expect(book.x + book.width, `${width} px`).toBeLessThanOrEqual(menu.x)
    expect(menu.x + menu.width, `${width} px`).toBeLessThanOrEqual(width)
  }
})

test('»Book en samtale« on the home page and in the closing card books; »Skriv til mig« writes', async ({ page }) => {
  await page.goto('/')
  const hero = page.getByRole('main').locator('section').first()
  await expect(hero.getByRole('link', { name: 'Book en samtale' })).toHaveAttribute('href', '/book-samtale')
  for (const path of ['/', '/om', '/ydelser', '/referencer']) {
    await page.goto(path)
    const closing = page.getByRole('region', { name: 'Klar til at tage det første skridt?' })
    await expect(closing.getByRole('link', { name: 'Book en samtale' }), path).toHaveAttribute('href', '/book-samtale')
    await expect(closing.getByRole('link', { name: 'Skriv til mig' }), path).toHaveAttribute('href', '/kontakt')
  }
})

test('from /kontakt »Find en ledig tid« opens the free times, and from there »Skriv til mig« the form again', async ({ page }) => {
  await page.goto('/kontakt')
  await page.getByRole('complementary', { name: 'Kontaktoplysninger' }).getByRole('link', { name: 'Find en ledig tid' }).click()
  await expect(page).toHaveURL(/\/book-samtale$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg en tid' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Skriv til mig' }).click()
  await expect(page).toHaveURL(/\/kontakt$/)
  await expect(page.getByRole('heading', { name: 'Send mig en besked' })).toBeVisible()
})
