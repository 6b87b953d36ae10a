/**
 * The blog's search index: an FTS5 table (migration `blog_search`) that holds each published or
 * scheduled article's title, description, text and category as Danish stems (danish-terms.server.ts),
 * under the article's row id. It is contentless: the words live once, in blog_posts; the index
 * keeps only what ranking needs, and snippets are cut from the article itself.
 */
import type { Db } from '#db/database'
import { blogPosts } from '#db/schema'
import { categoryLabels, isCategory } from '~/lib/categories'
import { readState, writeState } from '~/server/app-state.server'
import { TERM_RULES_VERSION, stemmedText } from '~/server/search/danish-terms.server'

/** Which articles and which rules the index was built from (app_state). */
const INDEX_STATE = 'search:index'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The words of an article's stored HTML as plain text: tags become spaces, entities characters. */
export function plainTextOf(html: string) {
  return html
    // A heading or a list item ends its sentence, so a snippet never runs it into the next text.
    .replace(/([^\s.!?:…>])((?:<\/[a-z]+>)*)\s*<\/(h[1-6]|li)>/gi, '$1.$2</$3>')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' '
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** What the index must have been built from to be current: these articles, these rules. */
const indexVersion = (contentVersion: string) => `${TERM_RULES_VERSION}:${contentVersion}`

/**
 * Builds the index anew when it was built from other articles or other rules, and says whether it
 * did. Callers hold a write transaction (the seed's, or their own), so readers see the old index
 * or the new one, never half of it.
 */
export function refreshSearchIndex(db: Db, contentVersion: string) {
  const wanted = indexVersion(contentVersion)
  if (readState(db, INDEX_STATE)?.value === wanted) return false
  rebuildSearchIndex(db)
  writeState(db, INDEX_STATE, wanted)
  return true
}

/** Whether the index was built from these articles with these rules (a cheap read). */
export const searchIndexIsCurrent = (db: Db, contentVersion: string) => readState(db, INDEX_STATE)?.value === indexVersion(contentVersion)

/** Every article, scheduled ones included (the search hides them until their day, as the blog does). */
function rebuildSearchIndex(db: Db) {
  const sqlite = db.$client
  sqlite.prepare(`INSERT INTO blog_search(blog_search) VALUES ('delete-all')`).run()
  const insert = sqlite.prepare('INSERT INTO blog_search(rowid, title, description, body, category) VALUES (?, ?, ?, ?, ?)')
  const rows = db
    .select({ id: blogPosts.id, title: blogPosts.title, description: blogPosts.description, bodyHtml: blogPosts.bodyHtml, category: blogPosts.category })
    .from(blogPosts)
    .all()
  for (const row of rows) {
    const category = isCategory(row.category) ? categoryLabels[row.category] : row.category
    insert.run(row.id, stemmedText(row.title), stemmedText(row.description), stemmedText(plainTextOf(row.bodyHtml)), stemmedText(category))
  }
}
