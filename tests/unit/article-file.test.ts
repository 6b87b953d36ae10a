import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import { ArticleFileError, parseArticleFile, renderMarkdown } from '#db/article-file'
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
    expect(row.bodyHtml).toContain('<h2 id="et-afsnit">Et afsnit</h2>')
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

  it('names only the line YAML cannot read when it reads nothing of the file, not every field as missing too', () => {
    const problems = (frontMatter: string) => {
      try {
        parseArticleFile('forkert.md', `---\n${frontMatter}\n---\nTekst.\n`)
      } catch (error) {
        return (error as ArticleFileError).problems
      }
    }
    expect(problems('title: Ro\ntitle: Uro')).toEqual(['front matter kunne ikke læses i linje 3 (»title: Uro«): feltet står to gange – slet den ene af linjerne'])
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

  it('takes a category by the name the site shows, in any case, with or without its spaces and hyphens, as well as by its id', () => {
    const categoryOf = (name: string) => parseArticleFile('ro.md', articleSource({ ...valid, category: name })).category
    expect(categoryOf('Parforhold')).toBe('relationship')
    expect(categoryOf('parforhold')).toBe('relationship')
    expect(categoryOf('STRESS COACHING')).toBe('stress')
    expect(categoryOf('Personlig udvikling')).toBe('personal-development')
    expect(categoryOf('relationship')).toBe('relationship')
    expect(categoryOf('Stresscoaching')).toBe('stress')
    expect(categoryOf('personligudvikling')).toBe('personal-development')
    expect(categoryOf('personaldevelopment')).toBe('personal-development')
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

  it('reads a date only when the whole value is one, with any number of spaces, and a time with its fractions and zone', () => {
    const publishedAt = (date: string) => parseArticleFile('ro.md', articleSource({ ...valid, publishedAt: date })).publishedAt
    for (const notADate of ['ca. 2025-09-18', '12025-09-18', '2025-09-18 (udkast)', '118. september 2025', '18. september 2025 kl. 10']) {
      expect(() => publishedAt(notADate), notADate).toThrow(`er ikke en dato (»${notADate}«)`)
    }
    expect(publishedAt('18.  september 2025')).toBe('2025-09-18T00:00:00.000Z')
    expect(publishedAt('18. september  2025')).toBe('2025-09-18T00:00:00.000Z')
    expect(publishedAt('2025-09-18T10:00:00.123Z')).toBe('2025-09-18T10:00:00.123Z')
    expect(publishedAt('2025-09-18T10:00+0200')).toBe('2025-09-18T08:00:00.000Z')
  })

  it('loads the example article the coach’s guide gives her', () => {
    const guide = readFileSync('docs/vejledning.md', 'utf8')
    // The example sits inside a numbered step, so its lines are indented as the step is.
    const [, indent = '', block] = /^( *)```markdown\n([\s\S]*?)^ *```/m.exec(guide) ?? []
    expect(block).toBeDefined()
    const example = block!.replace(new RegExp(`^${indent}`, 'gm'), '')
    const row = parseArticleFile('ro-i-hverdagen.md', example)
    const [firstName] = site.name.split(' ')
    expect(row).toMatchObject({ title: 'Ro i hverdagen', category: 'stress', publishedAt: '2026-11-21T00:00:00.000Z', author: site.name })
    expect(row.bodyHtml).toContain(`Jeg hedder ${firstName}.`)
    expect(row.bodyHtml).toContain('<a href="/kontakt">sådan</a>')
  })

  it('lists every mistake of one file together: broken lines and wrong fields, each once', () => {
    const source = '---\ntitle: "Ro i hverdagen\ndescription Om ro.\n  tags: [ro]\ncategory: Kærlighed\npublishedAt: i morgen\n---\n'
    const problems = (() => {
      try {
        parseArticleFile('ro.md', source)
      } catch (error) {
        return (error as ArticleFileError).problems
      }
    })()
    expect(problems).toEqual([
      expect.stringMatching(/^front matter kunne ikke læses i linje 2 \(»title: "Ro i hverdagen«\): der mangler et afsluttende anførselstegn/),
      expect.stringMatching(/^front matter kunne ikke læses i linje 3 \(»description Om ro\.«\): der mangler et kolon efter feltnavnet/),
      expect.stringMatching(/^front matter kunne ikke læses i linje 4 \(»tags: \[ro\]«\): linjen er rykket ind/),
      expect.stringMatching(/^feltet »category« er ikke en af sidens kategorier \(»Kærlighed«\)/),
      expect.stringMatching(/^feltet »publishedAt« er ikke en dato \(»i morgen«\)/),
      'artiklen har ingen brødtekst: skriv teksten under den sidste linje med ---',
    ])
  })

  it('refuses an unknown placeholder instead of publishing it', () => {
    expect(() => parseArticleFile('forkert.md', articleSource(valid, 'Hej {{efternavn}}'))).toThrow('ukendt pladsholder {{efternavn}}: brug {{fornavn}}, {{navn}} eller {{certificering}}')
  })
})

describe('every front-matter field, as the coach may get it wrong', () => {
  const fields = 'title: Ro\ndescription: Kort.\ncategory: life\npublishedAt: 2026-01-05'
  const parse = (frontMatter: string) => parseArticleFile('x.md', `---\n${frontMatter}\n---\nTekst.\n`)

  it.each([
    ['title: Ro\ndescription: Kort.\ncategory: 42\npublishedAt: 2026-01-05', 'x.md: feltet »category« skal være tekst. Brug en af: Teenager coaching (teenage), Parforhold'],
    ['title: Ro\ndescription: Kort.\ncategory:\npublishedAt: 2026-01-05', 'x.md: feltet »category« er tomt. Skriv fx: category: Stress coaching'],
    ['title: Ro\ndescription: Kort.\ncategory: life\npublishedAt:', 'x.md: feltet »publishedAt« er tomt. Skriv fx: publishedAt: 2025-09-18'],
    ['title: Ro\ndescription: Kort.\ncategory: life', 'x.md: feltet »publishedAt« mangler. Skriv fx: publishedAt: 2025-09-18'],
    ['title: Ro\ndescription: Kort.\ncategory: life\npublishedAt: 42', 'x.md: feltet »publishedAt« skal være en dato, fx 2025-09-18'],
    [`${fields}\nupdatedAt: 2026-02-30`, 'x.md: feltet »updatedAt« er ikke en dato (»2026-02-30«). Skriv fx updatedAt: 2025-09-18 (år-måned-dag) eller 18.09.2025'],
    [`${fields}\nimage: billede.jpg`, 'x.md: feltet »image« skal være en adresse på siden, fx /images/blog/mit-billede.jpg'],
    [`${fields}\nhero: video`, 'x.md: feltet »hero« skal være image eller gradient'],
    [`${fields}\njsonLd: ja`, 'x.md: feltet »jsonLd« skal være true eller false'],
    [`${fields}\nkeywords: stress`, 'x.md: feltet »keywords« skal være en liste, fx keywords: [stress, trivsel]'],
    [`${fields}\ncta: ${'x'.repeat(61)}`, 'x.md: feltet »cta« er for lang (højst 60 tegn)'],
    [`${fields}\nfoo: 1\nbar: 2`, 'x.md: feltet »foo«, »bar« kendes ikke. Tilladte felter: title, description, category, publishedAt, updatedAt, author, image, imageAlt, hero, keywords, tags, section, cta, jsonLd, crisisLines'],
    [`${fields}\ntitle: Igen`, 'x.md: front matter kunne ikke læses i linje 6 (»title: Igen«): feltet står to gange – slet den ene af linjerne'],
    [`${fields}\ntags: [a, b`, 'x.md: front matter kunne ikke læses i linje 6 (»tags: [a, b«): en liste i [ ] mangler sin afsluttende ], fx keywords: [ro, stress]'],
    [`${fields}\nkeywords: [a, b]]`, 'x.md: front matter kunne ikke læses i linje 6 (»keywords: [a, b]]«): en liste i [ ] mangler sin afsluttende ]'],
    [`${fields}\n- liste`, 'x.md: front matter kunne ikke læses i linje 6 (»- liste«): skriv hvert felt på sin egen linje som »navn: værdi«. Står der kolon, # eller anførselstegn i en værdi, så sæt hele værdien i anførselstegn, fx title: "Ro: i hverdagen"'],
    [`${fields}\njsonLd: true\n jsonLd: true`, 'x.md: front matter kunne ikke læses i linje 7 (»jsonLd: true«): linjen er rykket ind – slet mellemrummene foran »jsonLd«, så feltet står helt ude til venstre som de andre'],
    ['fooo:bar', 'x.md: front matter skal bestå af felter, ét på hver linje som »navn: værdi«, fx title: Ro i hverdagen'],
  ])('%j is refused with a message that says what to write', (frontMatter, message) => {
    expect(() => parse(frontMatter)).toThrow(message)
  })

  it.each([
    ['0.13.2025'], ['2025-13-01'], ['2025-00-01'], ['1.9.2025x'], ['x1.9.2025'], ['2025-09-18T25:99:00Z'], ['x2025-09-18'], ['2025-09-18x'], ['18. sep 2025'], ['18. september 25'], ['1.9.202'], ['1/9.2025'], ['123.9.2025'],
  ])('refuses the date %s', (date) => {
    expect(() => parse(`title: Ro\ndescription: Kort.\ncategory: life\npublishedAt: ${date}`)).toThrow(`feltet »publishedAt« er ikke en dato (»${date}«)`)
  })

  it.each([
    ['2026-01-05T10:00:00+02:00', '2026-01-05T08:00:00.000Z'],
    ['2026-01-05T10:00:00.5Z', '2026-01-05T10:00:00.500Z'],
    ['2025-09-18 10:30', '2025-09-18T10:30:00.000Z'],
    ['"2026-01-05T10:00"', '2026-01-05T10:00:00.000Z'],
    ['18 September 2025', '2025-09-18T00:00:00.000Z'],
    ['1. januar 2026', '2026-01-01T00:00:00.000Z'],
    ['31. december 2025', '2025-12-31T00:00:00.000Z'],
    ['29.2.2028', '2028-02-29T00:00:00.000Z'],
    ['" 5.3.2026 "', '2026-03-05T00:00:00.000Z'],
  ])('reads the date %s as %s', (date, iso) => {
    expect(parse(`title: Ro\ndescription: Kort.\ncategory: life\npublishedAt: ${date}`).publishedAt).toBe(iso)
  })

  it('takes every optional field as written, and trims the text fields', () => {
    const row = parse(
      `${fields}\nupdatedAt: 2026-02-01\nauthor: " Anne Andersen "\nimage: /images/eget.jpg\nimageAlt: En sti\nhero: image\nkeywords: [ro, " stress "]\ntags:\n  - a\n  - b\nsection: Stress\ncta: ${'x'.repeat(60)}\njsonLd: true\ncrisisLines: teen`,
    )
    expect(row).toMatchObject({
      updatedAt: '2026-02-01T00:00:00.000Z',
      author: 'Anne Andersen',
      imageUrl: '/images/eget.jpg',
      imageAlt: 'En sti',
      hero: 'image',
      keywords: ['ro', 'stress'],
      tags: ['a', 'b'],
      section: 'Stress',
      cta: 'x'.repeat(60),
      jsonLd: true,
      crisisLines: 'teen',
    })
    expect(parse(fields)).toMatchObject({ updatedAt: undefined, keywords: [], tags: [], crisisLines: null, imageAlt: 'Rolig, abstrakt illustration til artiklen »Ro«' })
  })

  it('reads comments, blank lines, > blocks and quoted values with a comment as YAML does', () => {
    expect(parse(`# en kommentar\n\n${fields}`).title).toBe('Ro')
    const row = parse('title: Ro # kommentar\ndescription: "Kort" # k\ncategory: life\npublishedAt: 2026-01-05')
    expect([row.title, row.description]).toEqual(['Ro', 'Kort'])
    expect(parse('title: Ro\ndescription: >\n  title: Kort\n  mere\ncategory: life\npublishedAt: 2026-01-05').description).toBe('title: Kort mere')
    expect(parse("title: 'Ro' i dag\ndescription: Kort.\ncategory: life\npublishedAt: 2026-01-05").title).toBe("'Ro' i dag")
    expect(parse('title: Ro\ndescription: "Kort\n  mere"\ncategory: life\npublishedAt: 2026-01-05').description).toBe('Kort mere')
    expect(parse('title: "Ro \\"stille\\""\ndescription: Kort.\ncategory: life\npublishedAt: 2026-01-05').title).toBe('Ro "stille"')
    expect(parse("title: 'Ro ''stille'''\ndescription: Kort.\ncategory: life\npublishedAt: 2026-01-05").title).toBe("Ro 'stille'")
    expect(parse('title:   Ro i dag   \ndescription: Kort.\ncategory: life\npublishedAt: 2026-01-05').title).toBe('Ro i dag')
  })

  it('reads Windows line ends and a file without a body newline', () => {
    const row = parseArticleFile('ro.md', '---\r\ntitle: Ro\r\ndescription: Kort.\r\ncategory: life\r\npublishedAt: 2026-01-05\r\n---\r\nTekst.')
    expect(row.title).toBe('Ro')
    expect(row.bodyHtml).toBe('<p>Tekst.</p>\n')
    expect(() => parseArticleFile('ro.md', `---\n${fields}\n---\n   \n`)).toThrow('ro.md: artiklen har ingen brødtekst: skriv teksten under den sidste linje med ---')
    // Saved by an editor that adds no newline at the end: the file ends right after the closing ---.
    expect(() => parseArticleFile('ro.md', `---\n${fields}\n---`)).toThrow('ro.md: artiklen har ingen brødtekst: skriv teksten under den sidste linje med ---')
    expect(() => parseArticleFile('ro.md', `${fields}\n---\nTekst.`)).toThrow('ro.md: filen mangler front matter mellem to linjer med ---')
    expect(() => parseArticleFile('ro.md', `x---\n${fields}\n---\nTekst.`)).toThrow('filen mangler front matter')
  })

  it('fills placeholders with spaces inside the braces, in the title and description too', () => {
    const row = parse('title: Mød {{ fornavn }}\ndescription: Skrevet af {{navn}}.\ncategory: life\npublishedAt: 2026-01-05')
    expect(row.title).toBe('Mød Birgitte')
    expect(row.description).toBe('Skrevet af Birgitte Holm.')
    expect(row.imageAlt).toBe('Rolig, abstrakt illustration til artiklen »Mød Birgitte«')
  })

  it('renders only the allowed Markdown, links only to https, mail and phone', () => {
    const row = parseArticleFile(
      'ro.md',
      articleSource(valid, '### Under\n\n> citat\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[mail](mailto:a@b.dk) [tlf](tel:+4512345678) [http](http://x.dk) [rel](//x.dk) `kode`\n\n---\n\n# Stor'),
    )
    expect(row.bodyHtml).toContain('<h3>Under</h3>')
    expect(row.bodyHtml).toContain('<blockquote>')
    expect(row.bodyHtml).toContain('<table>')
    expect(row.bodyHtml).toContain('<a href="mailto:a@b.dk">mail</a> <a href="tel:+4512345678">tlf</a> <a>http</a> <a>rel</a> <code>kode</code>')
    expect(row.bodyHtml).toContain('<hr />')
    expect(row.bodyHtml).not.toContain('<h1>')
  })

  it('changes the source hash when what is shown or when it was updated changes, and not otherwise', () => {
    const hash = (frontMatter: string, body = 'Tekst.') => parseArticleFile('ro.md', `---\n${frontMatter}\n---\n${body}\n`).sourceHash
    const base = hash(fields)
    expect(hash(fields)).toBe(base)
    expect(base).toMatch(/^[0-9a-f]{64}$/)
    expect(hash(`${fields}\nupdatedAt: 2026-02-01`)).not.toBe(base)
    expect(hash(fields, 'Anden tekst.')).not.toBe(base)
    expect(hash(`# kommentar\n${fields}`)).toBe(base)
  })
})

describe('the messages and names of every field', () => {
  const refused = (frontMatter: Record<string, string>) => () => parseArticleFile('forkert.md', articleSource(frontMatter))

  it.each([
    ['januar', '01'], ['februar', '02'], ['marts', '03'], ['april', '04'], ['maj', '05'], ['juni', '06'],
    ['juli', '07'], ['august', '08'], ['september', '09'], ['oktober', '10'], ['november', '11'], ['december', '12'],
  ])('reads the Danish month name "%s"', (month, number) => {
    const row = parseArticleFile('ro.md', articleSource({ ...valid, publishedAt: `3. ${month} 2026` }))
    expect(row.publishedAt).toBe(`2026-${number}-03T00:00:00.000Z`)
  })

  it.each([
    [{ ...valid, title: '"  "' }, 'forkert.md: feltet »title« er tomt. Skriv fx: title: Ro i hverdagen'],
    [{ title: valid.title, category: valid.category, publishedAt: valid.publishedAt }, 'forkert.md: feltet »description« mangler. Skriv fx: description: En til to sætninger om artiklen.'],
    [{ ...valid, author: '' }, 'forkert.md: feltet »author« er tomt. Skriv fx: author: Birgitte Holm'],
    [{ ...valid, imageAlt: '' }, 'forkert.md: feltet »imageAlt« er tomt. Skriv fx: imageAlt: En rolig sti gennem en skov'],
    [{ ...valid, section: '' }, 'forkert.md: feltet »section« er tomt. Skriv fx: section: Coaching'],
    [{ ...valid, cta: '' }, 'forkert.md: feltet »cta« er tomt. Skriv fx: cta: Kontakt mig'],
    [{ ...valid, tags: 'ro' }, 'forkert.md: feltet »tags« skal være en liste, fx tags: [stress, trivsel]'],
  ])('says exactly what is wrong in %j', (frontMatter, message) => {
    expect(refused(frontMatter)).toThrow(ArticleFileError)
    expect(refused(frontMatter)).toThrow(message)
  })

  it('lists every mistake of a file in one message, separated by semicolons', () => {
    expect(refused({ category: valid.category, publishedAt: valid.publishedAt })).toThrow(
      'forkert.md: feltet »title« mangler. Skriv fx: title: Ro i hverdagen; feltet »description« mangler. Skriv fx: description: En til to sætninger om artiklen.',
    )
  })

  it('says a title written as a list must be text', () => {
    const source = '---\ntitle:\n  - Ro\ndescription: Kort.\ncategory: life\npublishedAt: 2026-01-05\n---\nTekst.\n'
    expect(() => parseArticleFile('forkert.md', source)).toThrow('forkert.md: feltet »title« skal være tekst. Skriv fx: title: Ro i hverdagen')
  })

  it('takes every value the coach may choose for hero, and her own section and call to action', () => {
    const row = (extra: Record<string, string>) => parseArticleFile('ro.md', articleSource({ ...valid, ...extra }))
    expect(row({ hero: 'gradient' }).hero).toBe('gradient')
    expect(row({ hero: 'image' }).hero).toBe('image')
    expect(row({ section: 'Stress', cta: 'Book en samtale', tags: '[ro, søvn]' })).toMatchObject({ section: 'Stress', cta: 'Book en samtale', tags: ['ro', 'søvn'] })
  })
})

it('keeps every Markdown formatting an article may use, and drops the rest to text', () => {
  const markdown = [
    '## To', '### Tre', '#### Fire',
    'Et *let* og **fedt** ord, `kode` og en [henvisning](https://example.org).  \nNy linje.',
    '- a\n- b', '1. en\n2. to', '> citat', '---', '| A | B |\n| - | - |\n| 1 | 2 |', '##### Fem',
  ].join('\n\n')
  expect(renderMarkdown(markdown)).toBe(
    [
      '<h2>To</h2>', '<h3>Tre</h3>', '<h4>Fire</h4>',
      '<p>Et <em>let</em> og <strong>fedt</strong> ord, <code>kode</code> og en <a href="https://example.org">henvisning</a>.<br />Ny linje.</p>',
      '<ul>', '<li>a</li>', '<li>b</li>', '</ul>', '<ol>', '<li>en</li>', '<li>to</li>', '</ol>',
      '<blockquote>', '<p>citat</p>', '</blockquote>', '<hr />',
      '<table>', '<thead>', '<tr>', '<th>A</th>', '<th>B</th>', '</tr>', '</thead>', '<tbody><tr>', '<td>1</td>', '<td>2</td>', '</tr>', '</tbody></table>',
      'Fem', '',
    ].join('\n'),
  )
})
