import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONTENT_DIR } from './environment'
import { expect, expectNoAxeViolations, test } from './helpers'
import { SERVER_START_TIMEOUT_MS, type ServerInstance, startFixtureBlog } from './server-instance'

// A blog of known articles on a server of its own, so the coach's own articles change nothing here.
let blog: ServerInstance
let dispose: (() => Promise<void>) | undefined
// Her facts as the shared server has them, but »Gode steder at begynde« naming this blog's articles.
const facts = mkdtempSync(join(tmpdir(), 'coach-search-facts-'))

test.describe('searching the blog', () => {
  test.describe.configure({ timeout: 90_000 })
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS)
    cpSync(CONTENT_DIR, facts, { recursive: true, filter: (source) => !source.startsWith(join(CONTENT_DIR, 'blog')) })
    writeFileSync(join(facts, 'gode-steder-at-begynde.yaml'), 'artikler:\n  - smaa-skridt\n  - naar-stress-fylder\n')
    ;({ server: blog, dispose } = await startFixtureBlog([
      { slug: 'naar-stress-fylder', title: 'Når stress fylder', category: 'stress', publishedAt: '2024-05-01' },
      { slug: 'teenagere-og-skaerme', title: 'Teenageren og skærmen', category: 'teenage', publishedAt: '2024-04-01', description: 'Teenagere sover for lidt, når skærmen lyser om natten.' },
      { slug: 'smaa-skridt', title: 'Små skridt mod et roligere liv', category: 'life', publishedAt: '2024-02-01' },
    ], { CONTENT_DIR: facts }))
  })
  test.afterAll(async () => {
    await dispose?.()
    rmSync(facts, { recursive: true, force: true })
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the header’s form finds inflected words, marks them, and the page is noindex and never stored', async ({ page }) => {
      await page.goto(`${blog.url}/om`)
      const header = page.getByRole('banner')
      await header.getByRole('searchbox', { name: 'Søg i artiklerne' }).first().fill('stressede')
      const answer = page.waitForResponse((response) => response.url().includes('/blog?q='))
      await header.getByRole('button', { name: 'Søg' }).first().click()
      const response = await answer
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toBe('no-store')
      await expect(page).toHaveURL(`${blog.url}/blog?q=stressede`)
      await expect(page.getByRole('status')).toHaveText('Søgningen på »stressede« gav 1 artikel')
      const hit = page.getByRole('article')
      await expect(hit.getByRole('heading', { name: 'Når stress fylder' })).toBeVisible()
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow')
      // The form on the results page keeps the words.
      await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('stressede')
    })

    test('a search for »teenageren« finds the teenager article from /blog’s own form, the match marked', async ({ page }) => {
      await page.goto(`${blog.url}/blog`)
      await page.getByRole('main').getByRole('searchbox', { name: 'Søg i artiklerne' }).fill('teenagere')
      await page.getByRole('main').getByRole('button', { name: 'Søg' }).click()
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(page.getByRole('article').getByRole('link')).toHaveAttribute('href', '/blog/teenagere-og-skaerme')
      await expect(page.getByRole('article').locator('mark')).toHaveText(['Teenagere'])
    })

    test('nothing found offers the categories and her places to start', async ({ page }) => {
      await page.goto(`${blog.url}/blog?q=xyzzy`)
      await expect(page.getByRole('status')).toContainText('Søgningen på »xyzzy« gav ingen artikler')
      await expect(page.getByRole('navigation', { name: 'Kategorier' }).getByRole('link')).toHaveCount(11)
      await expect(page.getByRole('navigation', { name: 'Gode steder at begynde' }).getByRole('link')).toHaveText(['Små skridt mod et roligere liv', 'Når stress fylder'])
    })
  })

  test('any query is answered 200, never an error', async ({ request }) => {
    const hostile = ['"', 'stress"', '***', '-stress', 'NOT stress', 'NEAR(stress fylder, 2)', 'title:stress', '(((', "'; DROP TABLE blog_posts; --", 'x'.repeat(2000), '😀 stress 👩‍👩‍👧', '\u202Estress\u200B', '%']
    for (const query of hostile) {
      const response = await request.get(`${blog.url}/blog?q=${encodeURIComponent(query)}`)
      expect(response.status(), query.slice(0, 40)).toBe(200)
      expect(await response.text()).toContain('Søg i bloggen')
    }
  })

  test('axe finds nothing on the blog with its form, a result page and a page without results', async ({ page }) => {
    for (const path of ['/blog', '/blog?q=stress', '/blog?q=xyzzy']) {
      await page.goto(`${blog.url}${path}`)
      await expectNoAxeViolations(page)
    }
  })
})
