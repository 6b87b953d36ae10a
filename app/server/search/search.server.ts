/**
 * The blog's search (`/blog?q=…`): the visitor's words become Danish stems (danish-terms.server.ts),
 * matched in the FTS5 index and ranked by bm25 with the title weighed highest. The query SQLite sees
 * is built from stems only, each quoted, so no text a visitor types (quotes, `*`, `-`, `NEAR`, an
 * unmatched `"`) can be read as FTS5 syntax: any query is an answer, never an error.
 */
import type { Statement } from 'better-sqlite3'
import { blogContentVersion } from '#db/sync-blog'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { type BlogSearchResult, POSTS_PER_PAGE, type PostCard, type SearchHit, type SnippetPart } from '~/lib/blog'
import { getBlogIndex } from '~/server/blog/blog.server'
import { withCoverVersions } from '~/server/images.server'
import { STOP_WORDS, stemOf, wordsOf } from '~/server/search/danish-terms.server'
import { plainTextOf, refreshSearchIndex, searchIndexIsCurrent } from '~/server/search/search-index.server'

/** Each statement prepared once per connection: a search runs a dozen of them. */
const statements = new WeakMap<Db['$client'], Map<string, Statement<unknown[]>>>()
function statement(db: Db, sql: string) {
  let prepared = statements.get(db.$client)
  if (!prepared) statements.set(db.$client, (prepared = new Map()))
  let found = prepared.get(sql)
  if (!found) prepared.set(sql, (found = db.$client.prepare<unknown[]>(sql)))
  return found
}

/** More words than this say nothing more; the rest of a long query is left out. */
const MAX_QUERY_WORDS = 8
/**
 * Stems this long also find the words they begin (»stres« finds »stresshåndtering«); shorter ones only
 * themselves. The index keeps prefix lists for 4 to 8 letters (migration `blog_search_prefixes`).
 */
const PREFIX_FROM = 4
/** A compound's parts are at least this long (»karriere|skift«, »søvn|løshed«). */
const MIN_PART = 3
/** bm25 weights of the columns title, description, body, category. */
const COLUMN_WEIGHTS = '10.0, 4.0, 1.0, 2.0'
/** Words shown in a snippet. */
const SNIPPET_WORDS = 28

/** One searched stem; `prefix`: it also matches the words it begins. */
export type Piece = { stem: string; prefix: boolean }
/** A word of the query as it is searched: one stem, or a compound's parts (either may match). */
type QueryTerm = Piece[]

/**
 * The query runs on the index alone (joining every match to blog_posts cost more than the ranking
 * itself at 10,000 articles); articles scheduled for later, usually none, are taken out of the
 * count and the ranking afterwards, and the page's twelve are then read by id.
 */
export function searchBlog({ q, page }: { q: string; page: number }, now = new Date(), db: Db = getDb()): BlogSearchResult {
  ensureCurrentIndex(db)
  const terms = queryTerms(q, db)
  const scheduled = (statement(db, 'SELECT id FROM blog_posts WHERE published_at > ?').all(now.toISOString()) as Array<{ id: number }>).map((row) => row.id)
  // Every word first; when that finds nothing, any of them (best matches first all the same).
  let match = matchExpression(terms, ' AND ')
  let total = match ? countMatches(db, match, scheduled) : 0
  if (total === 0 && terms.length > 1) {
    match = matchExpression(terms, ' OR ')
    total = countMatches(db, match, scheduled)
  }
  const pageCount = Math.max(1, Math.ceil(total / POSTS_PER_PAGE))
  const currentPage = Math.min(Math.max(1, page), pageCount)
  if (total === 0) return { query: q, page: currentPage, pageCount, total, hits: [], counts: getBlogIndex({ category: 'all', page: 1 }, now, db).counts }

  const offset = (currentPage - 1) * POSTS_PER_PAGE
  const ranked = statement(db, `SELECT rowid AS id FROM blog_search WHERE blog_search MATCH ? ORDER BY bm25(blog_search, ${COLUMN_WEIGHTS}), rowid DESC LIMIT ?`)
    .all(match, offset + POSTS_PER_PAGE + scheduled.length) as Array<{ id: number }>
  const ids = ranked.map((row) => row.id).filter((id) => !scheduled.includes(id)).slice(offset, offset + POSTS_PER_PAGE)
  const rows = statement(
    db,
    `SELECT id, slug, title, description, image_url AS imageUrl, category, published_at AS publishedAt, body_html AS bodyHtml
     FROM blog_posts WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as Array<PostCard & { id: number; bodyHtml: string }>
  const byId = new Map(rows.map(({ id, ...row }) => [id, row]))
  const matches = matcher(terms.flat())
  const hits: SearchHit[] = withCoverVersions(
    ids.flatMap((id) => {
      const row = byId.get(id)
      if (!row) return []
      const { bodyHtml, ...card } = row
      return [{ ...card, snippet: snippetOf(plainTextOf(bodyHtml), matches) ?? snippetOf(card.description, matches, true)! }]
    }),
  )
  return { query: q, page: currentPage, pageCount, total, hits }
}

/** A database the seed has not run on since the index came (or since the rules changed) is indexed once, by whoever searches first. */
function ensureCurrentIndex(db: Db) {
  if (searchIndexIsCurrent(db, blogContentVersion(db))) return
  db.$client.transaction(() => refreshSearchIndex(db, blogContentVersion(db))).immediate()
}

/** Matching articles, less the scheduled ones among them. */
function countMatches(db: Db, match: string, scheduled: number[]) {
  const all = statement(db, 'SELECT count(*) AS total FROM blog_search WHERE blog_search MATCH ?').get(match) as { total: number }
  if (scheduled.length === 0) return all.total
  const early = statement(db, 'SELECT count(*) AS total FROM blog_search WHERE blog_search MATCH ? AND rowid IN (SELECT value FROM json_each(?))').get(
    match,
    JSON.stringify(scheduled),
  ) as { total: number }
  return all.total - early.total
}

/** The query's words as stems, stop words left out (unless there is nothing else). */
export function queryTerms(q: string, db: Db): QueryTerm[] {
  const words = [...new Set(wordsOf(q).map(({ word }) => word))]
  const meaningful = words.filter((word) => !STOP_WORDS.has(word))
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_WORDS).map((word) => termOf(word, db))
}

/** A word's stem; when no article has it, the parts of the compound it may be (»karriereskift«). */
function termOf(word: string, db: Db): QueryTerm {
  const whole = pieceOf(word)
  if (isIndexed(db, whole)) return [whole]
  for (let split = word.length - MIN_PART; split >= MIN_PART; split--) {
    const right = pieceOf(word.slice(split))
    if (!isIndexed(db, right)) continue
    const left = word.slice(0, split)
    // Danish joins many compounds with an s (»eksamen|s|angst«).
    for (const first of left.endsWith('s') && left.length > MIN_PART ? [left, left.slice(0, -1)] : [left]) {
      const leftPiece = pieceOf(first)
      if (isIndexed(db, leftPiece)) return [leftPiece, right]
    }
  }
  return [whole]
}

function pieceOf(word: string): Piece {
  const stem = stemOf(word)
  return { stem, prefix: stem.length >= PREFIX_FROM }
}

function isIndexed(db: Db, { stem, prefix }: Piece) {
  const found = prefix
    ? statement(db, 'SELECT 1 FROM blog_search_terms WHERE term >= ? AND term < ? LIMIT 1').get(stem, `${stem}\u{10FFFF}`)
    : statement(db, 'SELECT 1 FROM blog_search_terms WHERE term = ?').get(stem)
  return found !== undefined
}

/** The FTS5 query: every stem quoted (stems hold letters and digits only), a compound's parts as alternatives. */
function matchExpression(terms: QueryTerm[], joiner: ' AND ' | ' OR ') {
  const piece = ({ stem, prefix }: Piece) => `"${stem}"${prefix ? '*' : ''}`
  return terms.map((term) => (term.length === 1 ? piece(term[0]!) : `(${term.map(piece).join(' OR ')})`)).join(joiner)
}

/** Whether a word's stem matches the query; `couldMatch` rules a word out before it is stemmed. */
type Matcher = ((stem: string) => boolean) & { couldMatch: (word: string) => boolean }

/**
 * A stem is always the beginning of its word (Snowball's Danish rules only take endings off), so a
 * word that does not begin with a searched stem cannot match, and the snippet skips stemming it.
 */
export function matcher(pieces: Piece[]): Matcher {
  const matches = (stem: string) => pieces.some((piece) => (piece.prefix ? stem.startsWith(piece.stem) : stem === piece.stem))
  return Object.assign(matches, { couldMatch: (word: string) => pieces.some((piece) => word.startsWith(piece.stem)) })
}

/**
 * The passage of `text` where the query's words stand closest together, the matched words marked;
 * undefined when none of them is in it (unless `always`: then its beginning).
 */
export function snippetOf(text: string, matches: Matcher, always = false): SnippetPart[] | undefined {
  const words = wordsOf(text)
  const hit = words.map(({ word }) => matches.couldMatch(word) && matches(stemOf(word)))
  const hitCount = (from: number) => hit.slice(from, from + SNIPPET_WORDS).filter(Boolean).length
  let best = hit.indexOf(true)
  if (best < 0 && !always) return undefined
  for (let from = best + 1; best >= 0 && from < words.length; from++) {
    if (hit[from] && hitCount(from) > hitCount(best)) best = from
  }
  // A word or two before the first match, so the passage does not open on it.
  const first = Math.max(0, best - 3)
  const last = Math.min(words.length, first + SNIPPET_WORDS) - 1
  const parts: SnippetPart[] = first > 0 ? [{ text: '… ', mark: false }] : []
  const add = (part: string, mark: boolean) => {
    const previous = parts.at(-1)
    if (previous && previous.mark === mark && !mark) previous.text += part
    else parts.push({ text: part, mark })
  }
  for (let index = first; index <= last; index++) {
    const { start, end } = words[index]!
    if (index > first) add(text.slice(words[index - 1]!.end, start), false)
    add(text.slice(start, end), hit[index]!)
  }
  if (last < words.length - 1) add(' …', false)
  return parts
}
