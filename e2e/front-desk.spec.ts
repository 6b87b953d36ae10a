import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { writeArticle } from './articles'
import { BASE_URL } from './environment'
import { expect, gotoInteractive, test } from './helpers'
import { SERVER_START_TIMEOUT_MS, type ServerInstance, startFixtureBlog } from './server-instance'

/**
 * A blog of 15 known articles on a server of its own: artikel-01 (oldest) to artikel-15 (newest),
 * the first four about stress, the rest about life. Page 1 holds 15 to 4, page 2 holds 3 to 1.
 */
/** »Gode steder at begynde« as the shared server has it (the fixture copy), each with its article's own title. */
const startHere = (parse(readFileSync('tests/fixtures/content/gode-steder-at-begynde.yaml', 'utf8')) as { artikler: string[] }).artikler.map((slug) => ({
  slug,
  title: String((parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(`tests/fixtures/blog/${slug}.md`, 'utf8'))![1]!) as { title: string }).title),
}))

const number = (index: number) => String(index).padStart(2, '0')
const fixtureArticles = Array.from({ length: 15 }, (_, index) => ({
  slug: `artikel-${number(index + 1)}`,
  title: `Artikel nummer ${number(index + 1)}`,
  category: index < 4 ? ('stress' as const) : ('life' as const),
  publishedAt: `2024-01-${number(index + 1)}`,
}))
let fixtureBlog: ServerInstance
let disposeFixtureBlog: (() => Promise<void>) | undefined

// What a visitor deciding whether to book meets first: a face and a voice on the home page, a price
// per service, a blog that fits a phone, the site's own type, and the small things done right.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a refused message comes back with everything typed and the Danish errors, nothing personal in the URL', async ({ page }) => {
    await page.goto('/kontakt')
    const message = 'Hej Birgitte\n\nJeg vil gerne tale om stress på arbejdet – æ, ø og å kommer også med.'
    await page.getByRole('textbox', { name: 'Fornavn', exact: true }).fill('Mette')
    await page.getByRole('textbox', { name: 'Efternavn', exact: true }).fill('Sørensen')
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('mette@eksempel.dk')
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).evaluate((input) => input.removeAttribute('pattern'))
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('12 34')
    await page.getByRole('combobox', { name: 'Type ydelse' }).selectOption('stress-coaching')
    await page.getByRole('textbox', { name: /^Adresse/ }).fill('Vestergade 3, Fredericia')
    await page.getByRole('textbox', { name: 'Besked', exact: true }).fill(message)
    const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), page.getByRole('button', { name: 'Send besked' }).click()])
    expect(answer.status()).toBe(422)
    expect(answer.headers()['cache-control']).toBe('no-store')

    await expect(page).toHaveURL('/kontakt')
    await expect(page.getByText('Beskeden blev ikke sendt. Ret venligst de markerede felter, og prøv igen.')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Skriv et telefonnummer på mindst 8 cifre')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Besked', exact: true })).toHaveValue(message)
    await expect(page.getByRole('textbox', { name: 'Fornavn', exact: true })).toHaveValue('Mette')
    await expect(page.getByRole('textbox', { name: 'Efternavn', exact: true })).toHaveValue('Sørensen')
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('mette@eksempel.dk')
    await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('12 34')
    await expect(page.getByRole('combobox', { name: 'Type ydelse' })).toHaveValue('stress-coaching')
    await expect(page.getByRole('textbox', { name: /^Adresse/ })).toHaveValue('Vestergade 3, Fredericia')
    // The address after the host: a random port may well contain »12«.
    const { pathname, search, hash } = new URL(page.url())
    expect(`${pathname}${search}${hash}`).not.toMatch(/Mette|mette|12/)

    // Corrected, it is received: the ordinary 303 to the green message.
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('21 43 65 87')
    await page.getByRole('button', { name: 'Send besked' }).click()
    await expect(page).toHaveURL('/kontakt?status=sendt#kontaktformular')
  })
})

test('a form post from another site is refused', async ({ request }) => {
  const answer = await request.post('/kontakt', {
    form: { firstName: 'A', lastName: 'B', email: 'a@eksempel.dk', phone: '21436587', message: 'Hej' },
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://eksempel.dk' },
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(403)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the open menu closes on a tap outside it, and Tab stays inside it', async ({ page }) => {
    await gotoInteractive(page, '/om')
    const toggle = page.locator('header summary')
    const menu = page.locator('#mobilmenu')
    await toggle.click()
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Hjem' })).toBeFocused()
    // Every Tab step, not only where it ends: each link of the menu in turn, then past the last one
    // back to the toggle (never the page behind the menu), and Shift+Tab the same way back.
    const links = (await menu.getByRole('link').allInnerTexts()).map((text) => text.trim())
    expect(links.length).toBeGreaterThan(2)
    const focused = () => page.evaluate(() => (document.activeElement?.matches('header summary') ? 'toggle' : (document.activeElement?.textContent ?? '').trim()))
    const forward: string[] = []
    for (let i = 1; i <= links.length; i++) {
      await page.keyboard.press('Tab')
      forward.push(await focused())
    }
    expect(forward).toEqual([...links.slice(1), 'toggle'])
    const backward: string[] = []
    for (let i = 0; i < links.length; i++) {
      await page.keyboard.press('Shift+Tab')
      backward.push(await focused())
    }
    expect(backward).toEqual([...links].reverse())

    await page.touchscreen.tap(200, 800)
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL('/om')
    // Closed, it lets go: Tab walks the page again instead of returning to the toggle each time.
    const after: string[] = []
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      after.push(await focused())
    }
    expect(after.filter((step) => step !== 'toggle').length).toBeGreaterThan(2)
  })

  test('the home page shows the headline, the portrait and a call link on the first screen', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    await expect(page.getByRole('link', { name: /^Ring\s\+45/ })).toBeInViewport()
    await expect(page.getByRole('link', { name: /^Ring\s\+45/ })).toHaveAttribute('href', /^tel:\+45\d{8}$/)
    const portrait = page.locator('main img[alt="Birgitte Holm"]').first()
    const [heading, photo] = [await page.getByRole('heading', { level: 1 }).boundingBox(), await portrait.boundingBox()]
    expect(photo!.y).toBeGreaterThan(heading!.y + heading!.height - 1)
  })

  test('the contact page shows the phone number and e-mail before the form', async ({ page }) => {
    await page.goto('/kontakt')
    const phone = await page.getByRole('complementary', { name: 'Kontaktoplysninger' }).getByRole('link', { name: /^\+45/ }).boundingBox()
    const form = await page.locator('#kontaktformular').boundingBox()
    expect(phone!.y).toBeLessThan(form!.y)
  })

  test('the blog’s category chips are one row that scrolls sideways', async ({ page }) => {
    await page.goto('/blog')
    const chips = page.getByRole('navigation', { name: 'Kategorier' }).getByRole('listitem')
    const tops = new Set<number>()
    for (const chip of await chips.all()) tops.add(Math.round((await chip.boundingBox())!.y))
    expect(tops.size).toBe(1)
  })
})

test('at 320 px no page type scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  for (const path of ['/', '/om', '/ydelser', '/blog', '/blog/stress-er-ikke-svaghed', '/referencer', '/kontakt', '/privatlivspolitik', '/findes-ikke']) {
    await page.goto(path)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320)
  }
})

test('on a wide screen the portrait stands beside the headline', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/')
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
  const photo = (await page.locator('main img[alt="Birgitte Holm"]').first().boundingBox())!
  expect(photo.x).toBeGreaterThan(heading.x + heading.width - 1)
  await expect(page.getByRole('link', { name: /^Ring\s\+45/ })).toBeHidden()
})

test('the web fonts come from the site itself, and nothing from anywhere else', async ({ page }) => {
  const foreign: string[] = []
  const fonts: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(BASE_URL) && !request.url().startsWith('data:')) foreign.push(request.url())
    if (request.resourceType() === 'font') fonts.push(request.url())
  })
  await gotoInteractive(page, '/om')
  await page.evaluate(() => document.fonts.ready)
  expect(await page.evaluate(() => document.fonts.check('600 1em "Fraunces"') && document.fonts.check('1em "Source Sans 3 Variable"'))).toBe(true)
  expect(fonts.length).toBeGreaterThanOrEqual(2)
  for (const font of fonts) {
    expect(font).toMatch(new RegExp(`^${BASE_URL}/assets/[\\w-]+\\.woff2$`))
    const response = await page.request.get(font)
    expect(response.headers()['content-type']).toBe('font/woff2')
  }
  // The heading font is asked for before the CSS is even read.
  const preload = page.locator('link[rel="preload"][as="font"]')
  await expect(preload).toHaveAttribute('href', /fraunces-latin-600-normal-[\w-]+\.woff2$/)
  expect(foreign).toEqual([])
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^Fraunces\b/)
})

test('every service card has its length, its price and a button: private clients book, companies ask for an offer', async ({ page }) => {
  await page.goto('/ydelser')
  const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
  await expect(cards).toHaveCount(6)
  for (const card of await cards.all()) {
    await expect(card.getByText('Varighed')).toBeVisible()
    await expect(card.getByText('Pris')).toBeVisible()
    const forCompanies = (await card.getByText(/\+ moms/).count()) > 0
    if (forCompanies) await expect(card.getByRole('link', { name: /^Bed om et tilbud på / })).toHaveAttribute('href', '/kontakt')
    else await expect(card.getByRole('link', { name: /^Book en samtale om / })).toHaveAttribute('href', '/book-samtale')
  }
  await expect(page.getByText('Den første samtale er gratis og uforpligtende og varer en halv time.')).toHaveCount(1)
  await expect(page.getByText('Priserne herunder er eksempler')).toBeVisible()
})

test('the article header lines up with the article body', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/blog/stress-er-ikke-svaghed')
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
  const body = (await page.locator('.prose').boundingBox())!
  expect(Math.abs(heading.x - body.x)).toBeLessThan(1)
})

test('the not-found page offers the blog, the contact page and popular articles', async ({ page }) => {
  const response = await page.goto('/findes-ikke-mere')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('link', { name: 'Læs bloggen' })).toHaveAttribute('href', '/blog')
  await expect(page.getByRole('link', { name: 'Kontakt mig' })).toHaveAttribute('href', '/kontakt')
  const popular = page.getByRole('navigation', { name: 'Gode steder at begynde' }).getByRole('link')
  await expect(popular).toHaveText(startHere.map((article) => article.title))
  await expect(popular.first()).toHaveAttribute('href', `/blog/${startHere[0]!.slug}`)
})


test.describe('a blog of 15 known articles', () => {
  test.describe.configure({ timeout: 90_000 })
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS)
    // Seeding and starting a server of its own takes more than the default 30 s on a busy machine.
    test.setTimeout(120_000)
    ;({ server: fixtureBlog, dispose: disposeFixtureBlog } = await startFixtureBlog(fixtureArticles))
  })
  test.afterAll(async () => {
    await disposeFixtureBlog?.()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the blog has numbered pages of 12, each its own canonical page', async ({ page }) => {
      await page.goto(`${fixtureBlog.url}/blog`)
      const pages = page.getByRole('navigation', { name: 'Sideskift' })
      await expect(pages.getByRole('link', { name: 'Side 1' })).toHaveAttribute('aria-current', 'page')
      await expect(pages.getByRole('link', { name: /^Side \d+$/ })).toHaveCount(2)
      await expect(page.getByRole('article')).toHaveCount(12)

      await pages.getByRole('link', { name: 'Side 2' }).click()
      await expect(page).toHaveURL(`${fixtureBlog.url}/blog?side=2`)
      await expect(page).toHaveTitle(/^Blog – side 2 \| /)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\?side=2$/)
      // The second page goes on where the first stopped, newest first.
      await expect(page.getByRole('article')).toHaveText([/Artikel nummer 03/, /Artikel nummer 02/, /Artikel nummer 01/])
      await page.getByRole('navigation', { name: 'Sideskift' }).getByRole('link', { name: 'Forrige side' }).click()
      await expect(page).toHaveURL(`${fixtureBlog.url}/blog`)
    })
  })

  test('under an article: three more to read, its own category first', async ({ page }) => {
    await page.goto(`${fixtureBlog.url}/blog/artikel-02`)
    const related = page.getByRole('complementary', { name: 'Læs også' }).getByRole('article')
    // The other three about stress (newest first); an article about life only fills up.
    await expect(related).toHaveText([/Artikel nummer 04/, /Artikel nummer 03/, /Artikel nummer 01/])
    await page.goto(`${fixtureBlog.url}/blog/artikel-15`)
    await expect(related).toHaveText([/Artikel nummer 14/, /Artikel nummer 13/, /Artikel nummer 12/])
  })

  test('the home page shows three testimonials and the three newest articles', async ({ page }) => {
    await page.goto(`${fixtureBlog.url}/`)
    // Three client quotes, and the coach's own quote below them.
    await expect(page.locator('main figure blockquote')).toHaveCount(4)
    await expect(page.getByText('Udtalelserne er eksempler')).toBeVisible()
    await expect(page.getByRole('article')).toHaveText([/Artikel nummer 15/, /Artikel nummer 14/, /Artikel nummer 13/])
  })

  test('the sitemap lists the blog’s further pages, not its category views', async () => {
    const xml = await (await fetch(`${fixtureBlog.url}/sitemap.xml`)).text()
    expect(xml).toContain('/blog?side=2</loc>')
    expect(xml).not.toContain('/blog?side=3<')
    expect(xml).not.toContain('kategori=')
  })
})
