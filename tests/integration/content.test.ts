import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { categories } from '~/lib/categories'
import { site } from '~/server/content/content.server'
import { SHIPPED_ARTICLES_DIR, articles, asWord, bySlug, caseNames, fullText, paragraphs, words } from './articles'

describe('the articles the site shipped with', () => {
  it('are real articles of at least 350 words, with sections', () => {
    for (const article of articles) {
      expect(words(article.bodyHtml), article.slug).toBeGreaterThanOrEqual(350)
      expect(article.bodyHtml, article.slug).toMatch(/<h2 id="[a-z0-9-]+">/)
      expect(article.description.length, article.slug).toBeLessThanOrEqual(160)
    }
  })

  it('cover every category', () => {
    expect(new Set(articles.map((article) => article.category))).toEqual(new Set(categories))
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
    const allowedCtas = ['Kontakt mig nu', 'Kontakt mig i dag', 'Start din rejse i dag', 'Skriv til mig', 'Start samtalen', 'Kontakt mig']
    for (const article of articles) if (article.cta) expect(allowedCtas, article.slug).toContain(article.cta)
  })

  it('state the facts the site promises', () => {
    const stress = bySlug('stress-er-ikke-svaghed')
    expect(stress.publishedAt).toBe('2025-09-18T00:00:00.000Z')
    expect(stress.bodyHtml.match(/<h2 /g)?.length).toBeGreaterThanOrEqual(5)

    expect(bySlug('kan-teenagere-vaere-stresset').text).toMatch(/mindst 8 timer/)
    expect(bySlug('kan-teenagere-vaere-stresset').text).toMatch(/21 år/)
    expect(bySlug('kan-teenagere-vaere-stresset').text.toLowerCase()).toMatch(/vigtig[\s\S]*haster/)

    const worried = bySlug('er-du-bekymret-for-din-teenager').bodyHtml
    expect(worried.match(/<ol>([\s\S]*?)<\/ol>/)?.[1]?.match(/<li>/g)).toHaveLength(5)

    const fats = bySlug('fedtsyrebalancen').text
    for (const ratio of ['1:1', '1:4', '1:15', '1:20', '1:30']) expect(fats).toContain(ratio)

    expect(bySlug('hjaelp-fra-teenagecoach').text.toLowerCase()).toMatch(/fortrolig|tavshedspligt|bliver mellem os/)
    expect(bySlug('generthe-og-nye-roller').bodyHtml).toMatch(/<ul>/)
  })

  it('leave no placeholder text', () => {
    for (const article of articles) {
      const source = readFileSync(`${SHIPPED_ARTICLES_DIR}/${article.slug}.md`, 'utf8')
      expect(source, article.slug).not.toMatch(/lorem ipsum|TODO|\{name\}|xxx/i)
    }
  })

  it('tell one story: 20+ years, 3–5 sessions, a reply within one working day, the coach’s name from site.ts', () => {
    expect(articles.some((article) => /tre til fem samtaler/.test(fullText(article)))).toBe(true)
    for (const article of articles) {
      const text = fullText(article)
      expect(text, article.slug).not.toMatch(/\b(?!tre til fem )(?:en|to|tre|fire|fem|seks|syv|otte|\d+) til (?:to|tre|fire|fem|seks|syv|otte|ti|\d+) samtaler|\b(?!3\s*[-–]\s*5 )\d+\s*[-–]\s*\d+ samtaler/)
      expect(text.replace(/tre til fem samtaler/g, ''), article.slug).not.toMatch(/\b(?:tre til fire|3[-–]4)\b/)
      for (const claim of text.matchAll(/(\S+) års erfaring|(\S+) år som coach/g)) expect(claim[1] ?? claim[2], article.slug).toBe('20')
      expect(text, article.slug).not.toMatch(/femten års|inden for 24 timer|inden for et døgn/)
    }
    // The name is written {{fornavn}} or {{navn}} and filled in from content/site.yaml by the seed.
    const [firstName] = site.name.split(' ')
    for (const article of articles) {
      const source = readFileSync(`${SHIPPED_ARTICLES_DIR}/${article.slug}.md`, 'utf8')
      for (const name of [site.name, firstName!]) expect(source, article.slug).not.toMatch(asWord(name))
    }
  })

  it('use one kind of quotation marks: »…«', () => {
    for (const article of articles) {
      const text = fullText(article)
      expect(text, article.slug).not.toMatch(/["“”„]/)
      // '…' as quotation marks, told apart from apostrophes by the space before the opening one.
      expect(text, article.slug).not.toMatch(/(?:^|[\s(])'[^'\n]{2,}'(?=[\s.,!?:;)]|$)/)
    }
  })

  it('vary how cases are told: few open with »jeg vil kalde«, and no made-up name is two different people', () => {
    const withFormula = articles.filter((article) => /jeg vil kalde/i.test(fullText(article))).map((article) => article.slug)
    expect(withFormula.length, withFormula.join(', ')).toBeLessThanOrEqual(5)

    // Where each made-up name is introduced (see caseNames). Sofie and Jonas are the couple of
    // sofie-og-jonas. A name introduced in one article and found in another, introduced or not,
    // is two people with one name.
    const home = new Map<string, string[]>([['Sofie', ['sofie-og-jonas']], ['Jonas', ['sofie-og-jonas']]])
    for (const article of articles) {
      for (const name of caseNames(fullText(article))) {
        const slugs = home.get(name) ?? []
        if (!slugs.includes(article.slug)) home.set(name, [...slugs, article.slug])
      }
    }
    const reused = [...home].flatMap(([name, [first, ...others]]) => {
      const elsewhere = articles.filter((article) => article.slug !== first && asWord(name).test(fullText(article))).map((article) => article.slug)
      return elsewhere.length > 0 ? [`${name}: ${[first, ...new Set([...others, ...elsewhere])].join(', ')}`] : []
    })
    expect(reused).toEqual([])
  })
})
