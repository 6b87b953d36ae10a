import { describe, expect, it } from 'vitest'
import { site } from '#content/site'
import { pageTitle, seo } from '~/lib/seo'

const SITE_URL = 'https://coach.example'
type Tag = Record<string, unknown>
const metaOf = (tags: Tag[], key: string) => tags.filter((tag) => tag.name === key || tag.property === key)

describe('page title rule', () => {
  it('appends the coach and the tagline to a page title', () => {
    expect(pageTitle('Om mig')).toBe('Om mig | Birgitte Holm - Din Personlige Coach')
  })

  it('uses the tagline as is when it is the title', () => {
    expect(pageTitle(site.tagline)).toBe(site.tagline)
  })
})

describe('seo()', () => {
  it('falls back to the site description and keywords, and points everything at SITE_URL', () => {
    const head = seo({ title: 'Om mig', path: '/om' }, SITE_URL)
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
    const meta = seo({ title: 'Om mig', path: '/om' }, SITE_URL).meta as Tag[]
    const keys = meta.map((tag) => tag.name ?? tag.property ?? (tag.title ? 'title' : 'ld'))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('adds the article fields, one article:tag per tag, and the structured data', () => {
    const head = seo(
      {
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
