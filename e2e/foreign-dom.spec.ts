import type { Page } from '@playwright/test'
import { emailsFor, expect, test, uniqueEmail } from './helpers'

// Browser extensions, widgets and translation tools change a page before its script takes it over
// (the app's script loads after the page has loaded). Whatever they did, the page must keep its
// text and keep working: React may log that it recovered, but nothing may go uncaught.
test.use({ viewport: { width: 390, height: 844 } })

const CHANGES = {
  'an element prepended to <body>': 'body-prepend',
  'an element at the start of <main>': 'main-prepend',
  'a text node in the header changed': 'header-text',
  'a footer link removed': 'footer-link',
  'attributes on <html> and <body> (Grammarly)': 'grammarly',
  'every text node wrapped in <font> (Google Translate)': 'google-translate',
} as const
type Change = (typeof CHANGES)[keyof typeof CHANGES]

const REGIONS = ['header', 'main', 'footer'] as const
type PageAsSent = { texts: Record<(typeof REGIONS)[number], string[]>; gone: string[]; hydratedBefore: boolean }

/**
 * Runs in the page at DOMContentLoaded, before the app's script: records every text of the page
 * as sent (per region), then makes the change, noting the texts the change itself removed.
 */
function changeThePage({ change, regions }: { change: Change; regions: readonly string[] }) {
  document.addEventListener('DOMContentLoaded', () => {
    const textNodes = (root: Node) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement?.closest('script, style, template') || !node.nodeValue?.trim() ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      })
      const nodes: Text[] = []
      while (walker.nextNode()) nodes.push(walker.currentNode as Text)
      return nodes
    }
    const normalized = (text: string) => text.replace(/\s+/g, ' ').trim()
    const region = (selector: string) => {
      const element = document.querySelector(selector)
      if (!element) throw new Error(`No ${selector} on the page`)
      return element
    }
    const texts = Object.fromEntries(regions.map((selector) => [selector, textNodes(region(selector)).map((node) => normalized(node.data))]))
    const gone: string[] = []
    const foreignElement = (text: string) => Object.assign(document.createElement('div'), { className: 'fremmed', textContent: text })

    switch (change) {
      case 'body-prepend':
        document.body.prepend(foreignElement('Et banner fra en udvidelse'))
        break
      case 'main-prepend':
        region('main').prepend(foreignElement('En widget i indholdet'))
        break
      case 'header-text': {
        const [first] = textNodes(region('header'))
        gone.push(normalized(first!.data))
        first!.data = `Oversat: ${first!.data}`
        break
      }
      case 'footer-link': {
        const link = region('footer').querySelector('a')!
        gone.push(normalized(link.textContent ?? ''))
        link.remove()
        break
      }
      case 'grammarly':
        document.documentElement.setAttribute('data-gr-ext-installed', '')
        document.body.setAttribute('data-new-gr-c-s-check-loaded', '14.1250.0')
        document.body.setAttribute('data-gr-ext-installed', '')
        document.body.append(document.createElement('grammarly-desktop-integration'))
        break
      case 'google-translate':
        document.documentElement.classList.add('translated-ltr')
        for (const node of textNodes(document.body)) {
          const outer = document.createElement('font')
          const inner = outer.appendChild(document.createElement('font'))
          outer.style.verticalAlign = inner.style.verticalAlign = 'inherit'
          node.replaceWith(outer)
          inner.append(node)
        }
        break
    }
    Object.assign(window, { pageAsSent: { texts, gone, hydratedBefore: 'hydrated' in document.documentElement.dataset } })
  })
}

/** The texts of the page as sent that are missing now, region by region (except what the change removed). */
function missingTexts(page: Page) {
  return page.evaluate((regions) => {
    const { texts, gone } = (window as unknown as { pageAsSent: PageAsSent }).pageAsSent
    return regions.flatMap((selector) => {
      const now = (document.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ')
      return texts[selector].filter((text) => !gone.includes(text) && !now.includes(text)).map((text) => `${selector}: ${text}`)
    })
  }, REGIONS)
}

async function openAndCloseTheMenu(page: Page) {
  const toggle = page.locator('header summary')
  const menu = page.locator('#mobilmenu')
  await expect(menu).toBeHidden()
  await toggle.click()
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link')).toHaveCount(6)
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await toggle.click()
  await expect(menu).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
}

/** Sends the contact form through the app's script (a server-function call, no page load). */
async function sendTheForm(page: Page) {
  const email = uniqueEmail('fremmed-dom')
  await page.getByRole('textbox', { name: 'Fornavn', exact: true }).fill('Mette')
  await page.getByRole('textbox', { name: 'Efternavn', exact: true }).fill('Sørensen')
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('21 43 65 87')
  await page.getByRole('textbox', { name: 'Besked', exact: true }).fill('Hej Birgitte, jeg vil gerne høre mere om coaching.')
  const call = page.waitForRequest((request) => request.url().includes('/_serverFn/') && request.method() === 'POST')
  await page.getByRole('button', { name: 'Send besked' }).click()
  await call
  await expect(page.getByText('Tak for din besked!')).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
  await expect.poll(() => emailsFor(email).length).toBe(2)
}

for (const [description, change] of Object.entries(CHANGES)) {
  test.describe(description, () => {
    let uncaught: string[]
    test.beforeEach(async ({ page }) => {
      uncaught = []
      page.on('pageerror', (error) => uncaught.push(error.stack ?? error.message))
      await page.addInitScript(changeThePage, { change, regions: REGIONS })
    })
    test.afterEach(() => expect(uncaught).toEqual([]))

    /** Opens the page changed; once its script has taken it over (or failed to), nothing is lost. */
    async function openChanged(page: Page, path: string) {
      await page.goto(path)
      // A page that fails while being taken over never gets the mark: the checks below say what it lost.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 }).catch(() => {})
      expect(uncaught).toEqual([])
      expect(await missingTexts(page)).toEqual([])
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
      expect(await page.evaluate(() => (window as unknown as { pageAsSent: PageAsSent }).pageAsSent.hydratedBefore)).toBe(false)
    }

    test('on /: the text stays, the menu works and leads to the form, which sends', async ({ page }) => {
      await openChanged(page, '/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await openAndCloseTheMenu(page)

      await page.evaluate(() => Object.assign(window, { samePageView: true }))
      await page.locator('header summary').click()
      await page.locator('#mobilmenu').getByRole('link', { name: 'Kontakt' }).click()
      await expect(page).toHaveURL('/kontakt')
      expect(await page.evaluate(() => 'samePageView' in window)).toBe(true)
      await sendTheForm(page)
    })

    test('on /kontakt: the text stays, the menu opens and closes, the form sends', async ({ page }) => {
      await openChanged(page, '/kontakt')
      await expect(page.getByRole('heading', { level: 1, name: 'Lad os tage en snak' })).toBeVisible()
      await openAndCloseTheMenu(page)
      await sendTheForm(page)
    })
  })
}
