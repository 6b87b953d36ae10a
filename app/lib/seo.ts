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
  /** The coach's facts: the root route's data (siteOf(matches) in a head()). */
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
  structuredData?: object | object[]
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

type MetaTag = React.JSX.IntrinsicElements['meta'] & { title?: string }

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
  for (const data of [options.structuredData ?? []].flat()) meta.push({ 'script:ld+json': data } as MetaTag)

  return { meta, links: [{ rel: 'canonical', href: url }] }
}
