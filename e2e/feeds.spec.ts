import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { daysAgo, writeArticle } from './articles'
import { expect, test } from './helpers'
import { type InstanceOptions, type ServerInstance, seedDatabase } from './server-instance'

// The sitemap and the RSS feed, read by search engines and feed readers, on a blog of known
// articles: one with the characters XML must escape, one older, and one scheduled for next month.

const tricky = { slug: 'ro-og-balance', title: 'Ro & balance: <små> skridt og "store" mål', description: 'Om ro & overskud, når alt haster <nu>.', publishedAt: daysAgo(10) }
const older = { slug: 'en-aeldre-artikel', title: 'En ældre artikel', publishedAt: daysAgo(100) }
const scheduled = { slug: 'planlagt-artikel', title: 'Planlagt til næste måned', publishedAt: daysAgo(-30) }

let contentDir: string
test.beforeAll(() => {
  contentDir = mkdtempSync(join(tmpdir(), 'coach-feeds-'))
  for (const article of [tricky, older, scheduled]) writeArticle(contentDir, article)
})
test.afterAll(() => rmSync(contentDir, { recursive: true, force: true }))

const launchBlog = (launchServer: (options?: InstanceOptions) => Promise<ServerInstance>) =>
  launchServer({ prepare: ({ databaseFile }) => void seedDatabase(databaseFile, contentDir) })

/** Parses XML as a feed reader would (the browser's strict XML parser): a mistake in escaping fails here. */
async function parseXml(page: Page, xml: string, select: string, fields: string[]) {
  return page.evaluate(
    ({ xml, select, fields }) => {
      const document = new DOMParser().parseFromString(xml, 'application/xml')
      const error = document.querySelector('parsererror')
      if (error) throw new Error(`Not well-formed XML: ${error.textContent}`)
      return [...document.querySelectorAll(select)].map((node) => Object.fromEntries(fields.map((field) => [field, node.querySelector(field)?.textContent ?? null])))
    },
    { xml, select, fields },
  )
}

test('the sitemap lists the pages and the published articles, not the scheduled one, as well-formed XML', async ({ launchServer, page }) => {
  const server = await launchBlog(launchServer)
  const response = await fetch(`${server.url}/sitemap.xml`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const entries = await parseXml(page, await response.text(), 'url', ['loc', 'lastmod'])
  const locations = entries.map((entry) => entry.loc)
  for (const path of ['/', '/om', '/ydelser', '/blog', '/referencer', '/kontakt', '/privatlivspolitik']) expect(locations).toContain(`${server.url}${path}`)
  expect(locations.filter((loc) => loc!.includes('/blog/'))).toEqual([`${server.url}/blog/${tricky.slug}`, `${server.url}/blog/${older.slug}`])
  for (const { lastmod } of entries) if (lastmod) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/)
})

test('the RSS feed has the published articles newest first, titles and descriptions escaped, and not the scheduled one', async ({ launchServer, page }) => {
  const server = await launchBlog(launchServer)
  const response = await fetch(`${server.url}/rss.xml`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
  const xml = await response.text()
  // Escaped once: a reader shows the title exactly as the coach wrote it.
  expect(xml).toContain('<title>Ro &amp; balance: &lt;små&gt; skridt og &quot;store&quot; mål</title>')
  const items = await parseXml(page, xml, 'item', ['title', 'link', 'description', 'pubDate'])
  expect(items.map(({ title, link, description }) => ({ title, link, description }))).toEqual([
    { title: tricky.title, link: `${server.url}/blog/${tricky.slug}`, description: tricky.description },
    { title: older.title, link: `${server.url}/blog/${older.slug}`, description: 'En artikel til testen.' },
  ])
  expect(new Date(items[0]!.pubDate!).toISOString().slice(0, 10)).toBe(tricky.publishedAt)
  expect(xml).not.toContain(scheduled.slug)
})

test('a scheduled article is nowhere on the site before its date', async ({ launchServer, page }) => {
  const server = await launchBlog(launchServer)
  expect((await fetch(`${server.url}/blog/${scheduled.slug}`)).status).toBe(404)
  await page.goto(`${server.url}/blog`)
  await expect(page.getByRole('navigation', { name: 'Kategorier' }).getByRole('link', { name: /Alle artikler/ })).toContainText('2')
  await expect(page.getByRole('article').filter({ hasText: scheduled.title })).toHaveCount(0)
  await expect(page.getByRole('article').filter({ hasText: older.title })).toHaveCount(1)
})
