import { type Page } from '@playwright/test'
import { expect, gotoInteractive, test } from './helpers'

// The phone menu is a <details> disclosure: HTML alone opens and closes it, so a phone has its
// navigation without JavaScript and before the deferred app script has run. The script adds
// aria-expanded, Escape with focus back on the toggle, and closing when a link is chosen.
test.use({ viewport: { width: 390, height: 844 } })

const SIX_LINKS = ['Hjem', 'Om', 'Ydelser', 'Blog', 'Referencer', 'Kontakt']

const toggleOf = (page: Page) => page.locator('header summary')
const menuOf = (page: Page) => page.locator('#mobilmenu')

/** Opens the menu, checks its six links, closes and reopens it, and leaves by one of its links. */
async function useMenuWithHtmlAlone(page: Page) {
  // On a phone the page links are in the menu only.
  await expect(page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Blog', exact: true }).filter({ visible: true })).toHaveCount(0)
  await expect(menuOf(page)).toBeHidden()
  await expect(toggleOf(page)).toHaveAccessibleName('Åbn menu')

  await toggleOf(page).click()
  await expect(menuOf(page)).toBeVisible()
  await expect(toggleOf(page)).toHaveAccessibleName('Luk menu')
  await expect(menuOf(page).getByRole('link')).toHaveText(SIX_LINKS)
  for (const link of await menuOf(page).getByRole('link').all()) await expect(link).toBeInViewport()

  await toggleOf(page).click()
  await expect(menuOf(page)).toBeHidden()

  await toggleOf(page).click()
  await menuOf(page).getByRole('link', { name: 'Referencer' }).click()
  await expect(page).toHaveURL('/referencer')
  await expect(page.getByRole('heading', { level: 1, name: 'Referencer' })).toBeVisible()
  await expect(menuOf(page)).toBeHidden()
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the menu opens, shows the six pages, closes again, and its links lead on', async ({ page }) => {
    await page.goto('/blog/stress-er-ikke-svaghed')
    await useMenuWithHtmlAlone(page)
  })
})

test('before the app script has run, the menu already works', async ({ page }) => {
  // The app script waits for the page to load; on a slow phone a visitor can reach for the menu
  // first. Holding the script back entirely stands for that moment.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.goto('/')
  await useMenuWithHtmlAlone(page)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
})

test('with the keyboard: Enter opens the menu on its first link, Escape closes it and returns to the toggle', async ({ page }) => {
  await gotoInteractive(page, '/kontakt')
  const toggle = toggleOf(page)
  await toggle.focus()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  // Once the script runs, the toggle names the menu it opens.
  await expect(toggle).toHaveAttribute('aria-controls', 'mobilmenu')

  await page.keyboard.press('Enter')
  await expect(menuOf(page)).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(menuOf(page).getByRole('link', { name: 'Hjem' })).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(menuOf(page)).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toBeFocused()

  // Choosing a link closes the menu on the page it leads to, without a page load. The menu moves
  // the focus to its first link as it opens: wait for that, or it can take the focus back from
  // the link pressed next (on a busy machine it did, and Enter went to »Hjem«).
  await page.keyboard.press('Enter')
  await expect(menuOf(page).getByRole('link', { name: 'Hjem' })).toBeFocused()
  await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true))
  await menuOf(page).getByRole('link', { name: 'Blog' }).press('Enter')
  await expect(page).toHaveURL('/blog')
  await expect(menuOf(page)).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true)
})

test('the home page is short on a phone: one client’s words, the two newest articles, and every figure on one line', async ({ page }) => {
  await page.goto('/')
  // Everything rendered, as a visitor who scrolls to the end sees it.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.defer-render').forEach((block) => (block.style.contentVisibility = 'visible')))
  await expect(page.locator('.home-quotes li').filter({ visible: true })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Se alle referencer' })).toBeVisible()
  await expect(page.locator('.home-posts li').filter({ visible: true })).toHaveCount(2)
  await expect(page.getByRole('link', { name: 'Se alle artikler' })).toBeVisible()
  const figures = await page.locator('.home-about dd').evaluateAll((values) => values.map((value) => ({ text: value.textContent, lines: Math.round(value.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(value).lineHeight)) })))
  expect(figures.filter((figure) => figure.lines !== 1)).toEqual([])
  // Eight screens before (6,721 px at 390 px); about seven now, with room for a longer text of hers.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(6000)
})
