import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blogPosts } from '#db/schema'
import { blogContentVersion, syncBlogPosts } from '#db/sync-blog'
import { articleSource, temporaryDatabase } from '../helpers'

function contentFolder(dir: string) {
  const folder = join(dir, 'blog')
  mkdirSync(folder, { recursive: true })
  const write = (slug: string, title: string, extra: Record<string, string> = {}) =>
    writeFileSync(
      join(folder, `${slug}.md`),
      articleSource({ title, description: 'Beskrivelse.', category: 'stress', publishedAt: '2024-05-01', ...extra }),
    )
  return { folder, write, remove: (slug: string) => rmSync(join(folder, `${slug}.md`)) }
}

const slugs = (db: ReturnType<typeof temporaryDatabase>['db']) =>
  db.select({ slug: blogPosts.slug, title: blogPosts.title }).from(blogPosts).orderBy(blogPosts.slug).all()

describe('db:seed', () => {
  it('makes the table match the folder: insert, update, delete, and nothing when nothing changed', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('en', 'Første')
    content.write('to', 'Anden')
    expect(syncBlogPosts(db, content.folder)).toEqual({ added: ['en', 'to'], changed: [], removed: [], unchanged: 0 })

    expect(syncBlogPosts(db, content.folder)).toEqual({ added: [], changed: [], removed: [], unchanged: 2 })

    content.write('to', 'Anden, rettet')
    content.remove('en')
    content.write('tre', 'Tredje')
    expect(syncBlogPosts(db, content.folder)).toEqual({ added: ['tre'], changed: ['to'], removed: ['en'], unchanged: 0 })
    expect(slugs(db)).toEqual([
      { slug: 'to', title: 'Anden, rettet' },
      { slug: 'tre', title: 'Tredje' },
    ])
  })

  it('writes nothing when one file is invalid, and says which file and field', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('god', 'God')
    syncBlogPosts(db, content.folder)

    content.write('god', 'God, men ændret')
    content.write('ny', 'Ny')
    content.write('daarlig', 'Dårlig', { category: 'ukendt' })
    expect(() => syncBlogPosts(db, content.folder)).toThrow(/daarlig\.md: feltet »category« er ikke en af sidens kategorier\. Brug en af: teenage, relationship/)
    expect(slugs(db)).toEqual([{ slug: 'god', title: 'God' }])
  })

  it('changes the content version on every kind of change, so cached pages are dropped', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('en', 'Første')
    content.write('to', 'Anden')
    syncBlogPosts(db, content.folder)
    const versions = [blogContentVersion(db)]
    content.write('en', 'Første, ændret')
    syncBlogPosts(db, content.folder)
    versions.push(blogContentVersion(db))
    content.remove('to')
    syncBlogPosts(db, content.folder)
    versions.push(blogContentVersion(db))
    syncBlogPosts(db, content.folder)
    expect(blogContentVersion(db)).toBe(versions.at(-1))
    expect(new Set(versions).size).toBe(3)
  })

  it('as the coach runs it: a new article without an image gets its cover, and a mistake is told in plain Danish', () => {
    const { dir } = temporaryDatabase()
    const content = contentFolder(dir)
    const covers = join(dir, 'covers')
    const seed = () =>
      spawnSync('node_modules/.bin/tsx', ['db/seed.ts', content.folder], {
        env: { ...process.env, DATABASE_URL: join(dir, 'seed.db'), COVER_DIR: covers },
        encoding: 'utf8',
      })
    writeFileSync(join(content.folder, 'ro-i-hverdagen.md'), '---\ntitle: Ro: i hverdagen\ndescription: Om ro.\ncategory: life\npublishedAt: 2026-01-05\n---\nTekst.\n')
    const first = seed()
    expect(first.status).toBe(0)
    expect(first.stdout).toContain('Tilføjet 1: ro-i-hverdagen')
    expect(first.stdout).toContain('Forsidebillede lavet til ro-i-hverdagen')
    expect(['ro-i-hverdagen.webp', 'ro-i-hverdagen-600.webp', 'ro-i-hverdagen.jpg'].every((name) => existsSync(join(covers, name)))).toBe(true)

    writeFileSync(join(content.folder, 'uden-titel.md'), '---\ndescription: Om ro.\ncategory: livet\npublishedAt: i morgen\n---\nTekst.\n')
    const failed = seed()
    expect(failed.status).toBe(1)
    expect(failed.stderr).toContain('Seed afbrudt – intet er ændret i databasen.')
    expect(failed.stderr).toContain('uden-titel.md: feltet »title« mangler. Skriv fx: title: Ro i hverdagen')
    expect(failed.stderr).toContain('feltet »category« er ikke en af sidens kategorier. Brug en af: teenage, relationship, stress, life')
    expect(failed.stderr).toContain('feltet »publishedAt« er ikke en dato (»i morgen«). Skriv fx publishedAt: 2025-09-18')
    expect(failed.stderr).not.toMatch(/\bat .+:\d+:\d+|Invalid input|expected string/)
  })
})
