import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { type NewBlogPost, blogPosts } from '#db/schema'

/** A fresh, migrated SQLite file in a temporary folder, removed when the test that asked for it ends. */
export function temporaryDatabase(): { db: Db; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'coach-test-'))
  const db = openDatabase(join(dir, 'site.db'))
  onTestFinished(() => {
    db.$client.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { db, dir }
}

export function articleSource(frontMatter: Record<string, string>, body = 'Første afsnit.\n\n## Et afsnit\n\nMere tekst.') {
  const lines = Object.entries(frontMatter).map(([key, value]) => `${key}: ${value}`)
  return `---\n${lines.join('\n')}\n---\n${body}\n`
}

/** One article row written straight into the table, as a seed would leave it; `extra` overrides any column. */
export function insertPost(db: Db, slug: string, category: string, publishedAt: string, extra: Partial<NewBlogPost> = {}) {
  db.insert(blogPosts)
    .values({
      slug,
      title: slug,
      description: 'Beskrivelse',
      imageUrl: `/images/blog/${slug}.webp`,
      imageAlt: 'Illustration',
      category,
      publishedAt,
      author: 'Birgitte Holm',
      keywords: [],
      tags: [],
      section: 'Coaching',
      hero: 'gradient',
      cta: null,
      jsonLd: false,
      bodyHtml: '<p>Tekst</p>',
      sourceHash: slug,
      updatedAt: publishedAt,
      ...extra,
    })
    .run()
}

/** A form's fields as the browser posts them. */
export function formData(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

let freshLoads = 0

/**
 * The module at `path` evaluated anew, for a test of what it makes when it loads: Stryker switches a
 * mutant on before a test starts but after the test file's own imports, so only a module loaded in
 * the test, or in its beforeEach, shows the mutants of its load-time code. A query makes it a new
 * module for Vite; what it imports is the one already loaded. (vi.resetModules() would load all of
 * that again too, and Stryker would count the load-time code of every module below it, the
 * database's tables and the contact schema included, as covered by this test alone.)
 */
export async function loadedAfresh<Module>(path: string): Promise<Module> {
  freshLoads += 1
  return (await import(/* @vite-ignore */ `${path}?fresh=${freshLoads}`)) as Module
}
