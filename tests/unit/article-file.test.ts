import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ArticleFileError, parseArticleFile } from '#db/article-file'
import { articleSource } from '../helpers'

const valid = { title: 'Stress er ikke svaghed', description: 'En kort beskrivelse.', category: 'stress', publishedAt: '2025-09-18' }

describe('article front matter', () => {
  it('turns a valid file into a row with defaults for what is left out', () => {
    const row = parseArticleFile('stress-er-ikke-svaghed.md', articleSource(valid))
    expect(row).toMatchObject({
      slug: 'stress-er-ikke-svaghed',
      category: 'stress',
      publishedAt: '2025-09-18T00:00:00.000Z',
      author: 'Birgitte Holm',
      section: 'Coaching',
      hero: 'gradient',
      cta: null,
      jsonLd: false,
      imageUrl: '/images/blog/stress-er-ikke-svaghed.webp',
    })
    expect(row.bodyHtml).toContain('<h2>Et afsnit</h2>')
  })

  it.each([
    ['title', { ...valid, title: '""' }],
    ['category', { ...valid, category: 'gossip' }],
    ['publishedAt', { ...valid, publishedAt: 'i går' }],
    ['description', { title: valid.title, category: valid.category, publishedAt: valid.publishedAt }],
    ['unknownField', { ...valid, unknownField: 'x' }],
  ])('names the file and the field "%s" when it is wrong', (field, frontMatter) => {
    const attempt = () => parseArticleFile('forkert.md', articleSource(frontMatter))
    expect(attempt).toThrow(ArticleFileError)
    expect(attempt).toThrow(/forkert\.md/)
    expect(attempt).toThrow(new RegExp(field))
  })

  it('refuses a file name that cannot be a slug', () => {
    expect(() => parseArticleFile('Min Artikel.md', articleSource(valid))).toThrow(/filnavnet/)
  })

  it('strips anything from the body that could run in a visitor’s browser', () => {
    const row = parseArticleFile(
      'farlig.md',
      articleSource(valid, 'Tekst <script>alert(1)</script> [klik](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n[ekstern](https://example.org)'),
    )
    expect(row.bodyHtml).not.toMatch(/<script|javascript:|onerror|<img/)
    expect(row.bodyHtml).toContain('<a href="https://example.org">ekstern</a>')
  })

  it('loads a title with an unquoted colon as the coach meant it, and fills in the coach’s name and certification', () => {
    const row = parseArticleFile('ro.md', articleSource({ ...valid, title: 'Ro: i hverdagen # en kommentar' }, 'Hej, jeg hedder {{fornavn}} ({{navn}}) og er certificeret af {{certificering}}.'))
    expect(row.title).toBe('Ro: i hverdagen')
    expect(row.bodyHtml).toContain('Hej, jeg hedder Birgitte (Birgitte Holm) og er certificeret af Eksempel Coachakademi.')
  })

  it.each([
    [{ ...valid, category: 'livet' }, 'feltet »category« er ikke en af sidens kategorier. Brug en af: teenage, relationship, stress, life, career'],
    [{ ...valid, publishedAt: '31-12-2025' }, 'feltet »publishedAt« er ikke en dato (»31-12-2025«). Skriv fx publishedAt: 2025-09-18 (år-måned-dag)'],
    [{ ...valid, forfatter: 'mig' }, 'feltet »forfatter« kendes ikke. Tilladte felter: title, description'],
    [{ ...valid, keywords: '[ro, stress' }, 'front matter kunne ikke læses'],
    [{ ...valid, crisisLines: 'ja' }, 'feltet »crisisLines« skal være adult (voksne) eller teen'],
  ])('says in Danish how to fix %j', (frontMatter, message) => {
    expect(() => parseArticleFile('forkert.md', articleSource(frontMatter))).toThrow(message)
  })

  it('keeps real YAML working next to the forgiving reading', () => {
    const read = (frontMatter: string) => parseArticleFile('ro.md', `---\n${frontMatter}\ncategory: life\npublishedAt: 2026-01-05\n---\nTekst.\n`)
    expect(read('title: "Ro: i hverdagen"\ndescription: >\n  En lang\n  beskrivelse').description).toBe('En lang beskrivelse')
    expect(read('title: Ro i\n  hverdagen\ndescription: Kort.').title).toBe('Ro i hverdagen')
    expect(read("title: 'Ro: i hverdagen'\ndescription: Kort.").title).toBe('Ro: i hverdagen')
    expect(read('title: "Ro" i hverdagen\ndescription: Kort.').title).toBe('"Ro" i hverdagen')
    expect(read('title:Ro\ndescription:Kort.').title).toBe('Ro')
  })

  it.each([
    ['title: Ro\ntitle: Uro', 'front matter kunne ikke læses i linje 3 (»title: Uro«): feltet står to gange'],
    ['keywords: [ro, stress\ntitle: Ro', 'front matter kunne ikke læses i linje 2 (»keywords: [ro, stress«): en liste i [ ] mangler sin afsluttende ]'],
    ['title: Ro\n\tdescription: Kort.', 'i linje 3 (»description: Kort.«): linjen begynder med et tabulatortegn'],
    ['title:', 'feltet »title« er tomt. Skriv fx: title: Ro i hverdagen'],
  ])('tells YAML trouble in Danish, with the line: %j', (frontMatter, message) => {
    expect(() => parseArticleFile('forkert.md', `---\n${frontMatter}\n---\nTekst.\n`)).toThrow(message)
  })

  it('reads dates as 2025-09-18 or 18. september 2025, and refuses a day that does not exist', () => {
    const publishedAt = (date: string) => parseArticleFile('ro.md', articleSource({ ...valid, publishedAt: date })).publishedAt
    expect(publishedAt('18. september 2025')).toBe('2025-09-18T00:00:00.000Z')
    expect(publishedAt('2025-09-18T10:30:00Z')).toBe('2025-09-18T10:30:00.000Z')
    expect(() => publishedAt('2026-02-31')).toThrow('feltet »publishedAt« er ikke en dato (»2026-02-31«)')
    expect(() => publishedAt('18. septembre 2025')).toThrow('er ikke en dato')
  })

  it('loads the example article the README gives the coach', () => {
    const readme = readFileSync('README.md', 'utf8')
    const example = /```markdown\n(---\n[\s\S]*?)```/.exec(readme)?.[1]
    expect(example).toBeDefined()
    const row = parseArticleFile('ro-i-hverdagen.md', example!)
    expect(row).toMatchObject({ title: 'Ro i hverdagen', category: 'life', crisisLines: 'adult', author: 'Birgitte Holm' })
    expect(row.bodyHtml).toContain('Jeg hedder Birgitte.')
  })

  it('refuses an unknown placeholder instead of publishing it', () => {
    expect(() => parseArticleFile('forkert.md', articleSource(valid, 'Hej {{efternavn}}'))).toThrow('ukendt pladsholder {{efternavn}}: brug {{fornavn}}, {{navn}} eller {{certificering}}')
  })
})
