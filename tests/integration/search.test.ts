import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { syncBlogPosts } from '#db/sync-blog'
import { toBlogSearchParams } from '~/lib/blog-queries'
import { parseBlogSearch } from '~/lib/blog-search'
import { MAX_QUERY_LENGTH } from '~/lib/search-limits'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { stemOf, stemmedText, wordsOf } from '~/server/search/danish-terms.server'
import { plainTextOf } from '~/server/search/search-index.server'
import { matcher, searchBlog, snippetOf } from '~/server/search/search.server'
import { articleSource, temporaryDatabase } from '../helpers'
import { SHIPPED_ARTICLES_DIR, articles } from './articles'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const topThree = (db: Db, q: string) => searchBlog({ q, page: 1 }, NOW, db).hits.slice(0, 3).map((hit) => hit.slug)

/**
 * What a reader types, inflected as Danes write, and the articles that must be among the first
 * three. Kept honest: every expected article is about the subject, not merely mentions the word.
 */
const RELEVANCE: Array<[query: string, expected: string[]]> = [
  ['stressede', ['stress-er-ikke-svaghed']],
  ['teenagere', ['foraeldre-til-teenager', 'hjaelp-jeg-har-en-teenager']],
  ['parforholdet', ['parcoaching-eller-parterapi']],
  ['søvnløshed', ['kan-teenagere-vaere-stresset']],
  ['angst', ['eksamensangst-svaert-at-gaa-til-eksamen', 'coaching-krise-kriser']],
  ['karriereskift', ['coaching-i-forbindelse-arbejdsloeshed', 'personlig-coach']],
  ['eksamensangsten', ['eksamensangst-svaert-at-gaa-til-eksamen', 'eksamensangst-medicin']],
  ['mobbet', ['teenager-mobbet-ud-af-skolen']],
  ['mobning', ['teenager-mobbet-ud-af-skolen']],
  ['grænserne', ['laer-at-saette-graenser']],
  ['omega-3', ['fedtsyrebalancen']],
  ['gavekortet', ['coaching-gavekort']],
  ['arbejdsløse', ['coaching-i-forbindelse-arbejdsloeshed', 'arbejdsloeshed-og-coaching']],
  ['depressionen', ['deprimeret-eller-bare-ked-af']],
  ['forældre til teenagere', ['foraeldre-til-teenager']],
  ['rygning', ['truet-af-rygeforbud']],
  ['kriser', ['coaching-krise-kriser', 'finanskrise-og-coaching']],
  ['motivationen', ['problemoer-med-selvmotivation']],
  ['kommunikationen', ['kunsten-at-kommunikere']],
  ['medarbejdernes stress', ['stress-og-stresshaandtering-paa-arbejdspladsen']],
  ['coaching eller terapi', ['coaching-er-ikke-terapi']],
  ['certificeret', ['certifiseret-coach-hvad-er-det']],
  ['generthed', ['generthe-og-nye-roller']],
  ['dårlige forældre', ['vi-er-daarlige-foraeldre']],
  ['finanskrisen', ['finanskrise-og-coaching']],
  ['ked af det', ['deprimeret-eller-bare-ked-af']],
  ['telefonen', ['telefoncoaching-telefon-coaching']],
  ['stresshåndtering', ['stress-og-stresshaandtering-paa-arbejdspladsen']],
  ['gymnasiet', ['coaching-af-gymnasieelever']],
]

/** What no search box should choke on: FTS5 syntax, unmatched quotes, very long text, emoji, control characters. */
const HOSTILE = [
  '"',
  'stress"',
  '"stress',
  '***',
  'stress*',
  '-stress',
  'NOT stress',
  'stress AND OR NOT',
  'NEAR(stress angst, 2)',
  'NEAR',
  'title:stress',
  '{title body}: stress',
  '^stress',
  '(((',
  "'; DROP TABLE blog_posts; --",
  'stress '.repeat(300),
  'x'.repeat(2000),
  '😀🔥 stress 👩‍👩‍👧',
  '\u0000\u202Estress\u200B',
  '%00%27',
  'ÆØÅ æøå',
]

describe('search over the shipped articles', () => {
  let db: Db
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'coach-search-'))
    db = openDatabase(join(dir, 'site.db'))
    syncBlogPosts(db, SHIPPED_ARTICLES_DIR)
    return () => {
      db.$client.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each(RELEVANCE)('finds »%s« among the first three', (query, expected) => {
    const found = topThree(db, query)
    for (const slug of expected) expect(found, `${query}: ${found.join(', ')}`).toContain(slug)
  })

  it('holds at least 20 queries', () => expect(RELEVANCE.length).toBeGreaterThanOrEqual(20))

  it.each(HOSTILE.map((query) => [query.slice(0, 40), query]))('answers »%s« without an error', (_shown, query) => {
    const { q } = parseBlogSearch({ q: query })
    if (q === undefined) return
    const result = searchBlog({ q, page: 1 }, NOW, db)
    expect(result.query).toBe(q)
    expect(result.total).toBeGreaterThanOrEqual(0)
  })

  it('marks the matched words in each hit’s passage, the inflected forms too', () => {
    const [first] = searchBlog({ q: 'eksamensangsten', page: 1 }, NOW, db).hits
    const marked = first!.snippet.filter((part) => part.mark).map((part) => part.text.toLowerCase())
    expect(marked.length).toBeGreaterThan(0)
    expect(marked.every((word) => word.startsWith('eksamensangst'))).toBe(true)
    expect(first!.snippet.map((part) => part.text).join('')).not.toMatch(/<|>/)
  })

  it('without a hit, offers the categories with their counts', () => {
    const result = searchBlog({ q: 'xyzzyqwv', page: 1 }, NOW, db)
    expect(result).toMatchObject({ total: 0, hits: [], pageCount: 1 })
    expect(result.counts?.all).toBe(53)
  })

  it('pages by twelve, and a page beyond the last is clamped (the route answers it 404)', () => {
    const first = searchBlog({ q: 'coaching', page: 1 }, NOW, db)
    expect(first.total).toBeGreaterThan(12)
    expect(first.hits).toHaveLength(12)
    const second = searchBlog({ q: 'coaching', page: 2 }, NOW, db)
    expect(second.hits.map((hit) => hit.slug)).not.toContain(first.hits[0]!.slug)
    expect(searchBlog({ q: 'coaching', page: 999 }, NOW, db).page).toBe(first.pageCount)
  })
})

describe('the index follows the seed', () => {
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'coach-search-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    return dir
  }
  const write = (dir: string, slug: string, title: string, publishedAt = '2025-01-01', body = 'Første afsnit.\n\n## Et afsnit\n\nMere tekst.') =>
    writeFileSync(join(dir, `${slug}.md`), articleSource({ title, description: 'Kort.', category: 'life', publishedAt }, body))

  it('finds an added article, forgets a removed one, and hides a scheduled one until its day', () => {
    const { db } = temporaryDatabase()
    const dir = folder()
    write(dir, 'hestene', 'Heste og ro')
    syncBlogPosts(db, dir)
    expect(topThree(db, 'hesten')).toEqual(['hestene'])

    write(dir, 'hestevogn', 'Hestevognen', '2026-12-24')
    rmSync(join(dir, 'hestene.md'))
    syncBlogPosts(db, dir)
    expect(topThree(db, 'heste')).toEqual([])
    expect(searchBlog({ q: 'hestevogn', page: 1 }, new Date('2026-12-24T00:00:00Z'), db).hits.map((hit) => hit.slug)).toEqual(['hestevogn'])
  })

  it('is built on first search when the database was seeded before the index existed', () => {
    const { db } = temporaryDatabase()
    const dir = folder()
    write(dir, 'ro', 'Ro i maven')
    syncBlogPosts(db, dir)
    db.$client.prepare(`INSERT INTO blog_search(blog_search) VALUES ('delete-all')`).run()
    db.$client.prepare(`DELETE FROM app_state WHERE key = 'search:index'`).run()
    expect(topThree(db, 'maven')).toEqual(['ro'])
  })

  it('weighs the title above the text', () => {
    const { db } = temporaryDatabase()
    const dir = folder()
    write(dir, 'i-teksten', 'Om hverdagen', '2025-01-01', 'Her står ordet kajak én gang, blandt mange andre ord om hverdagen og livet.')
    write(dir, 'i-titlen', 'Kajak', '2024-01-01', 'En tekst om hverdagen og livet, med mange ord om alt muligt andet.')
    syncBlogPosts(db, dir)
    expect(topThree(db, 'kajakker')).toEqual(['i-titlen', 'i-teksten'])
  })
})

describe('Danish terms', () => {
  it('meet across inflections, the past tense included, and keep short -ede words', () => {
    expect(stemOf('stressede')).toBe(stemOf('stresset'))
    expect(stemOf('stressede')).toBe(stemOf('stress'))
    expect(stemOf('teenagere')).toBe(stemOf('teenager'))
    expect(stemOf('vrede')).toBe(stemOf('vred'))
    expect(stemmedText('Forældrene, teenagere!')).toBe(`${stemOf('forældrene')} ${stemOf('teenagere')}`)
  })

  it('are always the beginning of their word (snippets skip stemming words that begin otherwise)', () => {
    const words = new Set(articles.flatMap((article) => wordsOf(`${article.title} ${plainTextOf(article.bodyHtml)}`).map(({ word }) => word)))
    expect(words.size).toBeGreaterThan(3000)
    for (const word of words) expect(word.startsWith(stemOf(word)), word).toBe(true)
  })

  it('read an article’s HTML as its words', () => {
    expect(plainTextOf('<p>Rødt &amp; grønt&nbsp;<em>lys</em> &#229; &#xe6;</p>')).toBe('Rødt & grønt lys å æ')
  })

  it('cut a passage around the closest matches, marked, with … where text is left out', () => {
    const text = `${'fyld '.repeat(40)}her er ro og mere ro ${'fyld '.repeat(40)}`
    const parts = snippetOf(text, matcher([{ stem: 'ro', prefix: false }]))!
    expect(parts[0]).toEqual({ text: '… fyld her er ', mark: false })
    expect(parts.filter((part) => part.mark)).toEqual([{ text: 'ro', mark: true }, { text: 'ro', mark: true }])
    expect(parts.at(-1)?.text.endsWith(' …')).toBe(true)
    expect(snippetOf('intet her', matcher([{ stem: 'ro', prefix: true }]))).toBeUndefined()
  })
})

describe('the search address', () => {
  it('trims, joins spaces and cuts a query to its length in whole characters', () => {
    expect(parseBlogSearch({ q: '  stress \u202E  angst\u200B ' })).toEqual({ q: 'stress angst', side: undefined })
    expect(parseBlogSearch({ q: '   ', kategori: 'stress' })).toEqual({ kategori: 'stress', side: undefined })
    expect([...parseBlogSearch({ q: '😀'.repeat(MAX_QUERY_LENGTH + 5) }).q!]).toHaveLength(MAX_QUERY_LENGTH)
    // Spaces in front do not take from the length; a cut that ends in a space leaves none behind.
    expect(parseBlogSearch({ q: `  ${'a'.repeat(MAX_QUERY_LENGTH)}` }).q).toBe('a'.repeat(MAX_QUERY_LENGTH))
    expect(parseBlogSearch({ q: `${'a'.repeat(MAX_QUERY_LENGTH - 1)} b` }).q).toBe('a'.repeat(MAX_QUERY_LENGTH - 1))
    expect(parseBlogSearch({ q: 'stress', kategori: 'stress', side: '2' })).toEqual({ q: 'stress', side: 2 })
    expect(toBlogSearchParams({ q: 42, page: -1 })).toEqual({ q: '', page: 1 })
  })

  it('passes the visitor’s words and page on to the search, trimmed as the address has them', () => {
    expect(toBlogSearchParams({ q: '  stress  angst ', page: 2 })).toEqual({ q: 'stress angst', page: 2 })
  })

  it('is never stored in the page cache, and redirects to its one spelling', () => {
    expect(canonicalPageAddress(new URL('http://localhost/blog?q=stress'))).toEqual({ path: '/blog', cacheKey: undefined })
    expect(canonicalPageAddress(new URL('http://localhost/blog?q=stress&side=2'))).toEqual({ path: '/blog', cacheKey: undefined })
    expect(canonicalPageAddress(new URL('http://localhost/blog?side=2&q=+stress++angst'))).toEqual({ redirect: '/blog?q=stress+angst&side=2' })
    expect(canonicalPageAddress(new URL('http://localhost/blog?q=stress&kategori=life'))).toEqual({ redirect: '/blog?q=stress' })
    expect(canonicalPageAddress(new URL('http://localhost/blog?q='))).toEqual({ redirect: '/blog' })
    expect(canonicalPageAddress(new URL('http://localhost/blog?kategori=stress'))).toEqual({ path: '/blog', cacheKey: '/blog?kategori=stress' })
  })
})
