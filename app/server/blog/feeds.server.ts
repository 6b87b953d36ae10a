import { site } from '~/server/content/content.server'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { listArticlesForFeeds } from '~/server/blog/blog.server'
import { POSTS_PER_PAGE } from '~/lib/blog'
import { articleHref, blogHref } from '~/lib/blog-search'
import { type Category, categoryLabels } from '~/lib/categories'
import { getSiteUrl } from '~/lib/site-url'
import { escapeMarkup } from '~/server/http/responses.server'

const staticPages = ['/', '/om', '/ydelser', '/blog', '/referencer', '/kontakt', '/privatlivspolitik']

const feedHeaders = (type: string) => ({
  'Content-Type': `${type}; charset=utf-8`,
  'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
})

export function sitemapResponse(now = new Date(), db: Db = getDb()) {
  const origin = getSiteUrl()
  const articles = listArticlesForFeeds(now, db)
  const newest = articles[0]?.updatedAt
  // The blog's further pages are listed (each is its own canonical page, so older articles stay a
  // few links from the start); the category views are not: they show the same articles again.
  const blogPages = Array.from({ length: Math.max(0, Math.ceil(articles.length / POSTS_PER_PAGE) - 1) }, (_, index) => blogHref({ side: index + 2 }))
  const urls = [
    ...staticPages.map((path) => ({ loc: `${origin}${path}`, lastmod: path === '/blog' || path === '/' ? newest : undefined })),
    ...blogPages.map((path) => ({ loc: `${origin}${path}`, lastmod: undefined })),
    ...articles.map((article) => ({ loc: `${origin}${articleHref(article.slug)}`, lastmod: article.updatedAt })),
  ]
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map(({ loc, lastmod }) => `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`
  return new Response(body, { headers: feedHeaders('application/xml') })
}

export function robotsResponse() {
  const body = `User-agent: *
Allow: /
Disallow: /_serverFn/

Sitemap: ${getSiteUrl()}/sitemap.xml
`
  return new Response(body, { headers: feedHeaders('text/plain') })
}

/** RSS 2.0 of the 20 newest articles, in Danish. */
export function rssResponse(now = new Date(), db: Db = getDb()) {
  const origin = getSiteUrl()
  const articles = listArticlesForFeeds(now, db).slice(0, 20)
  const items = articles.map((article) => {
    const link = `${origin}${articleHref(article.slug)}`
    return `    <item>
      <title>${escapeMarkup(article.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <description>${escapeMarkup(article.description)}</description>
      <pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>
      <category>${escapeMarkup(categoryLabels[article.category as Category] ?? article.category)}</category>
    </item>`
  })
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeMarkup(`Blog | ${site.tagline}`)}</title>
    <link>${origin}/blog</link>
    <description>${escapeMarkup('Artikler om coaching, stress, teenagere, parforhold, karriere og livskvalitet.')}</description>
    <language>da-dk</language>
    <atom:link href="${origin}/rss.xml" rel="self" type="application/rss+xml"/>
    ${articles[0] ? `<lastBuildDate>${new Date(articles[0].updatedAt).toUTCString()}</lastBuildDate>` : ''}
${items.join('\n')}
  </channel>
</rss>
`
  return new Response(body, { headers: feedHeaders('application/rss+xml') })
}
