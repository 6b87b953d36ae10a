import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { articleSlugs } from '#content/article-slugs'
import { readArticleFolder } from '#db/sync-blog'
import { categories } from '~/lib/categories'

const articles = readArticleFolder('content/blog')
const plainText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/g, ' ')
const words = (html: string) => plainText(html).split(/\s+/).filter(Boolean).length
const paragraphs = (html: string) =>
  [...html.matchAll(/<(p|li)>([\s\S]*?)<\/\1>/g)].map((match) => plainText(match[2] ?? '').replace(/\s+/g, ' ').trim())
const bySlug = (slug: string) => {
  const article = articles.find((candidate) => candidate.slug === slug)
  if (!article) throw new Error(`${slug} mangler`)
  return { ...article, text: plainText(article.bodyHtml) }
}

describe('the articles in content/blog', () => {
  it('are exactly the slugs the site promises', () => {
    expect(articles.map((article) => article.slug).sort()).toEqual([...articleSlugs].sort())
  })

  it('are real articles of at least 350 words, with sections', () => {
    for (const article of articles) {
      expect(words(article.bodyHtml), article.slug).toBeGreaterThanOrEqual(350)
      expect(article.bodyHtml, article.slug).toContain('<h2>')
      expect(article.description.length, article.slug).toBeLessThanOrEqual(160)
    }
  })

  it('cover every category, and every one has a cover image in both sizes', () => {
    expect(new Set(articles.map((article) => article.category))).toEqual(new Set(categories))
    for (const article of articles) {
      for (const file of [article.imageUrl, article.imageUrl.replace('.webp', '-600.webp'), article.imageUrl.replace('.webp', '.jpg')]) {
        expect(existsSync(`public${file}`), file).toBe(true)
      }
    }
  })

  it('never share a paragraph', () => {
    const seen = new Map<string, string>()
    for (const article of articles) {
      for (const paragraph of paragraphs(article.bodyHtml).filter((text) => text.split(' ').length >= 12)) {
        expect(seen.get(paragraph), `${article.slug}: "${paragraph.slice(0, 60)}…"`).toBeUndefined()
        seen.set(paragraph, article.slug)
      }
    }
  })

  it('use both hero styles, mostly end with a call to action, and a third carry structured data', () => {
    expect(new Set(articles.map((article) => article.hero))).toEqual(new Set(['image', 'gradient']))
    expect(articles.filter((article) => article.cta).length).toBeGreaterThan(articles.length / 2)
    expect(articles.filter((article) => article.jsonLd).length).toBeGreaterThanOrEqual(articles.length / 3)
    const allowedCtas = ['Kontakt mig nu', 'Kontakt mig i dag', 'Start din rejse i dag', 'Book en telefoncoaching', 'Start samtalen', 'Kontakt mig']
    for (const article of articles) if (article.cta) expect(allowedCtas, article.slug).toContain(article.cta)
  })

  it('state the facts the spec gives', () => {
    const stress = bySlug('stress-er-ikke-svaghed')
    expect(stress.publishedAt).toBe('2025-09-18T00:00:00.000Z')
    expect(stress.bodyHtml.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(5)

    expect(bySlug('kan-teenagere-vaere-stresset').text).toMatch(/mindst 8 timer/)
    expect(bySlug('kan-teenagere-vaere-stresset').text).toMatch(/21 år/)
    expect(bySlug('kan-teenagere-vaere-stresset').text.toLowerCase()).toMatch(/vigtig[\s\S]*haster/)

    const worried = bySlug('er-du-bekymret-for-din-teenager').bodyHtml
    expect(worried.match(/<ol>([\s\S]*?)<\/ol>/)?.[1]?.match(/<li>/g)).toHaveLength(5)

    const fats = bySlug('fedtsyrebalancen').text
    for (const ratio of ['1:1', '1:4', '1:15', '1:20', '1:30']) expect(fats).toContain(ratio)
    expect(fats).toMatch(/2-3 gange om ugen|2–3 gange om ugen/)

    expect(articles.some((article) => /tre til fire samtaler/.test(plainText(article.bodyHtml)))).toBe(true)
    expect(bySlug('hjaelp-fra-teenagecoach').text.toLowerCase()).toMatch(/fortrolig|tavshedspligt|bliver mellem os/)
    expect(bySlug('generthe-og-nye-roller').bodyHtml).toMatch(/<ul>/)
  })

  it('leave no placeholder text', () => {
    for (const article of articles) {
      const source = readFileSync(`content/blog/${article.slug}.md`, 'utf8')
      expect(source, article.slug).not.toMatch(/lorem ipsum|TODO|\{name\}|xxx/i)
    }
  })
})
