import { describe, expect, it } from 'vitest'
import type { Db } from '#db/database'
import { STOP_WORDS, stemOf } from '~/server/search/danish-terms.server'
import { plainTextOf, refreshSearchIndex, searchIndexIsCurrent } from '~/server/search/search-index.server'
import { matcher, queryTerms, searchBlog, snippetOf } from '~/server/search/search.server'
import { insertPost, temporaryDatabase } from '../helpers'

// How a visitor's words become the search, on a few articles written for it: which words count,
// when any word is enough, what is counted and shown. search.test.ts searches the shipped articles.

const NOW = new Date('2026-11-01T12:00:00.000Z')

function articles(...posts: Array<[slug: string, title: string, body: string, publishedAt?: string]>) {
  const { db } = temporaryDatabase()
  for (const [slug, title, body, publishedAt = '2025-01-01'] of posts) insertPost(db, slug, 'life', publishedAt, { title, bodyHtml: `<p>${body}</p>` })
  refreshSearchIndex(db, 'test')
  return db
}
const slugs = (db: Db, q: string, page = 1) => searchBlog({ q, page }, NOW, db).hits.map((hit) => hit.slug)

describe("a visitor's query", () => {
  it('leaves out stop words, unless it has nothing else, and repeated words', () => {
    const db = articles(['a', 'Hvile', 'Om hvile og søvn.'])
    expect(queryTerms('jeg vil have ro og hvile hvile', db)).toEqual([[{ stem: 'ro', prefix: false }], [{ stem: stemOf('hvile'), prefix: true }]])
    expect(queryTerms('og jeg', db)).toEqual([[{ stem: 'og', prefix: false }], [{ stem: 'jeg', prefix: false }]])
    expect(STOP_WORDS.has('jeg')).toBe(true)
  })

  it('searches its first eight words', () => {
    const db = articles(['a', 'Ord', 'tekst'])
    const words = ['ro', 'hvile', 'søvn', 'angst', 'stress', 'glæde', 'håb', 'tillid', 'lys']
    expect(queryTerms(words.join(' '), db).map(([piece]) => piece!.stem)).toEqual(words.slice(0, 8).map(stemOf))
  })

  it('meets the past tense of a seven-letter verb, the shortest cut to its stem', () => {
    expect(stemOf('hoppede')).toBe(stemOf('hoppet'))
  })

  it('splits a compound whose first part has only three letters', () => {
    const db = articles(['a', 'Mad', 'Om mad og en plan.'])
    expect(queryTerms('madplan', db)).toEqual([[{ stem: 'mad', prefix: false }, { stem: 'plan', prefix: true }]])
  })

  it('splits a compound no article has into two parts that articles have, also across a joining s', () => {
    const db = articles(['a', 'Eksamen', 'Om eksamen og angst.'], ['b', 'Karriere', 'Et skift i karrieren.'])
    expect(queryTerms('eksamensangst', db)).toEqual([[{ stem: stemOf('eksamen'), prefix: true }, { stem: stemOf('angst'), prefix: true }]])
    expect(queryTerms('karriereskift', db)).toEqual([[{ stem: stemOf('karriere'), prefix: true }, { stem: stemOf('skift'), prefix: true }]])
    expect(queryTerms('hestevogn', db)).toEqual([[{ stem: stemOf('hestevogn'), prefix: true }]])
  })

  it('finds articles with every word first, and with any word when none has them all', () => {
    const db = articles(['begge', 'Ro og søvn', 'Om ro og søvn.'], ['ro', 'Ro', 'Kun om ro.'], ['soevn', 'Søvn', 'Kun om søvn.'], ['kajak', 'Kajak', 'Om kajakker.'])
    expect(slugs(db, 'ro søvn')).toEqual(['begge'])
    expect(slugs(db, 'kajak søvn').sort()).toEqual(['begge', 'kajak', 'soevn'])
    expect(searchBlog({ q: 'kajak søvn', page: 1 }, NOW, db).total).toBe(3)
    const none = searchBlog({ q: 'hestevogn', page: 3 }, NOW, db)
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, hits: [] })
    expect(none.counts).toBeDefined()
  })

  it('counts and pages without the articles scheduled for later', () => {
    const posts: Array<[string, string, string, string?]> = Array.from({ length: 14 }, (_, n) => [`ro-${n}`, `Ro ${n}`, 'Om ro.', `2025-01-${String(n + 1).padStart(2, '0')}`])
    const db = articles(...posts, ['ro-senere', 'Ro senere', 'Om ro.', '2026-12-01'])
    const first = searchBlog({ q: 'ro', page: 1 }, NOW, db)
    expect(first).toMatchObject({ total: 14, pageCount: 2, page: 1 })
    expect(first.hits).toHaveLength(12)
    const second = searchBlog({ q: 'ro', page: 2 }, NOW, db)
    expect(second.hits).toHaveLength(2)
    expect([...first.hits, ...second.hits].map((hit) => hit.slug)).not.toContain('ro-senere')
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.slug)).size).toBe(14)
    expect(searchBlog({ q: 'ro', page: 9 }, NOW, db).page).toBe(2)
    expect(searchBlog({ q: 'ro', page: 1 }, new Date('2026-12-01T00:00:00Z'), db).total).toBe(15)
  })

  it("shows the article's own words around the match, or its description when the match is only in the title", () => {
    const db = articles(['a', 'Kajak', 'En tekst om hverdagen.'])
    const [hit] = searchBlog({ q: 'kajak', page: 1 }, NOW, db).hits
    expect(hit!.snippet).toEqual([{ text: 'Beskrivelse', mark: false }])
  })
})

describe('the index', () => {
  it('is current for the articles and rules it was built from, and rebuilt only for others', () => {
    const db = articles(['a', 'Ro', 'Om ro.'])
    expect(searchIndexIsCurrent(db, 'test')).toBe(true)
    expect(searchIndexIsCurrent(db, 'andre')).toBe(false)
    expect(refreshSearchIndex(db, 'test')).toBe(false)
    expect(refreshSearchIndex(db, 'andre')).toBe(true)
    expect(searchIndexIsCurrent(db, 'andre')).toBe(true)
  })
})

describe("an article's text", () => {
  it('keeps the characters its entities name, and a space for what names none', () => {
    expect(plainTextOf('&#X41;&#x42;&#67; &AMP; &Quot;a&quot; &apos;b&apos; &lt;c&gt; &ukendt; &#0; &#x110000; &#1114111;')).toBe(`ABC & "a" 'b' <c> &ukendt; ${String.fromCodePoint(0x10ffff)}`)
    expect(plainTextOf('  <h2>Titel</h2>\n\n<p>Tekst</p>  ')).toBe('Titel. Tekst')
    // A heading or list item that ends its own sentence keeps its mark; one without gets a full stop.
    expect(plainTextOf('<h2 id="ro">Hvad er <em>ro</em></h2><h3>Hvorfor?</h3><ul><li>Søvn</li><li>Motion:</li></ul><p>Tekst</p>')).toBe('Hvad er ro. Hvorfor? Søvn. Motion: Tekst')
    expect(plainTextOf('<p>ro</p><p>hvile</p>')).toBe('ro hvile')
    expect(plainTextOf('a&#0;b')).toBe('a b')
  })

  it('is cut into a passage that begins at the text and ends with it when it is short', () => {
    const ro = matcher([{ stem: 'ro', prefix: false }])
    expect(snippetOf('der er ro her', ro)).toEqual([
      { text: 'der er ', mark: false },
      { text: 'ro', mark: true },
      { text: ' her', mark: false },
    ])
    expect(snippetOf('intet at finde', ro, true)).toEqual([{ text: 'intet at finde', mark: false }])
  })

  it('is shown where most matches stand together, three words before the first of them', () => {
    const words = Array.from({ length: 80 }, (_, n) => `ord${n}`)
    words[5] = 'ro'
    words[40] = 'ro'
    words[44] = 'ro'
    const parts = snippetOf(words.join(' '), matcher([{ stem: 'ro', prefix: false }]))!
    expect(parts[0]).toEqual({ text: '… ord37 ord38 ord39 ', mark: false })
    expect(parts.filter((part) => part.mark)).toHaveLength(2)
    // 28 words from ord37: the passage ends with ord64, and the text goes on.
    expect(parts.at(-1)).toEqual({ text: expect.stringMatching(/ ord63 ord64 …$/), mark: false })
  })

  it('is shown from its first match when no later passage has more, even at its first word', () => {
    const ro = matcher([{ stem: 'ro', prefix: false }])
    expect(snippetOf('ro her', ro)).toEqual([
      { text: 'ro', mark: true },
      { text: ' her', mark: false },
    ])
    const words = Array.from({ length: 80 }, (_, n) => `ord${n}`)
    words[5] = 'ro'
    words[50] = 'ro'
    expect(snippetOf(words.join(' '), ro)![0]).toEqual({ text: '… ord2 ord3 ord4 ', mark: false })
    words[0] = 'ro'
    words[51] = 'ro'
    words[52] = 'ro'
    expect(snippetOf(words.join(' '), ro)![0]).toEqual({ text: '… ord47 ord48 ord49 ', mark: false })
  })

  it('marks the words of every searched stem, and not a word that only begins like one', () => {
    const pieces = matcher([
      { stem: 'ro', prefix: false },
      { stem: 'hvil', prefix: true },
    ])
    expect(pieces('ro')).toBe(true)
    expect(pieces.couldMatch('hvilen')).toBe(true)
    expect(snippetOf('rolig ro og hvile', pieces)!.filter((part) => part.mark).map((part) => part.text)).toEqual(['ro', 'hvile'])
  })

  it('matches a stem that a word begins only when the stem may stand for more', () => {
    expect(matcher([{ stem: 'ro', prefix: false }])('rolig')).toBe(false)
    expect(matcher([{ stem: 'rolig', prefix: true }])('roligt')).toBe(true)
    expect(matcher([{ stem: 'ro', prefix: false }]).couldMatch('ror')).toBe(true)
    expect(matcher([{ stem: 'ro', prefix: false }]).couldMatch('bro')).toBe(false)
  })
})
