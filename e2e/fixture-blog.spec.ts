import { readdirSync } from 'node:fs'
import { expect, test } from './helpers'
import { BLOG_DIR, FIXTURE_BLOG_DIRS } from './environment'
import { site } from './content'

// The shared server's blog and facts are the fixtures' (tests/fixtures/blog and tests/fixtures/e2e-blog,
// tests/fixtures/content, copied by e2e/environment.ts), never the coach's content/: the specs'
// slugs, titles and facts hold whatever she publishes, changes or renames.
const slugsIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -'.md'.length)).sort()

test('the shared server shows exactly the fixture articles, among them one content/blog never has', async ({ page, request }) => {
  const fixtureSlugs = FIXTURE_BLOG_DIRS.flatMap(slugsIn).sort()
  expect(slugsIn(BLOG_DIR)).toEqual(fixtureSlugs)
  expect(slugsIn('content/blog')).not.toContain('fixtur-gaaturen-foer-morgenmaden')

  const sitemap = await (await request.get('/sitemap.xml')).text()
  const served = [...sitemap.matchAll(/\/blog\/([a-z0-9-]+)<\/loc>/g)].map((match) => match[1]!).sort()
  expect(served).toEqual(fixtureSlugs)

  await page.goto('/blog/fixtur-gaaturen-foer-morgenmaden')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gåturen før morgenmaden')
})

test('the shared server shows the fixture facts: the shipped sample phone number, as the specs read it', async ({ page }) => {
  // The specs read the facts from the same copy (e2e/content.ts), so this is the shipped sample.
  expect(site.phone.href).toBe('tel:+4521436587')
  await page.goto('/kontakt')
  await expect(page.locator(`a[href="${site.phone.href}"]`).first()).toBeVisible()
})
