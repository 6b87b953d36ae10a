import { statSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '#db/database'
import { blogContentVersion, readArticleFolder } from '#db/sync-blog'
import { categories } from '~/lib/categories'
import { wordsOf } from '~/server/search/danish-terms.server'
import { plainTextOf, refreshSearchIndex } from '~/server/search/search-index.server'
import { searchBlog } from '~/server/search/search.server'
import { printTable } from './table.ts'

/**
 * The blog's search over 10,000 generated articles (goal: p95 under 10 ms): how long the seed takes
 * to build the index, how large it is, and the time of a search (ranking, the page of twelve hits
 * and their snippets) for words common, rare, inflected, compound and absent.
 */

const ARTICLES = 10_000
const WORDS_PER_ARTICLE = 700
const QUERIES = ['stress', 'stressede', 'teenagere', 'parforholdet', 'søvnløshed', 'karriereskift', 'angst', 'forældre til teenagere', 'coaching eller terapi', 'omega-3', 'xyzzy', 'NEAR("stress" *', '😀 ro']
const RUNS_PER_QUERY = 40

/** A small deterministic random source, so every run searches the same blog. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!

export function searchBench(work: string) {
  // Words drawn from the real articles as often as they occur there: a generated article reads like
  // word salad, but its vocabulary and word frequencies are the blog's.
  const pool = readArticleFolder('content/blog').flatMap((article) => wordsOf(`${article.title} ${plainTextOf(article.bodyHtml)}`).map(({ word }) => word))
  const next = random(36)
  const words = (count: number) => Array.from({ length: count }, () => pool[Math.floor(next() * pool.length)]!).join(' ')

  const file = join(work, 'search.db')
  const db = openDatabase(file)
  const insert = db.$client.prepare(`INSERT INTO blog_posts (slug, title, description, image_url, image_alt, category, published_at,
    author, keywords, tags, section, hero, cta, json_ld, body_html, source_hash, updated_at)
    VALUES (?, ?, ?, '/images/blog/stress-er-ikke-svaghed.webp', 'Illustration', ?, ?, 'Birgitte Holm', '[]', '[]', 'Coaching', 'gradient', NULL, 0, ?, ?, ?)`)
  const start = Date.parse('2010-01-01T00:00:00Z')
  db.$client.transaction(() => {
    for (let i = 0; i < ARTICLES; i++) {
      const publishedAt = new Date(start + i * 3_600_000).toISOString()
      const body = Array.from({ length: WORDS_PER_ARTICLE / 70 }, () => `<p>${words(70)}.</p>`).join('')
      insert.run(`genereret-${i}`, words(6), words(20), categories[i % categories.length], publishedAt, body, `g${i}`, publishedAt)
    }
  })()
  const withoutIndex = statSync(file).size + statSync(`${file}-wal`, { throwIfNoEntry: false })!.size
  const buildStart = performance.now()
  db.$client.transaction(() => refreshSearchIndex(db, blogContentVersion(db))).immediate()
  const buildMs = performance.now() - buildStart
  db.$client.pragma('wal_checkpoint(TRUNCATE)')
  const indexPages = db.$client.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'blog_search%'`).get() as { bytes: number }

  const now = new Date('2030-01-01T00:00:00Z')
  const rows: Array<Record<string, string | number>> = []
  const all: number[] = []
  for (const q of QUERIES) {
    searchBlog({ q, page: 1 }, now, db) // prepares the statements
    const times: number[] = []
    let total = 0
    for (let run = 0; run < RUNS_PER_QUERY; run++) {
      const began = performance.now()
      total = searchBlog({ q, page: 1 + (run % 2) }, now, db).total
      times.push(performance.now() - began)
    }
    all.push(...times)
    rows.push({ søgning: q, træffere: total, 'p50 ms': percentile(times, 0.5).toFixed(2), 'p95 ms': percentile(times, 0.95).toFixed(2) })
  }
  db.$client.close()

  console.log(`Søgning i ${ARTICLES.toLocaleString('da-DK')} genererede artikler à ${WORDS_PER_ARTICLE} ord (mål: p95 under 10 ms):`)
  printTable(rows)
  console.log()
  console.log(`Alle søgninger: p50 ${percentile(all, 0.5).toFixed(2)} ms, p95 ${percentile(all, 0.95).toFixed(2)} ms, maks. ${Math.max(...all).toFixed(2)} ms`)
  console.log(`Indekset: ${(indexPages.bytes / 1024 / 1024).toFixed(1)} MB (artiklerne uden indeks: ${(withoutIndex / 1024 / 1024).toFixed(1)} MB); bygget på ${(buildMs / 1000).toFixed(1)} s`)
  console.log()
}
