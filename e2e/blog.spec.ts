import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { categoryLabels } from '../app/lib/categories'
import { blogExpectations, daysAgo, writeArticle } from './articles'
import { BASE_URL } from './environment'
import { expect, gotoInteractive, test } from './helpers'
import { seedDatabase } from './server-instance'

test('the category filter works with JavaScript, in the URL', async ({ page }) => {
  await gotoInteractive(page, '/blog')
  const filters = page.getByRole('navigation', { name: 'Kategorier' })
  await expect(filters.getByRole('link')).toHaveCount(Object.keys(categoryLabels).length)
  const blog = blogExpectations()
  await expect(filters.getByRole('link', { name: new RegExp(`Alle artikler ${blog.published.length}`) })).toHaveAttribute('aria-current', 'page')

  await filters.getByRole('link', { name: /Stress coaching/ }).click()
  await expect(page).toHaveURL('/blog?kategori=stress')
  const stressFilter = filters.getByRole('link', { name: /Stress coaching/ })
  await expect(stressFilter).toHaveAttribute('aria-current', 'page')
  await expect(stressFilter).toContainText(String(blog.inCategory('stress').length))
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(blog.inCategory('stress').length)
  for (const text of await cards.allTextContents()) expect(text).toContain('Stress coaching')

  await page.goBack()
  await expect(page).toHaveURL('/blog')
  await expect(cards).toHaveCount(blog.cardsOnFirstPage)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the filters are plain links to server-rendered views', async ({ page }) => {
    await page.goto('/blog')
    await page.getByRole('navigation', { name: 'Kategorier' }).getByRole('link', { name: /Kosttilskud/ }).click()
    await expect(page).toHaveURL('/blog?kategori=kosttilskud')
    const expected = blogExpectations().inCategory('kosttilskud')
    await expect(page.getByRole('article')).toHaveCount(expected.length)
    for (const { title } of expected) await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(1)
  })
})

test('garbage in the query falls back to all articles', async ({ page }) => {
  const response = await page.goto('/blog?kategori=%3Cscript%3E&side=-1')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL('/blog')
  await expect(page.getByRole('article')).toHaveCount(blogExpectations().cardsOnFirstPage)
})

test('an article shows byline, date, body, call to action and the way back', async ({ page }) => {
  await page.goto('/blog/stress-er-ikke-svaghed')
  await expect(page.getByText('Forfatter | Birgitte Holm')).toBeVisible()
  await expect(page.locator('time').first()).toHaveText('18. september 2025')
  await expect(page.getByRole('heading', { level: 2, name: /små mål/i })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Kontakt mig nu' })).toHaveAttribute('href', '/kontakt')
  await page.getByRole('link', { name: /Tilbage til blog/ }).first().click()
  await expect(page).toHaveURL('/blog')
})

test('an article carries article metadata and, where asked, BlogPosting data', async ({ request }) => {
  const html = await (await request.get('/blog/stress-er-ikke-svaghed')).text()
  expect(html).toMatch(/<meta property="og:type" content="article"[^>]*>/)
  expect(html).toMatch(/<meta property="article:published_time" content="2025-09-18T00:00:00.000Z"[^>]*>/)
  expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/blog/stress-er-ikke-svaghed"`)
  const types = [...html.matchAll(/"@type":"(BlogPosting|BreadcrumbList)"/g)].map((match) => match[1])
  expect(types).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']))
})

test('an unknown article answers 404', async ({ page }) => {
  const response = await page.goto('/blog/findes-ikke-endnu')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Siden blev ikke fundet')
})

test('"Nye Artikler" holds the last 30 days, newest first; an article seeded today joins it without a restart, and leaves again', async ({ launchServer, page }) => {
  // A blog of its own with known dates: one article just outside the 30 days, one just inside.
  const dir = mkdtempSync(join(tmpdir(), 'coach-content-'))
  // Unique per run: the seed writes the new article's covers into public/images/blog.
  const slug = `ny-artikel-om-ro-${process.env.E2E_PORT}`
  const covers = [`${slug}.webp`, `${slug}-600.webp`, `${slug}.jpg`]
  try {
    writeArticle(dir, { slug: 'lidt-for-gammel', title: 'Lidt for gammel til at være ny', publishedAt: daysAgo(31) })
    writeArticle(dir, { slug: 'stadig-ny', title: 'Stadig ny efter fire uger', publishedAt: daysAgo(29) })
    const server = await launchServer({ prepare: ({ databaseFile }) => seedDatabase(databaseFile, dir) })
    const section = page.getByRole('region', { name: /Nye Artikler/ })

    await page.goto(`${server.url}/blog`)
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(/^Nye Artikler\s*1 nye$/)
    await expect(section.getByRole('article')).toHaveText([/Stadig ny efter fire uger/])
    // The grid below still has both.
    await expect(page.getByRole('article')).toHaveCount(3)

    writeArticle(dir, { slug, title: 'Ro i en travl hverdag', publishedAt: daysAgo(0), image: null })
    seedDatabase(server.databaseFile, dir)
    await page.goto(`${server.url}/blog`)
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(/^Nye Artikler\s*2 nye$/)
    await expect(section.getByRole('article')).toHaveText([/Ro i en travl hverdag/, /Stadig ny efter fire uger/])
    await expect(section.getByRole('article').first()).toContainText('Ny')

    // The file has no image: the seed made its cover, and the running server serves it.
    const cover = section.getByRole('article').first().locator('img')
    await cover.scrollIntoViewIfNeeded()
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0)
    for (const file of covers) expect((await page.request.get(`${server.url}/images/blog/${file}`)).status(), file).toBe(200)

    rmSync(join(dir, `${slug}.md`))
    seedDatabase(server.databaseFile, dir)
    await page.goto(`${server.url}/blog`)
    await expect(section.getByRole('article')).toHaveText([/Stadig ny efter fire uger/])
    expect((await page.request.get(`${server.url}/blog/${slug}`)).status()).toBe(404)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    for (const file of covers) rmSync(join('public/images/blog', file), { force: true })
  }
})
