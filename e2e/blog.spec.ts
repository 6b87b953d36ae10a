import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXISTING_COVER, daysAgo, writeArticle } from './articles'
import { expect, gotoInteractive, test } from './helpers'
import { seedDatabase, SERVER_START_TIMEOUT_MS, type ServerInstance, startFixtureBlog } from './server-instance'

// A blog of known articles on a server of its own: the counts below are written here, not read
// from content/blog, so a new article from the coach changes nothing. The dates are long past, so
// no article is "new" whatever the day the suite runs.
const fixtureArticles: Array<Parameters<typeof writeArticle>[1]> = [
  { slug: 'naar-stress-fylder', title: 'Når stress fylder', category: 'stress', publishedAt: '2024-05-01', jsonLd: true },
  { slug: 'pauser-der-virker', title: 'Pauser der virker', category: 'stress', publishedAt: '2024-04-01' },
  { slug: 'kosttilskud-om-vinteren', title: 'Kosttilskud i vinterhalvåret', category: 'kosttilskud', publishedAt: '2024-03-01' },
  { slug: 'smaa-skridt', title: 'Små skridt mod et roligere liv', category: 'life', publishedAt: '2024-02-01' },
]
let fixtureBlog: ServerInstance
let disposeFixtureBlog: (() => Promise<void>) | undefined

test.describe('a blog of four known articles', () => {
  test.describe.configure({ timeout: 90_000 })
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS)
    ;({ server: fixtureBlog, dispose: disposeFixtureBlog } = await startFixtureBlog(fixtureArticles))
  })
  test.afterAll(async () => {
    await disposeFixtureBlog?.()
  })

  test('the category filter works with JavaScript, in the URL', async ({ page }) => {
    await gotoInteractive(page, `${fixtureBlog.url}/blog`)
    const filters = page.getByRole('navigation', { name: 'Kategorier' })
    // "Alle artikler" and the ten categories, empty ones included.
    await expect(filters.getByRole('link')).toHaveCount(11)
    await expect(filters.getByRole('link', { name: /Alle artikler 4/ })).toHaveAttribute('aria-current', 'page')

    await filters.getByRole('link', { name: /Stress coaching/ }).click()
    await expect(page).toHaveURL(`${fixtureBlog.url}/blog?kategori=stress`)
    const stressFilter = filters.getByRole('link', { name: /Stress coaching/ })
    await expect(stressFilter).toHaveAttribute('aria-current', 'page')
    await expect(stressFilter).toContainText('2')
    const cards = page.getByRole('article')
    await expect(cards).toHaveText([/Når stress fylder/, /Pauser der virker/])
    for (const text of await cards.allTextContents()) expect(text).toContain('Stress coaching')

    await page.goBack()
    await expect(page).toHaveURL(`${fixtureBlog.url}/blog`)
    await expect(cards).toHaveCount(4)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the filters are plain links to server-rendered views', async ({ page }) => {
      await page.goto(`${fixtureBlog.url}/blog`)
      await page.getByRole('navigation', { name: 'Kategorier' }).getByRole('link', { name: /Kosttilskud/ }).click()
      await expect(page).toHaveURL(`${fixtureBlog.url}/blog?kategori=kosttilskud`)
      await expect(page.getByRole('article')).toHaveText([/Kosttilskud i vinterhalvåret/])
    })
  })

  test('garbage in the query falls back to all articles', async ({ page }) => {
    const response = await page.goto(`${fixtureBlog.url}/blog?kategori=%3Cscript%3E&side=-1`)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(`${fixtureBlog.url}/blog`)
    await expect(page.getByRole('article')).toHaveText([/Når stress fylder/, /Pauser der virker/, /Kosttilskud i vinterhalvåret/, /Små skridt mod et roligere liv/])
  })

  test('an article shows byline, date, body, call to action and the way back', async ({ page }) => {
    await page.goto(`${fixtureBlog.url}/blog/naar-stress-fylder`)
    await expect(page.getByText('Forfatter | Birgitte Holm')).toBeVisible()
    await expect(page.locator('time').first()).toHaveText('1. maj 2024')
    await expect(page.getByRole('heading', { level: 2, name: 'Små pauser' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Kontakt mig', exact: true })).toHaveAttribute('href', '/kontakt')
    await page.getByRole('link', { name: /Tilbage til blog/ }).first().click()
    await expect(page).toHaveURL(`${fixtureBlog.url}/blog`)
  })

  test('an article carries article metadata and, where asked, BlogPosting data', async ({ request }) => {
    const html = await (await request.get(`${fixtureBlog.url}/blog/naar-stress-fylder`)).text()
    expect(html).toMatch(/<meta property="og:type" content="article"[^>]*>/)
    expect(html).toMatch(/<meta property="article:published_time" content="2024-05-01T00:00:00.000Z"[^>]*>/)
    expect(html).toContain(`<link rel="canonical" href="${fixtureBlog.url}/blog/naar-stress-fylder"`)
    const types = [...html.matchAll(/"@type":"(BlogPosting|BreadcrumbList)"/g)].map((match) => match[1])
    expect(types).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']))
    // An article that does not ask for it has the breadcrumbs only.
    const plain = await (await request.get(`${fixtureBlog.url}/blog/pauser-der-virker`)).text()
    expect([...plain.matchAll(/"@type":"(BlogPosting|BreadcrumbList)"/g)].map((match) => match[1])).toEqual(['BreadcrumbList'])
  })
})

test('an unknown article answers 404', async ({ page }) => {
  const response = await page.goto('/blog/findes-ikke-endnu')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Siden blev ikke fundet')
})

test('"Nye Artikler" holds the last 30 days, newest first; an article seeded today joins it without a restart, and leaves again', async ({ launchServer, page }) => {
  test.slow()
  // A blog of its own with known dates: one article just outside the 30 days, one just inside.
  const dir = mkdtempSync(join(tmpdir(), 'coach-content-'))
  // The seed writes a new article's covers into PUBLIC_DIR, and the server reads late covers from
  // there: a folder of the test's own, never the working tree's public/.
  // Inside a folder of its own: the seed keeps its images.lock.json beside PUBLIC_DIR.
  const publicRoot = mkdtempSync(join(tmpdir(), 'coach-public-'))
  const publicDir = join(publicRoot, 'public')
  mkdirSync(join(publicDir, 'images', 'blog'), { recursive: true })
  copyFileSync(join('public', EXISTING_COVER), join(publicDir, EXISTING_COVER))
  const seed = (databaseFile: string) => seedDatabase(databaseFile, dir, { PUBLIC_DIR: publicDir })
  const slug = 'ny-artikel-om-ro'
  const covers = [`${slug}.webp`, `${slug}-600.webp`, `${slug}.jpg`]
  try {
    writeArticle(dir, { slug: 'lidt-for-gammel', title: 'Lidt for gammel til at være ny', publishedAt: daysAgo(31) })
    writeArticle(dir, { slug: 'stadig-ny', title: 'Stadig ny efter fire uger', publishedAt: daysAgo(29) })
    const server = await launchServer({ env: { PUBLIC_DIR: publicDir }, prepare: ({ databaseFile }) => seed(databaseFile) })
    const section = page.getByRole('region', { name: /Nye Artikler/ })

    await page.goto(`${server.url}/blog`)
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(/^Nye Artikler\s*1 nye$/)
    await expect(section.getByRole('article')).toHaveText([/Stadig ny efter fire uger/])
    // The grid below has the other one; the new one is not repeated right under »Nye Artikler«.
    await expect(page.getByRole('article')).toHaveCount(2)

    writeArticle(dir, { slug, title: 'Ro i en travl hverdag', publishedAt: daysAgo(0), image: null })
    seed(server.databaseFile)
    await page.goto(`${server.url}/blog`)
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(/^Nye Artikler\s*2 nye$/)
    await expect(section.getByRole('article')).toHaveText([/Ro i en travl hverdag/, /Stadig ny efter fire uger/])
    await expect(section.getByRole('article').first()).toContainText('Ny')

    // The file has no image: the seed made its cover, and the running server serves it.
    const cover = section.getByRole('article').first().locator('img')
    await cover.scrollIntoViewIfNeeded()
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0)
    for (const file of covers) {
      expect((await page.request.get(`${server.url}/images/blog/${file}`)).status(), file).toBe(200)
      expect(existsSync(join(publicDir, 'images', 'blog', file)), file).toBe(true)
      expect(existsSync(join('public', 'images', 'blog', file)), file).toBe(false)
    }

    rmSync(join(dir, `${slug}.md`))
    seed(server.databaseFile)
    await page.goto(`${server.url}/blog`)
    await expect(section.getByRole('article')).toHaveText([/Stadig ny efter fire uger/])
    expect((await page.request.get(`${server.url}/blog/${slug}`)).status()).toBe(404)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    rmSync(publicRoot, { recursive: true, force: true })
  }
})

test('the cards of the first screen rise in one after another, 0.2 s apart; the cards below stay still', async ({ page }) => {
  const motionOfCards = async () => {
    await page.goto('/blog')
    const cards = page.locator('main li:has(> article)')
    expect(await cards.count()).toBeGreaterThan(6)
    return cards.evaluateAll((items) => items.map((item) => [getComputedStyle(item).animationName, getComputedStyle(item).animationDelay]))
  }
  // Three columns: two rows of three.
  await page.setViewportSize({ width: 1280, height: 900 })
  const wide = await motionOfCards()
  expect(wide.slice(0, 7)).toEqual([
    ['rise', '0s'],
    ['rise', '0.2s'],
    ['rise', '0.4s'],
    ['rise', '0.6s'],
    ['rise', '0.8s'],
    ['rise', '1s'],
    ['none', '0s'],
  ])
  expect(new Set(wide.slice(6).map(([name]) => name))).toEqual(new Set(['none']))

  // One column on a phone: the two cards of its first screen.
  await page.setViewportSize({ width: 390, height: 844 })
  const phone = await motionOfCards()
  expect(phone.map(([name]) => name).lastIndexOf('rise')).toBe(1)
})
