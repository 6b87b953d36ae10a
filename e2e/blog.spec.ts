import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BASE_URL, DATABASE_FILE } from './environment'
import { expect, gotoInteractive, test } from './helpers'

/** What the content folder says the blog shows today: the published articles and the new ones. */
function publishedArticles(now = Date.now()) {
  const dates = readdirSync('content/blog')
    .filter((file) => file.endsWith('.md'))
    .map((file) => Date.parse(/^publishedAt:\s*['"]?([^'"\n]+)/m.exec(readFileSync(join('content/blog', file), 'utf8'))?.[1] ?? ''))
    .filter((date) => date <= now)
  return { all: dates.length, recent: dates.filter((date) => date >= now - 30 * 24 * 60 * 60 * 1000).length }
}

const seed = (dir = 'content/blog') =>
  execFileSync('node_modules/.bin/tsx', ['db/seed.ts', dir], { env: { ...process.env, DATABASE_URL: DATABASE_FILE }, encoding: 'utf8' })

test('the category filter works with JavaScript, in the URL', async ({ page }) => {
  await gotoInteractive(page, '/blog')
  const filters = page.getByRole('navigation', { name: 'Kategorier' })
  await expect(filters.getByRole('link')).toHaveCount(11)
  const { all } = publishedArticles()
  await expect(filters.getByRole('link', { name: new RegExp(`Alle artikler ${all}`) })).toHaveAttribute('aria-current', 'page')

  await filters.getByRole('link', { name: /Stress coaching/ }).click()
  await expect(page).toHaveURL('/blog?kategori=stress')
  const stressFilter = filters.getByRole('link', { name: /Stress coaching/ })
  await expect(stressFilter).toHaveAttribute('aria-current', 'page')
  const count = Number((await stressFilter.textContent())?.match(/\d+/)?.[0])
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(count)
  for (const text of await cards.allTextContents()) expect(text).toContain('Stress coaching')

  await page.goBack()
  await expect(page).toHaveURL('/blog')
  const { recent } = publishedArticles()
  // Cards: every article once in the grid (at most 60 a page), plus the new ones again on top.
  await expect(cards).toHaveCount(Math.min(all, 60) + recent)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the filters are plain links to server-rendered views', async ({ page }) => {
    await page.goto('/blog')
    await page.getByRole('navigation', { name: 'Kategorier' }).getByRole('link', { name: /Kosttilskud/ }).click()
    await expect(page).toHaveURL('/blog?kategori=kosttilskud')
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(page.getByRole('article')).toContainText('Fedtsyrebalancen')
  })
})

test('garbage in the query falls back to all articles', async ({ page }) => {
  const response = await page.goto('/blog?kategori=%3Cscript%3E&side=-1')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL('/blog')
  const { all, recent } = publishedArticles()
  await expect(page.getByRole('article')).toHaveCount(Math.min(all, 60) + recent)
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

test('an article the coach seeds today appears under "Nye Artikler" without a restart, and leaves again', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'coach-content-'))
  try {
    cpSync('content/blog', dir, { recursive: true })
    const today = new Date().toISOString().slice(0, 10)
    writeFileSync(
      join(dir, 'ny-artikel-om-ro.md'),
      `---\ntitle: Ro i en travl hverdag\ndescription: "En ny artikel om at finde ro."\ncategory: life\npublishedAt: ${today}\ncta: Kontakt mig\n---\nRo er noget, man kan øve sig i.\n\n## Små pauser\n\nTag tre dybe vejrtrækninger, før du åbner din indbakke.\n`,
    )
    const { recent } = publishedArticles()
    await page.goto('/blog')
    const section = page.getByRole('region', { name: /Nye Artikler/ })
    await expect(section).toHaveCount(recent > 0 ? 1 : 0)

    expect(seed(dir)).toContain('Tilføjet 1: ny-artikel-om-ro')
    await page.goto('/blog')
    await expect(section.getByRole('heading', { level: 2 })).toContainText(String(recent + 1))
    await expect(section.getByRole('article')).toHaveCount(recent + 1)
    await expect(section.getByRole('article').first()).toContainText('Ny')
    await expect(section.getByRole('article').filter({ hasText: 'Ro i en travl hverdag' })).toHaveCount(1)

    // The file has no image: the seed made its cover, and the running server serves it.
    const card = section.getByRole('article').filter({ hasText: 'Ro i en travl hverdag' })
    const cover = card.locator('img')
    await cover.scrollIntoViewIfNeeded()
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0)
    for (const file of ['ny-artikel-om-ro.webp', 'ny-artikel-om-ro-600.webp', 'ny-artikel-om-ro.jpg']) {
      const response = await page.request.get(`/images/blog/${file}`)
      expect(response.status(), file).toBe(200)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    for (const file of ['ny-artikel-om-ro.webp', 'ny-artikel-om-ro-600.webp', 'ny-artikel-om-ro.jpg']) rmSync(join('public/images/blog', file), { force: true })
    expect(seed()).toContain('Fjernet 1: ny-artikel-om-ro')
  }
  await page.goto('/blog')
  await expect(page.getByRole('article').filter({ hasText: 'Ro i en travl hverdag' })).toHaveCount(0)
  expect((await page.request.get('/blog/ny-artikel-om-ro')).status()).toBe(404)
})
