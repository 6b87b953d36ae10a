import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { daysAgo, writeArticle } from './articles'
import { expect, test } from './helpers'
import { seedDatabase } from './server-instance'

/** The cards under the articles as the shared server has them (the fixture copy of content/artikelafslutninger.yaml). */
const articleClosings = parse(readFileSync('tests/fixtures/content/artikelafslutninger.yaml', 'utf8')) as Record<string, { overskrift: string }>

// Servers of their own, started and stopped per test: slower than the shared server on a busy machine.
test.describe.configure({ timeout: 90_000 })

// The crisis box is a promise to readers of heavy articles, so it is checked where they meet it:
// on article pages the production server renders, one of each kind, from articles the test writes.

test('an article marked adult, teen or not at all shows the crisis lines it promises, in the text and the call to action', async ({ launchServer, page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'coach-content-'))
  try {
    writeArticle(dir, { slug: 'naar-alt-er-tungt', title: 'Når alt føles tungt', publishedAt: daysAgo(3), crisisLines: 'adult' })
    writeArticle(dir, { slug: 'mobning-i-skolen', title: 'Når skolen gør ondt', publishedAt: daysAgo(2), crisisLines: 'teen' })
    writeArticle(dir, { slug: 'gode-vaner', title: 'Gode vaner i hverdagen', publishedAt: daysAgo(1) })
    const server = await launchServer({ prepare: ({ databaseFile }) => seedDatabase(databaseFile, dir) })
    const box = page.getByRole('complementary', { name: 'Har du brug for hjælp nu?' })
    const callToAction = page.getByRole('complementary', { name: articleClosings.livet!.overskrift })

    expect((await page.goto(`${server.url}/blog/naar-alt-er-tungt`))?.status()).toBe(200)
    await expect(box).toBeVisible()
    await expect(box.getByRole('listitem')).toHaveText([/^Livslinien: 70\s201\s201/, /^Ved akut fare: 112/, /^Lægevagten i Region Syddanmark: 70\s11\s07\s07/])
    await expect(box.getByRole('link', { name: /^70\s11\s07\s07$/ })).toHaveAttribute('href', 'tel:+4570110707')
    await expect(box.getByRole('link', { name: /^70\s201\s201$/ })).toHaveAttribute('href', 'tel:+4570201201')
    await expect(box.getByRole('link', { name: /^112$/ })).toHaveAttribute('href', 'tel:112')
    await expect(box).not.toContainText('BørneTelefonen')
    await expect(callToAction).toContainText('Har du det rigtig svært lige nu? Ring til Livslinien på 70 201 201 – eller 112 ved akut fare.')

    expect((await page.goto(`${server.url}/blog/mobning-i-skolen`))?.status()).toBe(200)
    await expect(box.getByRole('listitem').first()).toHaveText(/^BørneTelefonen: 116\s111/)
    await expect(box.getByRole('link', { name: /^116\s111$/ })).toHaveAttribute('href', 'tel:116111')
    await expect(box).toContainText('Livslinien: 70 201 201')
    await expect(box).toContainText('Ved akut fare: 112')
    await expect(callToAction).toContainText('Ring til BørneTelefonen på 116 111 eller Livslinien på 70 201 201 – eller 112 ved akut fare.')

    expect((await page.goto(`${server.url}/blog/gode-vaner`))?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gode vaner i hverdagen')
    await expect(callToAction).toBeVisible()
    await expect(box).toHaveCount(0)
    await expect(page.getByText('Livslinien')).toHaveCount(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
