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
    [
      { ...valid, category: 'livet' },
      'feltet »category« er ikke en af sidens kategorier (»livet«). Brug en af: Teenager coaching (teenage), Parforhold (relationship), Stress coaching (stress), Life coaching (life), Karriere coaching (career), Coaching indsigt (insights), Krisecoaching (crisis), Personlig udvikling (personal-development), Kosttilskud (kosttilskud), Specielle tilbud (special-offers)',
    ],
    [{ ...valid, publishedAt: '31-12-2025' }, 'feltet »publishedAt« er ikke en dato (»31-12-2025«). Skriv fx publishedAt: 2025-09-18 (år-måned-dag) eller 18.09.2025'],
    [{ ...valid, keywords: '[ro: stress]' }, 'feltet »keywords« skal være en liste af ord, fx keywords: [stress, trivsel]. Står der kolon i et ord, så sæt ordet i anførselstegn'],
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

  // The typing mistakes a coach makes, each at its own line (line 1 of the file is the opening ---).
  it.each([
    ['title: "Når du mangler overskud', 'linje 2 (»title: "Når du mangler overskud«): der mangler et afsluttende anførselstegn (") – sæt det til sidst i værdien, eller slet anførselstegnet i starten'],
    ["title: 'Når du mangler overskud", "linje 2 (»title: 'Når du mangler overskud«): der mangler et afsluttende anførselstegn (')"],
    ['title: Når du mangler overskud"', 'linje 2 (»title: Når du mangler overskud"«): anførselstegnene (") går ikke op'],
    ['title: Ro\ndescription: Kort."', 'linje 3 (»description: Kort."«): anførselstegnene (") går ikke op'],
    ['title: Ro\n  description: Kort.', 'linje 3 (»description: Kort.«): linjen er rykket ind – slet mellemrummene foran »description«, så feltet står helt ude til venstre som de andre'],
    ['title: Ro\ndescription: Kort.\n category: life', 'linje 4 (»category: life«): linjen er rykket ind'],
    ['title: Ro\n\tcategory: life', 'linje 3 (»category: life«): linjen begynder med et tabulatortegn – slet det'],
    ['title: Ro\ndescription Kort.', 'linje 3 (»description Kort.«): der mangler et kolon efter feltnavnet – skriv description: Kort.'],
    ['title: Ro\nKort beskrivelse.', 'linje 3 (»Kort beskrivelse.«): linjen er ikke et felt – skriv den som »navn: værdi«'],
  ])('stops on a typo at the right line, with advice that fits it: %j', (frontMatter, message) => {
    expect(() => parseArticleFile('forkert.md', `---\n${frontMatter}\ncategory: life\npublishedAt: 2026-01-05\n---\nTekst.\n`)).toThrow(
      `forkert.md: front matter kunne ikke læses i ${message}`,
    )
  })

  it('leaves quotes inside a value, a value over two lines and the text of a | block alone', () => {
    const read = (frontMatter: string) => parseArticleFile('ro.md', `---\n${frontMatter}\ncategory: life\npublishedAt: 2026-01-05\n---\nTekst.\n`)
    expect(read('title: Han sagde "hej" til mig\ndescription: Kort.').title).toBe('Han sagde "hej" til mig')
    expect(read('title: Ro\ndescription: |\n  Første linje.\n  title: er her bare tekst').description).toBe('Første linje.\ntitle: er her bare tekst')
    expect(read('title: "Ro i\n  hverdagen"\ndescription: Kort.').title).toBe('Ro i hverdagen')
  })

  it('takes a category by the name the site shows, in any case, as well as by its id', () => {
    const categoryOf = (name: string) => parseArticleFile('ro.md', articleSource({ ...valid, category: name })).category
    expect(categoryOf('Parforhold')).toBe('relationship')
    expect(categoryOf('parforhold')).toBe('relationship')
    expect(categoryOf('STRESS COACHING')).toBe('stress')
    expect(categoryOf('Personlig udvikling')).toBe('personal-development')
    expect(categoryOf('relationship')).toBe('relationship')
  })

  it('reads dates as 2025-09-18, 18. september 2025, 21.11.2026 or 21/11/2026, and refuses a day that does not exist', () => {
    const publishedAt = (date: string) => parseArticleFile('ro.md', articleSource({ ...valid, publishedAt: date })).publishedAt
    expect(publishedAt('18. september 2025')).toBe('2025-09-18T00:00:00.000Z')
    expect(publishedAt('21.11.2026')).toBe('2026-11-21T00:00:00.000Z')
    expect(publishedAt('21/11/2026')).toBe('2026-11-21T00:00:00.000Z')
    expect(publishedAt('5.3.2026')).toBe('2026-03-05T00:00:00.000Z')
    expect(() => publishedAt('31.11.2026')).toThrow('feltet »publishedAt« er ikke en dato (»31.11.2026«)')
    expect(() => publishedAt('21.11/2026')).toThrow('er ikke en dato')
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
