import { describe, expect, it, vi } from 'vitest'
import { robotsResponse, rssResponse, sitemapResponse } from '~/server/blog/feeds.server'
import { insertPost, temporaryDatabase } from '../helpers'

const NOW = new Date('2025-10-01T12:00:00.000Z')
const FEED_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400'

// A trailing slash in SITE_URL must not give addresses with two slashes.
const withSiteUrl = () => vi.stubEnv('SITE_URL', 'https://coach.example/')

describe('sitemap.xml', () => {
  it('lists the pages and every published article with the day it last changed, and nothing scheduled', async () => {
    withSiteUrl()
    const { db } = temporaryDatabase()
    insertPost(db, 'gammel', 'life', '2025-03-02T00:00:00.000Z', { updatedAt: '2025-04-10T08:00:00.000Z' })
    insertPost(db, 'ny', 'stress', '2025-09-20T00:00:00.000Z', { updatedAt: '2025-09-21T23:30:00.000Z' })
    insertPost(db, 'i-morgen', 'stress', '2025-10-02T00:00:00.000Z')

    const response = sitemapResponse(NOW, db)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(FEED_CACHE)
    expect(await response.text()).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://coach.example/</loc><lastmod>2025-09-21</lastmod></url>
  <url><loc>https://coach.example/om</loc></url>
  <url><loc>https://coach.example/ydelser</loc></url>
  <url><loc>https://coach.example/blog</loc><lastmod>2025-09-21</lastmod></url>
  <url><loc>https://coach.example/referencer</loc></url>
  <url><loc>https://coach.example/kontakt</loc></url>
  <url><loc>https://coach.example/privatlivspolitik</loc></url>
  <url><loc>https://coach.example/blog/ny</loc><lastmod>2025-09-21</lastmod></url>
  <url><loc>https://coach.example/blog/gammel</loc><lastmod>2025-04-10</lastmod></url>
</urlset>
`)
  })

  it('lists the blog’s further pages once there are more articles than one page holds, but not the category views', async () => {
    withSiteUrl()
    const { db } = temporaryDatabase()
    const day = (index: number) => new Date(Date.UTC(2025, 0, 1 + index)).toISOString()
    for (let index = 0; index < 12; index++) insertPost(db, `artikel-${index}`, 'career', day(index))
    const pageLocs = async () => [...(await sitemapResponse(NOW, db).text()).matchAll(/<loc>([^<]*\/blog\?[^<]*)<\/loc>/g)].map((match) => match[1])

    expect(await pageLocs()).toEqual([])
    insertPost(db, 'artikel-12', 'career', day(12))
    expect(await pageLocs()).toEqual(['https://coach.example/blog?side=2'])
    for (let index = 13; index < 25; index++) insertPost(db, `artikel-${index}`, 'career', day(index))
    expect(await pageLocs()).toEqual(['https://coach.example/blog?side=2', 'https://coach.example/blog?side=3'])
  })

  it('has no last-changed date for the home page and the blog while there are no articles', async () => {
    withSiteUrl()
    const { db } = temporaryDatabase()
    const body = await sitemapResponse(NOW, db).text()
    expect(body).toContain('  <url><loc>https://coach.example/</loc></url>\n')
    expect(body).not.toContain('lastmod')
    expect(body).not.toContain('/blog/')
  })
})

describe('rss.xml', () => {
  it('gives the newest articles in Danish, with their category’s name, escaped, and nothing scheduled', async () => {
    withSiteUrl()
    const { db } = temporaryDatabase()
    insertPost(db, 'ro-og-hvile', 'relationship', '2025-09-20T00:00:00.000Z', {
      title: 'Ro & "hvile" <nu> i dag\'',
      description: 'Når to skal være én & to',
      updatedAt: '2025-09-22T10:00:00.000Z',
    })
    insertPost(db, 'gammel', 'ukendt-kategori', '2025-03-02T06:30:00.000Z')
    insertPost(db, 'i-morgen', 'stress', '2025-10-02T00:00:00.000Z')

    const response = rssResponse(NOW, db)
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(FEED_CACHE)
    expect(await response.text()).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Blog | Birgitte Holm - Din Personlige Coach</title>
    <link>https://coach.example/blog</link>
    <description>Artikler om coaching, stress, teenagere, parforhold, karriere og livskvalitet.</description>
    <language>da-dk</language>
    <atom:link href="https://coach.example/rss.xml" rel="self" type="application/rss+xml"/>
    <lastBuildDate>Mon, 22 Sep 2025 10:00:00 GMT</lastBuildDate>
    <item>
      <title>Ro &amp; &quot;hvile&quot; &lt;nu&gt; i dag&apos;</title>
      <link>https://coach.example/blog/ro-og-hvile</link>
      <guid isPermaLink="true">https://coach.example/blog/ro-og-hvile</guid>
      <description>Når to skal være én &amp; to</description>
      <pubDate>Sat, 20 Sep 2025 00:00:00 GMT</pubDate>
      <category>Parforhold</category>
    </item>
    <item>
      <title>gammel</title>
      <link>https://coach.example/blog/gammel</link>
      <guid isPermaLink="true">https://coach.example/blog/gammel</guid>
      <description>Beskrivelse</description>
      <pubDate>Sun, 02 Mar 2025 06:30:00 GMT</pubDate>
      <category>ukendt-kategori</category>
    </item>
  </channel>
</rss>
`)
  })

  it('holds the 20 newest articles, and no build date while there are none', async () => {
    withSiteUrl()
    const { db } = temporaryDatabase()
    expect(await rssResponse(NOW, db).text()).not.toContain('<lastBuildDate>')
    for (let index = 0; index < 21; index++) insertPost(db, `artikel-${index}`, 'life', new Date(Date.UTC(2025, 0, 1 + index)).toISOString())
    const links = [...(await rssResponse(NOW, db).text()).matchAll(/<link>https:\/\/coach\.example\/blog\/([^<]+)<\/link>/g)].map((match) => match[1])
    expect(links).toHaveLength(20)
    expect(links[0]).toBe('artikel-20')
    expect(links.at(-1)).toBe('artikel-1')
  })
})

describe('robots.txt', () => {
  it('allows everything but the server functions and names the sitemap', async () => {
    withSiteUrl()
    const response = robotsResponse()
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(FEED_CACHE)
    expect(await response.text()).toBe('User-agent: *\nAllow: /\nDisallow: /_serverFn/\n\nSitemap: https://coach.example/sitemap.xml\n')
  })

  it('drops every trailing slash of SITE_URL', async () => {
    vi.stubEnv('SITE_URL', 'https://coach.example//')
    expect(await robotsResponse().text()).toContain('Sitemap: https://coach.example/sitemap.xml\n')
  })

  it('uses the local address when SITE_URL is not set', async () => {
    vi.stubEnv('SITE_URL', undefined)
    expect(await robotsResponse().text()).toContain('Sitemap: http://localhost:3000/sitemap.xml\n')
  })
})
