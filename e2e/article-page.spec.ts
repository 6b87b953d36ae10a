import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { expect, expectNoAxeViolations, gotoInteractive, test } from './helpers'
import { SERVER_START_TIMEOUT_MS, type ServerInstance, startFixtureBlog } from './server-instance'

/** The cards under the articles as the shared server has them (the fixture copy of content/artikelafslutninger.yaml). */
const articleClosings = parse(readFileSync('tests/fixtures/content/artikelafslutninger.yaml', 'utf8')) as Record<string, { overskrift: string }>

// What a reader meets on an article page, server-rendered from articles written here: the reading
// time, »Opdateret« and dateModified from updatedAt, the table of contents of a long article, the
// shared footnote and the closing card of the article's category.
const part = (heading: string) => `## ${heading}\n\n${'Et roligt afsnit om at finde fodfæste i en travl hverdag. '.repeat(45)}`
const longBody = ['Først lægen', 'Så coachen', 'Små skridt', 'Når det går igen'].map(part).join('\n\n')

let blog: ServerInstance
let dispose: (() => Promise<void>) | undefined

test.describe('an article page', () => {
  test.describe.configure({ timeout: 90_000 })
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS)
    ;({ server: blog, dispose } = await startFixtureBlog([
      { slug: 'langt-forloeb', title: 'Et langt forløb', category: 'stress', publishedAt: '2024-05-01', updatedAt: '2026-12-03', anonymised: true, jsonLd: true, body: longBody },
      { slug: 'kort-tekst', title: 'En kort tekst', category: 'relationship', publishedAt: '2024-04-01' },
    ]))
  })
  test.afterAll(async () => {
    await dispose?.()
  })

  test('a long article: reading time, »Opdateret«, a table of contents that leads to its headings, the footnote and its card', async ({ page }) => {
    await gotoInteractive(page, `${blog.url}/blog/langt-forloeb`)
    await expect(page.getByText('Læsetid 10 minutter')).toBeVisible()
    await expect(page.getByText('Opdateret 3. december 2026')).toBeVisible()

    const contents = page.getByRole('navigation', { name: 'Indhold' })
    await expect(contents.getByRole('link')).toHaveText(['Først lægen', 'Så coachen', 'Små skridt', 'Når det går igen'])
    await contents.getByRole('link', { name: 'Små skridt' }).click()
    await expect(page).toHaveURL(`${blog.url}/blog/langt-forloeb#smaa-skridt`)
    await expect(page.getByRole('heading', { level: 2, name: 'Små skridt' })).toBeInViewport()

    await expect(page.getByText(/^Om eksemplerne: Navne og genkendelige detaljer er ændret/)).toBeVisible()
    const card = page.getByRole('complementary', { name: articleClosings.stress!.overskrift })
    await expect(card.getByRole('link', { name: 'Book en gratis samtale' })).toHaveAttribute('href', '/book-samtale')
    await expect(card.getByRole('link', { name: 'Kontakt mig' })).toHaveAttribute('href', '/kontakt')
    await expectNoAxeViolations(page)
  })

  test('a short article: reading time, no »Opdateret«, no table of contents, no footnote, the card of its own category', async ({ page }) => {
    await page.goto(`${blog.url}/blog/kort-tekst`)
    await expect(page.getByText('Læsetid 1 minut', { exact: true })).toBeVisible()
    await expect(page.getByText(/Opdateret/)).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Indhold' })).toHaveCount(0)
    await expect(page.getByText(/Om eksemplerne/)).toHaveCount(0)
    await expect(page.getByRole('complementary', { name: articleClosings.parforhold!.overskrift })).toBeVisible()
  })

  test('updatedAt is the structured data’s dateModified and the article’s modified time', async ({ request }) => {
    const html = await (await request.get(`${blog.url}/blog/langt-forloeb`)).text()
    expect(html).toContain('"dateModified":"2026-12-03T00:00:00.000Z"')
    expect(html).toMatch(/<meta property="article:modified_time" content="2026-12-03T00:00:00.000Z"[^>]*>/)
  })
})
