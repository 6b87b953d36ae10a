import type { Article, BlogIndex, BlogSearchResult } from '~/lib/blog'
import { ogImageFor } from '~/lib/blog'
import { articleHref, blogHref } from '~/lib/blog-search'
import { type CategoryFilter, categoryLabels } from '~/lib/categories'
import { type JsonObject, type PageHead, absoluteUrl, seo } from '~/lib/seo'
import { getSite } from '~/server/content/content.server'

/**
 * Every public page's head (title, meta tags, canonical link, JSON-LD), built here and sent with the
 * page's data; the route's head() only hands it on (headFromPageData, app/lib/seo.ts). Built in a
 * route's head(), the helper and every title and description were part of the script each page
 * loads (1.5 kB gzip of the 95 kB budget).
 */

export function homeHead(structuredData: JsonObject): PageHead {
  const site = getSite()
  return seo({ site, title: site.tagline, path: '/', structuredData })
}

export function aboutHead(): PageHead {
  const site = getSite()
  return seo({
    site,
    title: 'Om mig',
    description: `Mød ${site.name}, certificeret coach i Fredericia siden ${site.foundingYear}. Læs om min baggrund, min tilgang og mine værdier: empati, vækst og balance.`,
    path: '/om',
  })
}

export const servicesHead = (): PageHead =>
  seo({
    site: getSite(),
    title: 'Ydelser',
    description: 'Personlig udvikling, stresshåndtering, relationscoaching, karrierecoaching, ledercoaching samt foredrag og workshops – i Fredericia og online.',
    path: '/ydelser',
  })

export const referencesHead = (showsSamples: boolean): PageHead =>
  seo({
    site: getSite(),
    title: 'Referencer',
    // While the names and quotations are samples, the description does not present them as real.
    description: showsSamples
      ? 'Her kommer referencer fra virksomheder, skoler og privatpersoner, jeg har arbejdet med. Indtil da viser siden eksempler.'
      : 'Virksomheder, skoler og privatpersoner, jeg har arbejdet med – og hvad de selv fortæller om coachingforløbet.',
    path: '/referencer',
  })

/** The paid booking pages and an order's page: not indexed, one short title each. */
export const paidPageHead = (title: string, path: string): PageHead => seo({ site: getSite(), title, path, noindex: true })

export const termsHead = (): PageHead => seo({ site: getSite(), title: 'Vilkår', path: '/vilkaar' })

export const privacyHead = (): PageHead =>
  seo({
    site: getSite(),
    title: 'Privatlivspolitik',
    description: 'Sådan behandler jeg dine personoplysninger, når du besøger hjemmesiden, skriver til mig, booker en samtale eller bliver klient.',
    path: '/privatlivspolitik',
  })

export function contactHead(faq: ReadonlyArray<{ question: string; answer: string }>): PageHead {
  const site = getSite()
  return seo({
    site,
    title: 'Kontakt',
    description: `Book en uforpligtende samtale med ${site.name}, certificeret coach i Fredericia. Skriv eller ring – jeg svarer inden for én hverdag.`,
    path: '/kontakt',
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faq.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
    },
  })
}

/** The page names the category it shows, in its heading and in its title. */
export const blogHeading = (category: CategoryFilter | undefined) => (category && category !== 'all' ? `Blog: ${categoryLabels[category]}` : 'Blog')

const BLOG_DESCRIPTION = 'Artikler om coaching, stress, teenagere, parforhold, karriere og livskvalitet – skrevet af en certificeret coach i Fredericia.'

/** A page of the blog index, or of a search (which search engines leave out: it is a visitor's question, not a page of the site). */
export function blogHead(page: Pick<BlogIndex, 'category' | 'page'> | Pick<BlogSearchResult, 'query' | 'page'>): PageHead {
  const side = page.page > 1 ? page.page : undefined
  const search = 'query' in page ? { q: page.query, side } : { kategori: page.category === 'all' ? undefined : page.category, side }
  const title = search.q !== undefined ? `Søgning: ${search.q}` : blogHeading(search.kategori)
  return seo({ site: getSite(), title: `${title}${side ? ` – side ${side}` : ''}`, description: BLOG_DESCRIPTION, path: blogHref(search), noindex: search.q !== undefined })
}

export function articleHead(article: Article): PageHead {
  const site = getSite()
  const path = articleHref(article.slug)
  const image = absoluteUrl(ogImageFor(article.imageUrl))
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Hjem', item: absoluteUrl('/') },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: absoluteUrl('/blog') },
      { '@type': 'ListItem', position: 3, name: article.title, item: absoluteUrl(path) },
    ],
  }
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    image,
    author: { '@type': 'Person', name: article.author },
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    publisher: { '@type': 'Organization', name: site.tagline, logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(path) },
    inLanguage: 'da-DK',
    keywords: article.keywords.join(', '),
  }
  return seo({
    site,
    title: article.title,
    description: article.description,
    keywords: article.keywords.length > 0 ? article.keywords : undefined,
    image,
    path,
    type: 'article',
    article: { author: article.author, publishedTime: article.publishedAt, modifiedTime: article.updatedAt, section: article.section, tags: article.tags },
    structuredData: article.jsonLd ? [posting, breadcrumbs] : breadcrumbs,
  })
}

export const bookingWeekHead = (): PageHead =>
  seo({ site: getSite(), title: 'Book en samtale', description: 'Vælg en tid til en gratis, uforpligtende første samtale – i telefonen, på video eller i Fredericia.', path: '/book-samtale', noindex: true })

export const chosenSlotHead = (time: string): PageHead =>
  seo({ site: getSite(), title: 'Book en samtale', description: 'Book en gratis, uforpligtende første samtale.', path: `/book-samtale/${time}`, noindex: true })

/** The token must not travel in a canonical link or anywhere else. */
export const manageBookingHead = (): PageHead => seo({ site: getSite(), title: 'Din booking', description: 'Flyt eller aflys din samtale.', path: '/booking', noindex: true })

/** Both newsletter pages; never cached, and a link's token must not travel in a canonical link or anywhere else. */
export const newsletterHead = (): PageHead => seo({ site: getSite(), title: 'Nye artikler', path: '/nyhedsbrev', noindex: true })
