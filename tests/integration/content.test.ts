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

    expect(bySlug('hjaelp-fra-teenagecoach').text.toLowerCase()).toMatch(/fortrolig|tavshedspligt|bliver mellem os/)
    expect(bySlug('generthe-og-nye-roller').bodyHtml).toMatch(/<ul>/)
  })

  it('leave no placeholder text', () => {
    for (const article of articles) {
      const source = readFileSync(`content/blog/${article.slug}.md`, 'utf8')
      expect(source, article.slug).not.toMatch(/lorem ipsum|TODO|\{name\}|xxx/i)
    }
  })

  it('tell one story: 20+ years, 3–5 sessions, a reply within one working day, the coach’s name from site.ts', () => {
    const texts = articles.map((article) => ({ slug: article.slug, text: plainText(`${article.title} ${article.description} ${article.bodyHtml}`) }))
    expect(texts.some(({ text }) => /tre til fem samtaler/.test(text))).toBe(true)
    for (const { slug, text } of texts) {
      expect(text, slug).not.toMatch(/\b(tre|fire|seks|3|4|6) til (fire|seks|syv|4|6|7) samtaler|\b[0-9]\s*[-–]\s*[0-9]+ samtaler/)
      for (const claim of text.matchAll(/(\S+) års erfaring/g)) expect(claim[1], slug).toMatch(/^20$/)
      expect(text, slug).not.toMatch(/femten års|inden for 24 timer|inden for et døgn/)
    }
    for (const article of articles) {
      const source = readFileSync(`content/blog/${article.slug}.md`, 'utf8')
      expect(source, article.slug).not.toMatch(/Birgitte|Holm\b/)
    }
  })

  it('use one kind of quotation marks: »…«', () => {
    for (const article of articles) {
      expect(plainText(article.bodyHtml), article.slug).not.toMatch(/["“”„]/)
    }
  })

  it('show where to find help in every article on depression, crisis, grief, bullying or dark thoughts', () => {
    const heavy = /deprim|depression|selvmord|mørke tanker|livslede|\bsorg|mobb|mobning|\bkrise/i
    const withLines = articles.filter((article) => heavy.test(plainText(article.bodyHtml)))
    expect(withLines.length).toBeGreaterThanOrEqual(10)
    for (const article of withLines) {
      expect(article.crisisLines, article.slug).toBe(article.category === 'teenage' ? 'teen' : 'adult')
    }
    // Numbers written in an article are the real ones.
    for (const article of articles) {
      const text = plainText(article.bodyHtml)
      if (/Livslinien/.test(text)) expect(text, article.slug).toContain('70 201 201')
      expect(text, article.slug).not.toMatch(/alarmcentralen/i)
    }
  })

  it('vary how cases are told: few open with »jeg vil kalde«, and no made-up name is two different people', () => {
    const withFormula = articles.filter((article) => /jeg vil kalde/i.test(plainText(article.bodyHtml)))
    expect(withFormula.map((article) => article.slug).length, withFormula.map((article) => article.slug).join(', ')).toBeLessThanOrEqual(5)

    // A case's name is introduced as »jeg vil kalde X«, »X (det er ikke hans/hendes rigtige navn)«,
    // »X, som hun/han hedder her« or »lad os kalde ham/hende X«. The same name introduced in two
    // articles is two people with one name.
    const introduced = new Map<string, string[]>()
    const patterns = [
      /(?:jeg (?:her )?(?:vil )?kalde|jeg her kalder|kalder jeg) (?:ham |hende |dem )?(\p{Lu}\p{Ll}+)/gu,
      /kalde (?:ham|hende|dem) (\p{Lu}\p{Ll}+)/gu,
      /her kaldet (\p{Lu}\p{Ll}+)/gu,
      /hedder ikke (\p{Lu}\p{Ll}+)/gu,
      /(\p{Lu}\p{Ll}+)(?: –|,)? (?:\(navnet er ændret\)|det er ikke (?:hans|hendes) rigtige navn|som (?:han|hun) hedder (?:her|i denne fortælling)|som ikke hedder)/gu,
    ]
    for (const article of articles) {
      const text = plainText(article.bodyHtml)
      for (const name of new Set(patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)))) {
        introduced.set(name, [...(introduced.get(name) ?? []), article.slug])
      }
    }
    const reused = [...introduced].filter(([, slugs]) => slugs.length > 1).map(([name, slugs]) => `${name}: ${slugs.join(', ')}`)
    expect(reused).toEqual([])
  })
})
