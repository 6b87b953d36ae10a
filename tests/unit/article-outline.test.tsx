import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { crisisHelpFor } from '~/lib/content/crisis-lines'
import { getArticleClosings, getCrisisLines } from '~/server/content/content.server'
import { parseArticleFile } from '#db/article-file'
import { TABLE_OF_CONTENTS_FROM_WORDS, headingId, readingMinutes, tableOfContents, withHeadingIds, wordCount } from '#db/article-outline'
import { ArticleClosing } from '~/components/blog/article-closing'
import { AnonymisedNote, RevisedDate, TableOfContents, readingTimeText } from '~/components/blog/article-outline'
import { categories } from '~/lib/categories'
import { articleSource } from '../helpers'

const valid = { title: 'Ro i hverdagen', description: 'En kort beskrivelse.', category: 'stress', publishedAt: '2025-09-18' }
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replace(/ ([,.:])/g, '$1').trim()
/** A body of about `words` words in parts under ## headings. */
const bodyOf = (words: number, headings: string[]) =>
  headings.map((heading) => `## ${heading}\n\n${'ord '.repeat(Math.ceil(words / headings.length))}`).join('\n\n')

describe('headings with ids', () => {
  it('gives each ## heading an id from its words, æ, ø and å as the file names write them', () => {
    expect(headingId('Når presset vokser – og hvad så?')).toBe('naar-presset-vokser-og-hvad-saa')
    expect(headingId('Først lægen, så coachen')).toBe('foerst-laegen-saa-coachen')
    expect(headingId('Ærlighed & café')).toBe('aerlighed-cafe')
  })

  it('keeps ids unique within an article, reads the text under inline formatting, and leaves h3 alone', () => {
    const { html, headings } = withHeadingIds('<h2>Et <em>råd</em></h2><p>x</p><h2>Et råd</h2><h3>Under</h3><h2>!!</h2>')
    expect(headings).toEqual([
      { id: 'et-raad', text: 'Et råd' },
      { id: 'et-raad-2', text: 'Et råd' },
      { id: 'afsnit', text: '!!' },
    ])
    expect(html).toBe('<h2 id="et-raad">Et <em>råd</em></h2><p>x</p><h2 id="et-raad-2">Et råd</h2><h3>Under</h3><h2 id="afsnit">!!</h2>')
  })

  it('shows a heading’s &amp; as &, its spaces as one, and numbers a third heading of the same words -3', () => {
    const { headings } = withHeadingIds('<h2>Stress &amp; angst</h2><h2> Et\n  råd </h2><h2>Et råd</h2><h2>Et råd</h2>')
    expect(headings).toEqual([
      { id: 'stress-angst', text: 'Stress & angst' },
      { id: 'et-raad', text: 'Et råd' },
      { id: 'et-raad-2', text: 'Et råd' },
      { id: 'et-raad-3', text: 'Et råd' },
    ])
  })

  it('never lets the coach’s own HTML set an id: the seed gives it after cleaning', () => {
    const row = parseArticleFile('ro.md', articleSource(valid, '<h2 id="hijack" onclick="x()">Egen</h2>\n\n<p id="p">Tekst</p>'))
    expect(row.bodyHtml).toBe('<h2 id="egen">Egen</h2><p>Tekst</p>')
  })
})

describe('reading time and table of contents, worked out by the seed', () => {
  it('says at least one minute, and rounds up at 200 words a minute', () => {
    expect(readingMinutes('<p>Kort.</p>')).toBe(1)
    expect(readingMinutes(`<p>${'ord '.repeat(200)}</p>`)).toBe(1)
    expect(readingMinutes(`<p>${'ord '.repeat(201)}</p>`)).toBe(2)
    expect(parseArticleFile('ro.md', articleSource(valid, bodyOf(1000, ['En', 'To']))).readingMinutes).toBe(6)
  })

  it('lists the parts of an article over 1,200 words, and of no shorter one', () => {
    const long = parseArticleFile('ro.md', articleSource(valid, bodyOf(TABLE_OF_CONTENTS_FROM_WORDS + 10, ['Først lægen', 'Så coachen', 'Til sidst'])))
    expect(long.tableOfContents).toEqual([
      { id: 'foerst-laegen', text: 'Først lægen' },
      { id: 'saa-coachen', text: 'Så coachen' },
      { id: 'til-sidst', text: 'Til sidst' },
    ])
    const short = parseArticleFile('ro.md', articleSource(valid, bodyOf(TABLE_OF_CONTENTS_FROM_WORDS - 20, ['Først lægen', 'Så coachen'])))
    expect(short.tableOfContents).toEqual([])
    expect(short.bodyHtml).toContain('<h2 id="foerst-laegen">')
  })

  it('counts the words on either side of a tag as two, in a list as in a paragraph', () => {
    expect(wordCount('<ul><li>en</li><li>to</li></ul><h2>tre</h2><p>fire <strong>fem</strong></p>')).toBe(5)
  })

  it('lists the parts from 1,201 words, not at exactly 1,200, and only with two headings or more', () => {
    const two = [{ id: 'en', text: 'En' }, { id: 'to', text: 'To' }]
    const words = (count: number) => `<p>${'ord '.repeat(count)}</p>`
    expect(tableOfContents(words(TABLE_OF_CONTENTS_FROM_WORDS), two)).toEqual([])
    expect(tableOfContents(words(TABLE_OF_CONTENTS_FROM_WORDS + 1), two)).toEqual(two)
    expect(tableOfContents(words(TABLE_OF_CONTENTS_FROM_WORDS + 1), two.slice(0, 1))).toEqual([])
  })

  it('shows the table of contents as plain links to the headings, and nothing without headings', () => {
    const html = renderToStaticMarkup(<TableOfContents headings={[{ id: 'foerst-laegen', text: 'Først lægen' }, { id: 'saa-coachen', text: 'Så coachen' }]} />)
    expect(html).toContain('<a href="#foerst-laegen"')
    expect(html).toContain('<a href="#saa-coachen"')
    expect(text(html)).toBe('Indhold Først lægen Så coachen')
    expect(renderToStaticMarkup(<TableOfContents headings={[]} />)).toBe('')
  })

  it('says the reading time in Danish', () => {
    expect(readingTimeText(1)).toBe('Læsetid 1 minut')
    expect(readingTimeText(6)).toBe('Læsetid 6 minutter')
  })
})

describe('updatedAt and the shared footnote, from the front matter', () => {
  it('keeps the day the coach checked the text apart from the seed’s own bookkeeping', () => {
    expect(parseArticleFile('ro.md', articleSource(valid)).revisedAt).toBeNull()
    const revised = parseArticleFile('ro.md', articleSource({ ...valid, updatedAt: '3. december 2026' }))
    expect(revised.revisedAt).toBe('2026-12-03T00:00:00.000Z')
    expect(revised.updatedAt).toBe('2026-12-03T00:00:00.000Z')
    expect(text(renderToStaticMarkup(<RevisedDate revisedAt={revised.revisedAt ?? null} />))).toBe('Opdateret 3. december 2026')
    expect(renderToStaticMarkup(<RevisedDate revisedAt={null} />)).toBe('')
  })

  it('turns the footnote on with anonymised: true, off by default, and refuses anything else', () => {
    expect(parseArticleFile('ro.md', articleSource(valid)).anonymised).toBe(false)
    expect(parseArticleFile('ro.md', articleSource({ ...valid, anonymised: 'true' })).anonymised).toBe(true)
    expect(() => parseArticleFile('ro.md', articleSource({ ...valid, anonymised: 'ja' }))).toThrow(/feltet »anonymised« skal være true eller false/)
    expect(text(renderToStaticMarkup(<AnonymisedNote inOwnWords={false} />))).toBe(
      'Om eksemplerne: Navne og genkendelige detaljer er ændret, og nogle fortællinger er sammensat af flere forløb, så ingen kan genkendes.',
    )
  })

  it('does not call an account in the writer’s own words pieced together', () => {
    expect(text(renderToStaticMarkup(<AnonymisedNote inOwnWords />))).toBe(
      'Om teksten: Navne og genkendelige detaljer er ændret, så ingen kan genkendes. Resten er skribentens egne ord.',
    )
  })
})

describe('the closing card under an article', () => {
  it('has its own words for every category (the shipped file, a copy: tests/fixtures/content), and offers the booking as well as the contact form', () => {
    const articleClosings = getArticleClosings()
    const headings = categories.map((category) => articleClosings[category].heading)
    expect(new Set(headings).size).toBe(categories.length)
    for (const category of categories) {
      const html = renderToStaticMarkup(<ArticleClosing article={{ closing: articleClosings[category], cta: 'Kontakt mig i dag', crisisHelp: null }} />)
      expect(text(html), category).toContain(articleClosings[category].heading)
      expect(html).toMatch(/<a [^>]*href="\/book-samtale"[^>]*>Book en gratis samtale<\/a>/)
      expect(html).toMatch(/<a [^>]*href="\/kontakt"[^>]*>Kontakt mig i dag<\/a>/)
    }
  })

  it('names where to find help at once under an article on a heavy subject', () => {
    expect(text(renderToStaticMarkup(<ArticleClosing article={{ closing: getArticleClosings().crisis, cta: 'Kontakt mig', crisisHelp: crisisHelpFor(getCrisisLines(), 'adult') }} />))).toContain('Livslinien')
  })
})
