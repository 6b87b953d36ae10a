import type { Page } from '@playwright/test'
import { expect, pages, test } from './helpers'

// Every control a thumb taps is at least 44 × 44 CSS pixels on a 390 px wide phone, on every kind of
// page. Links inside running text are exempt (WCAG 2.5.8: their size is the line's), as is what
// nobody sees (the skip link until it has focus, the spam trap).
const MIN_PX = 44

type Target = { page: string; what: string; width: number; height: number }

/** The size of every visible control of the page, as the browser lays it out. */
function measureTapTargets(page: Page, path: string): Promise<Target[]> {
  return page.evaluate((path) => {
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, summary, input:not([type="hidden"]), select, textarea')
    const targets: Target[] = []
    for (const control of controls) {
      // A radio button or checkbox is tapped through its label; a card's link through the whole card
      // (its ::after covers the card).
      const coversCard = getComputedStyle(control, '::after').position === 'absolute' && control.offsetParent
      const target = (control.matches('input[type="radio"], input[type="checkbox"]') && control.closest('label')) || (coversCard ? control.offsetParent : control)
      const box = target.getBoundingClientRect()
      if (!control.checkVisibility({ visibilityProperty: true }) || box.width <= 1 || box.height <= 1 || box.right <= 0) continue
      // Hidden but for screen readers (the skip link until it has focus), or from everyone (the spam trap).
      if (control.closest('[aria-hidden="true"]') || getComputedStyle(control).clipPath === 'inset(50%)') continue
      // A link in a sentence flows with the words around it: the line decides its height.
      const inSentence = (control.parentElement?.textContent ?? '').trim().length > (control.textContent ?? '').trim().length
      if (control.tagName === 'A' && getComputedStyle(control).display === 'inline' && inSentence) continue
      const what = `${control.tagName.toLowerCase()} »${(control.getAttribute('aria-label') ?? control.textContent ?? control.getAttribute('name') ?? '').trim().slice(0, 40)}«`
      targets.push({ page: path, what, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 })
    }
    return targets
  }, path)
}

test.use({ viewport: { width: 390, height: 844 } })

test(`every tappable control is at least ${MIN_PX} × ${MIN_PX} px at 390 px width, on every kind of page`, async ({ page }) => {
  test.setTimeout(90_000)
  await page.goto('/book-samtale')
  const time = await page.locator('a[href^="/book-samtale/"]').first().getAttribute('href')
  expect(time, 'a free time on /book-samtale').toBeTruthy()
  const paths = [...pages.map(({ path }) => path), '/book-samtale', time!, '/siden-findes-ikke']
  const measured: Target[] = []
  for (const path of paths) {
    await page.goto(path)
    measured.push(...(await measureTapTargets(page, path)))
    if (path === '/') {
      // The skip link shows itself on the first Tab; the menu's links count once it is open.
      await page.keyboard.press('Tab')
      measured.push(...(await measureTapTargets(page, `${path} (Tab)`)).filter((target) => target.what.includes('Spring til indhold')))
      await page.locator('nav summary').click()
      measured.push(...(await measureTapTargets(page, `${path} (menuen åben)`)))
    }
  }
  const tooSmall = measured.filter((target) => target.width < MIN_PX || target.height < MIN_PX)
  const smallest = Math.min(...measured.map((target) => Math.min(target.width, target.height)))
  console.log(`Tap targets at 390 px: ${measured.length} controls on ${paths.length} pages, the smallest side ${smallest} px (at least ${MIN_PX} px)`)
  expect(tooSmall.map((target) => `${target.page}: ${target.what} ${target.width} × ${target.height}`)).toEqual([])
})
