import type { Site } from '~/lib/content/content-types'
import { getSiteUrl } from '~/lib/site-url'

export type ArticleMeta = {
  author: string
  publishedTime: string
  modifiedTime?: string
  section: string
  tags: string[]
}

export type SeoOptions = {
  /** The coach's facts (getSite() on the server; siteOf(matches) in a head()). */
  site: Site
  title: string
  description?: string
  keywords?: readonly string[]
  /** Site-relative path or absolute URL of a 1200x630 preview image. */
  image?: string
  /** Site-relative path of the page, e.g. "/om". */
  path: string
  type?: 'website' | 'article'
  article?: ArticleMeta
  structuredData?: JsonObject | JsonObject[]
  /** Pages that must not be indexed, such as the not-found page. */
  noindex?: boolean
}

export const DEFAULT_OG_IMAGE = '/og/default.png'
export const OG_IMAGE_SIZE = { width: 1200, height: 630 }

/** Every page title reads '{title} | {name} - Din Personlige Coach', unless the title is the tagline itself. */
export function pageTitle(title: string, site: Pick<Site, 'tagline'>) {
  return title === site.tagline ? title : `${title} | ${site.tagline}`
}

export function absoluteUrl(pathOrUrl: string, siteUrl = getSiteUrl()) {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** What can travel as a page's data: a head is built on the server and sent with it. */
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject
export type JsonObject = { [key: string]: JsonValue | undefined }
/** A meta tag's attributes, a `title`, or a `script:ld+json` with its data. */
type MetaTag = { [attribute: string]: JsonValue | undefined }

/**
 * Builds everything a route's head() returns: one of each meta tag, the canonical link and
 * the JSON-LD blocks. Every route goes through this helper so no page forgets a tag.
 */
export function seo(options: SeoOptions, siteUrl = getSiteUrl()) {
  const { site } = options
  const title = pageTitle(options.title, site)
  const description = options.description ?? site.description
  const keywords = (options.keywords ?? site.keywords).join(', ')
  const url = absoluteUrl(options.path, siteUrl)
  const image = absoluteUrl(options.image ?? DEFAULT_OG_IMAGE, siteUrl)
  const type = options.type ?? 'website'

  const meta: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    { name: 'keywords', content: keywords },
    { name: 'author', content: options.article?.author ?? site.name },
    { name: 'robots', content: options.noindex ? 'noindex,follow' : 'index,follow' },
    { name: 'language', content: 'da' },
    { name: 'geo.region', content: 'DK' },
    { name: 'geo.placename', content: 'Fredericia/Vejle' },
    { name: 'geo.position', content: `${site.geo.latitude};${site.geo.longitude}` },
    { name: 'ICBM', content: `${site.geo.latitude}, ${site.geo.longitude}` },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: site.tagline },
    { property: 'og:locale', content: 'da_DK' },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(OG_IMAGE_SIZE.width) },
    { property: 'og:image:height', content: String(OG_IMAGE_SIZE.height) },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ]

  if (options.article) {
    const { author, publishedTime, modifiedTime, section, tags } = options.article
    meta.push(
      { property: 'article:author', content: author },
      { property: 'article:published_time', content: publishedTime },
      { property: 'article:modified_time', content: modifiedTime ?? publishedTime },
      { property: 'article:section', content: section },
      ...tags.map((tag) => ({ property: 'article:tag', content: tag })),
    )
  }

  // The router renders these as <script type="application/ld+json"> with the JSON escaped.
  // (head()'s meta type does not list this key, although the router supports it.)
  for (const data of [options.structuredData ?? []].flat()) meta.push({ 'script:ld+json': data })

  return { meta, links: [{ rel: 'canonical', href: url }] }
}

/** A page's head as seo() builds it: the server builds it with the page's data (app/server/pages/page-heads.server.ts). */
export type PageHead = ReturnType<typeof seo>

/**
 * A public route's head(): the head the server built and sent with the page's data, so neither
 * seo() nor a page's title and description are part of the route's script. Nothing while there is
 * no data (a page that failed keeps the root's title and robots tag).
 */
export const headFromPageData = ({ loaderData }: { loaderData?: { head?: PageHead } | null }) =>
  (loaderData?.head ?? {}) as { meta?: Array<React.JSX.IntrinsicElements['meta']>; links?: Array<React.JSX.IntrinsicElements['link']> }
