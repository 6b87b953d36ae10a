import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import { absoluteUrl, pageTitle, seo } from '~/lib/seo'

const SITE_URL = 'https://coach.example'
type Tag = Record<string, unknown>
const metaOf = (tags: Tag[], key: string) => tags.filter((tag) => tag.name === key || tag.property === key)

describe('page title rule', () => {
  it('appends the coach and the tagline to a page title', () => {
    expect(pageTitle('Om mig', site)).toBe('Om mig | Birgitte Holm - Din Personlige Coach')
  })

  it('uses the tagline as is when it is the title', () => {
    expect(pageTitle(site.tagline, site)).toBe(site.tagline)
  })
})

describe('seo()', () => {
  it('falls back to the site description and keywords, and points everything at SITE_URL', () => {
    const head = seo({ site, title: 'Om mig', path: '/om' }, SITE_URL)
    const meta = head.meta as Tag[]
    expect(metaOf(meta, 'description')[0]?.content).toBe(site.description)
    expect(metaOf(meta, 'keywords')[0]?.content).toBe(site.keywords.join(', '))
    expect(head.links).toEqual([{ rel: 'canonical', href: `${SITE_URL}/om` }])
    expect(metaOf(meta, 'og:image')[0]?.content).toBe(`${SITE_URL}/og/default.png`)
    expect(metaOf(meta, 'og:image:width')[0]?.content).toBe('1200')
    expect(metaOf(meta, 'og:image:height')[0]?.content).toBe('630')
    expect(metaOf(meta, 'og:type')[0]?.content).toBe('website')
    expect(metaOf(meta, 'og:locale')[0]?.content).toBe('da_DK')
    expect(metaOf(meta, 'robots')[0]?.content).toBe('index,follow')
    expect(metaOf(meta, 'geo.region')[0]?.content).toBe('DK')
    expect(metaOf(meta, 'geo.placename')[0]?.content).toBe('Fredericia/Vejle')
    expect(metaOf(meta, 'language')[0]?.content).toBe('da')
  })

  it('emits each tag exactly once', () => {
    const meta = seo({ site, title: 'Om mig', path: '/om' }, SITE_URL).meta as Tag[]
    const keys = meta.map((tag) => tag.name ?? tag.property ?? (tag.title ? 'title' : 'ld'))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('adds the article fields, one article:tag per tag, and the structured data', () => {
    const head = seo(
      {
        site,
        title: 'Stress er ikke svaghed',
        path: '/blog/stress-er-ikke-svaghed',
        type: 'article',
        article: { author: 'Birgitte Holm', publishedTime: '2025-09-18T00:00:00.000Z', section: 'Coaching', tags: ['Stress', 'Trivsel'] },
        structuredData: { '@type': 'BlogPosting' },
      },
      SITE_URL,
    )
    const meta = head.meta as Tag[]
    expect(metaOf(meta, 'og:type')[0]?.content).toBe('article')
    expect(metaOf(meta, 'article:published_time')[0]?.content).toBe('2025-09-18T00:00:00.000Z')
    expect(metaOf(meta, 'article:modified_time')[0]?.content).toBe('2025-09-18T00:00:00.000Z')
    expect(metaOf(meta, 'article:section')[0]?.content).toBe('Coaching')
    expect(metaOf(meta, 'article:tag').map((tag) => tag.content)).toEqual(['Stress', 'Trivsel'])
    expect(meta.filter((tag) => 'script:ld+json' in tag)).toEqual([{ 'script:ld+json': { '@type': 'BlogPosting' } }])
  })
})

describe('seo() in full', () => {
  it('gives an article every tag a search engine and a social network reads, with the article’s own values', () => {
    const head = seo(
      {
        site,
        title: 'Ro i hverdagen',
        description: 'Om at finde ro.',
        keywords: ['ro', 'stress'],
        image: 'https://billeder.example/ro.jpg',
        path: 'blog/ro-i-hverdagen',
        type: 'article',
        article: { author: 'Anne Andersen', publishedTime: '2025-09-18T00:00:00.000Z', modifiedTime: '2025-10-02T08:00:00.000Z', section: 'Stress', tags: [] },
        structuredData: [{ '@type': 'BlogPosting' }, { '@type': 'BreadcrumbList' }],
        noindex: true,
      },
      SITE_URL,
    )
    const title = 'Ro i hverdagen | Birgitte Holm - Din Personlige Coach'
    const url = `${SITE_URL}/blog/ro-i-hverdagen`
    expect(head).toEqual({
      meta: [
        { title },
        { name: 'description', content: 'Om at finde ro.' },
        { name: 'keywords', content: 'ro, stress' },
        { name: 'author', content: 'Anne Andersen' },
        { name: 'robots', content: 'noindex,follow' },
        { name: 'language', content: 'da' },
        { name: 'geo.region', content: 'DK' },
        { name: 'geo.placename', content: 'Fredericia/Vejle' },
        { name: 'geo.position', content: '55.5658;9.7402' },
        { name: 'ICBM', content: '55.5658, 9.7402' },
        { property: 'og:type', content: 'article' },
        { property: 'og:title', content: title },
        { property: 'og:description', content: 'Om at finde ro.' },
        { property: 'og:url', content: url },
        { property: 'og:site_name', content: 'Birgitte Holm - Din Personlige Coach' },
        { property: 'og:locale', content: 'da_DK' },
        { property: 'og:image', content: 'https://billeder.example/ro.jpg' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:title', content: title },
        { name: 'twitter:description', content: 'Om at finde ro.' },
        { name: 'twitter:image', content: 'https://billeder.example/ro.jpg' },
        { property: 'article:author', content: 'Anne Andersen' },
        { property: 'article:published_time', content: '2025-09-18T00:00:00.000Z' },
        { property: 'article:modified_time', content: '2025-10-02T08:00:00.000Z' },
        { property: 'article:section', content: 'Stress' },
        { 'script:ld+json': { '@type': 'BlogPosting' } },
        { 'script:ld+json': { '@type': 'BreadcrumbList' } },
      ],
      links: [{ rel: 'canonical', href: url }],
    })
  })

  it('names the coach as author of a page that is not an article, and adds no article tags or structured data', () => {
    const meta = seo({ site, title: 'Om mig', path: '/om', image: '/billeder/portraet.jpg' }, SITE_URL).meta as Tag[]
    expect(metaOf(meta, 'author')[0]?.content).toBe('Birgitte Holm')
    expect(metaOf(meta, 'twitter:image')[0]?.content).toBe(`${SITE_URL}/billeder/portraet.jpg`)
    expect(meta.filter((tag) => String(tag.property ?? '').startsWith('article:') || 'script:ld+json' in tag)).toEqual([])
    expect(meta).toHaveLength(23)
  })

  it('keeps an http or https address as it is and puts a path under the site address', () => {
    expect(absoluteUrl('http://andet.example/x.png', SITE_URL)).toBe('http://andet.example/x.png')
    expect(absoluteUrl('https://andet.example/x.png', SITE_URL)).toBe('https://andet.example/x.png')
    expect(absoluteUrl('/om', SITE_URL)).toBe(`${SITE_URL}/om`)
    expect(absoluteUrl('om', SITE_URL)).toBe(`${SITE_URL}/om`)
    expect(absoluteUrl('x/https://andet.example', SITE_URL)).toBe(`${SITE_URL}/x/https://andet.example`)
    expect(absoluteUrl('httpsx://andet.example', SITE_URL)).toBe(`${SITE_URL}/httpsx://andet.example`)
  })
})
