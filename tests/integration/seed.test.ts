import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#db/database'
import { blogPosts, newsletterSubscribers } from '#db/schema'
import { blogContentVersion, readArticleFolder, syncBlogPosts } from '#db/sync-blog'
import { ogImageFor } from '~/lib/blog'
import { StaticFiles } from '~/server/http/static-files.server'
import { articleSource, temporaryDatabase } from '../helpers'
import { newsletterEmailRows } from '../outbox-rows'

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

/**
 * `npm run db:seed` in this process (db/seed.ts only calls seedCommand), its output caught as the
 * terminal would show it: a second tsx process per seed took most of this file's time. Covers go
 * to a public folder of the describe block's own (PUBLIC_DIR is read when the covers module loads).
 */
function seedInProcess() {
  const folder = mkdtempSync(join(tmpdir(), 'coach-seed-'))
  // images.lock.json is written beside the public folder, so that folder gets a parent of its own.
  const publicDir = join(folder, 'public')
  let seedCommand: typeof import('#db/seed-blog')['seedCommand']
  beforeAll(async () => {
    vi.stubEnv('PUBLIC_DIR', publicDir)
    vi.resetModules()
    ;({ seedCommand } = await import('#db/seed-blog'))
  })
  afterAll(() => {
    vi.unstubAllEnvs()
    rmSync(folder, { recursive: true, force: true })
  })
  const seed = async (articles: string, database: string) => {
    const output = { stdout: [] as string[], stderr: [] as string[] }
    const status = await seedCommand(articles, () => openDatabase(database), { log: (line) => output.stdout.push(line), error: (line) => output.stderr.push(line) })
    return { status, stdout: output.stdout.join('\n'), stderr: output.stderr.join('\n') }
  }
  return { seed, publicDir }
}

describe('db:seed', () => {
  it('queues, in its transaction, one notice per confirmed subscriber for an article published now, and none for one still to come', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('gammel', 'Gammel')
    expect(syncBlogPosts(db, content.folder).notices).toBe(0)
    const subscriber = { email: 'anne@eksempel.dk', createdAt: '2024-01-01T00:00:00.000Z', unsubscribeTokenHash: 'u', ipHash: 'i' }
    db.insert(newsletterSubscribers).values([
      { ...subscriber, publicId: 'bekraeftet', emailKey: 'anne@eksempel.dk', confirmedAt: '2024-01-01T00:00:00.000Z' },
      { ...subscriber, publicId: 'ubekraeftet', emailKey: 'bo@eksempel.dk', unsubscribeTokenHash: 'v' },
    ]).run()
    content.write('ny', 'Ny', { publishedAt: '2024-06-01' })
    content.write('kommende', 'Kommende', { publishedAt: '2099-01-01' })
    expect(syncBlogPosts(db, content.folder, new Date('2024-06-02T00:00:00.000Z')).notices).toBe(1)
    expect(syncBlogPosts(db, content.folder, new Date('2024-06-03T00:00:00.000Z')).notices).toBe(0)
    expect(newsletterEmailRows(db).map(({ articleSlug, idempotencyKey }) => ({ slug: articleSlug, key: idempotencyKey }))).toEqual([{ slug: 'ny', key: 'nyhedsbrev-bekraeftet-artikel-ny' }])
  })

  it('waits for the running server’s write instead of failing with »database is locked«', async () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('en', 'Første')
    syncBlogPosts(db, content.folder)
    content.write('to', 'Anden')
    // Another process (the server's worker) holds the write lock and commits 300 ms later.
    const writer = spawn(process.execPath, ['-e', `
      const db = new (require('better-sqlite3'))(${JSON.stringify(join(dir, 'site.db'))})
      db.exec("BEGIN IMMEDIATE; INSERT INTO app_state VALUES ('probe', 'x', '2024-01-01')")
      console.log('locked')
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
      db.exec('COMMIT')
    `], { stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise((resolve) => writer.stdout.once('data', resolve))

    expect(syncBlogPosts(db, content.folder).added).toEqual(['to'])
    expect(slugs(db).map((row) => row.slug)).toEqual(['en', 'to'])
    await new Promise((resolve) => writer.once('exit', resolve))
    expect(writer.exitCode).toBe(0)
  })

  it('makes the table match the folder: insert, update, delete, and nothing when nothing changed', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('en', 'Første')
    content.write('to', 'Anden')
    expect(syncBlogPosts(db, content.folder)).toEqual({ added: ['en', 'to'], changed: [], removed: [], unchanged: 0, notices: 0 })

    expect(syncBlogPosts(db, content.folder)).toEqual({ added: [], changed: [], removed: [], unchanged: 2, notices: 0 })

    content.write('to', 'Anden, rettet')
    content.remove('en')
    content.write('tre', 'Tredje')
    expect(syncBlogPosts(db, content.folder)).toEqual({ added: ['tre'], changed: ['to'], removed: ['en'], unchanged: 0, notices: 0 })
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
    expect(() => syncBlogPosts(db, content.folder)).toThrow('daarlig.md: feltet »category« er ikke en af sidens kategorier (»ukendt«). Brug en af: Teenager coaching (teenage)')
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

  // Three real runs of the command (tsx start-up each): generous on a busy machine.
  it('as the coach runs it: a new article without an image gets its cover, served at once', { timeout: 120_000 }, async () => {
    const { dir } = temporaryDatabase()
    const content = contentFolder(dir)
    const publicDir = join(dir, 'public')
    const seed = () =>
      spawnSync('node_modules/.bin/tsx', ['db/seed.ts', content.folder], {
        env: { ...process.env, DATABASE_URL: join(dir, 'seed.db'), PUBLIC_DIR: publicDir },
        encoding: 'utf8',
      })
    writeFileSync(join(content.folder, 'ro-i-hverdagen.md'), '---\ntitle: Ro: i hverdagen\ndescription: Om ro.\ncategory: life\npublishedAt: 2026-01-05\n---\nTekst.\n')
    const first = seed()
    expect(first.status, first.stderr).toBe(0)
    expect(first.stdout).toContain('Tilføjet 1: ro-i-hverdagen')
    expect(first.stdout).toContain('Forsidebillede lavet til ro-i-hverdagen')

    // The page asks for the cover the database names, and the running server (built before the
    // article existed) answers it from public/ as a real 1200x630 image.
    const seeded = openDatabase(join(dir, 'seed.db'))
    const [row] = seeded.select({ title: blogPosts.title, imageUrl: blogPosts.imageUrl }).from(blogPosts).all()
    seeded.$client.close()
    expect(row).toEqual({ title: 'Ro: i hverdagen', imageUrl: '/images/blog/ro-i-hverdagen.webp' })
    const emptyBuild = join(dir, 'client')
    mkdirSync(emptyBuild)
    const staticFiles = new StaticFiles(emptyBuild, publicDir)
    for (const url of [row!.imageUrl, ogImageFor(row!.imageUrl), row!.imageUrl.replace('.webp', '-600.webp')]) {
      const served = staticFiles.get(url)
      expect(served?.status, url).toBe(200)
      const size = await sharp(served!.representations.identity.body).metadata()
      expect(size.width, url).toBe(url.endsWith('-600.webp') ? 600 : 1200)
    }
  })

})

describe('db:seed, each typo', () => {
  const { seed: seedCommand } = seedInProcess()

  // Once part of the test above, which starts the seed as a process: the same command, run here in
  // the test's own process, saves two starts of tsx (about 9 s on a busy machine).
  it('tells a mistake in plain Danish: a missing title, an unknown category, a date it cannot read, a photo that is not there', { timeout: 60_000 }, async () => {
    const { dir } = temporaryDatabase()
    const content = contentFolder(dir)
    const seed = () => seedCommand(content.folder, join(dir, 'seed.db'))
    writeFileSync(join(content.folder, 'uden-titel.md'), '---\ndescription: Om ro.\ncategory: livet\npublishedAt: i morgen\n---\nTekst.\n')
    const failed = await seed()
    expect(failed.status).toBe(1)
    expect(failed.stderr).toContain('Seed afbrudt – intet er ændret i databasen.')
    expect(failed.stderr).toContain('uden-titel.md: feltet »title« mangler. Skriv fx: title: Ro i hverdagen')
    expect(failed.stderr).toContain('feltet »category« er ikke en af sidens kategorier (»livet«). Brug en af: Teenager coaching (teenage), Parforhold (relationship)')
    expect(failed.stderr).toContain('feltet »publishedAt« er ikke en dato (»i morgen«). Skriv fx publishedAt: 2025-09-18')
    expect(failed.stderr).not.toMatch(/\bat .+:\d+:\d+|Invalid input|expected string/)
    content.remove('uden-titel')

    writeFileSync(join(content.folder, 'med-foto.md'), '---\ntitle: Med foto\ndescription: Om ro.\ncategory: life\npublishedAt: 2026-01-05\nimage: /images/mit-foto.jpg\n---\nTekst.\n')
    const withoutPhoto = await seed()
    expect(withoutPhoto.status).toBe(1)
    expect(withoutPhoto.stderr).toContain('med-foto.md: feltet »image« peger på /images/mit-foto.jpg, men filen')
    expect(withoutPhoto.stderr).toContain('slet linjen image:, så laver seed et forsidebillede')
  })

  it('stops the seed at its line and changes nothing; Danish dates and category names are taken', { timeout: 60_000 }, async () => {
    const { dir } = temporaryDatabase()
    const content = contentFolder(dir)
    const database = join(dir, 'seed.db')
    const seed = () => seedCommand(content.folder, database)
    const article = (frontMatter: string) => writeFileSync(join(content.folder, 'overskud.md'), `---\n${frontMatter}\n---\nTekst.\n`)
    const titles = () => {
      const db = openDatabase(database)
      const rows = db.select({ slug: blogPosts.slug, title: blogPosts.title, category: blogPosts.category, publishedAt: blogPosts.publishedAt }).from(blogPosts).all()
      db.$client.close()
      return rows
    }

    article('title: Når du mangler overskud\ndescription: Om overskud.\ncategory: Parforhold\npublishedAt: 21.11.2026')
    const good = await seed()
    expect(good.status, good.stderr).toBe(0)
    const published = [{ slug: 'overskud', title: 'Når du mangler overskud', category: 'relationship', publishedAt: '2026-11-21T00:00:00.000Z' }]
    expect(titles()).toEqual(published)

    const typos: Array<[string, string]> = [
      ['title: "Når du mangler overskud\ndescription: Om overskud.\ncategory: life\npublishedAt: 21/11/2026', 'overskud.md: front matter kunne ikke læses i linje 2 (»title: "Når du mangler overskud«): der mangler et afsluttende anførselstegn (")'],
      ['title: Når du mangler overskud\ndescription: Om overskud.\n  category: life\npublishedAt: 21/11/2026', 'overskud.md: front matter kunne ikke læses i linje 4 (»category: life«): linjen er rykket ind'],
      ['title: Når du mangler overskud\n\tdescription: Om overskud.\ncategory: life\npublishedAt: 21/11/2026', 'overskud.md: front matter kunne ikke læses i linje 3 (»description: Om overskud.«): linjen begynder med et tabulatortegn'],
      ['title: Når du mangler overskud\ndescription Om overskud.\ncategory: life\npublishedAt: 21/11/2026', 'overskud.md: front matter kunne ikke læses i linje 3 (»description Om overskud.«): der mangler et kolon efter feltnavnet'],
      ['title: Når du mangler overskud\ndescription: Om overskud.\ncategory: Kærlighed\npublishedAt: 21/11/2026', 'overskud.md: feltet »category« er ikke en af sidens kategorier (»Kærlighed«). Brug en af: Teenager coaching (teenage), Parforhold (relationship)'],
    ]
    for (const [frontMatter, message] of typos) {
      article(frontMatter)
      const run = await seed()
      expect(run.status, frontMatter).toBe(1)
      expect(run.stderr).toContain('Seed afbrudt – intet er ændret i databasen.')
      expect(run.stderr).toContain(message)
      expect(titles()).toEqual(published)
    }
  })

})

describe('db:seed, deleting an article', () => {
  const { seed: seedCommand, publicDir } = seedInProcess()

  it('removes its covers, and keeps the others, other covers and a file an article names', { timeout: 60_000 }, async () => {
    const { dir } = temporaryDatabase()
    const content = contentFolder(dir)
    const covers = join(publicDir, 'images', 'blog')
    const seed = () => seedCommand(content.folder, join(dir, 'seed.db'))
    content.write('bliver', 'Bliver')
    content.write('forsvinder', 'Forsvinder')
    // An article of the real blog (content/blog has its file, whichever it is), seeded here from a copy.
    const real = readdirSync('content/blog').find((name) => name.endsWith('.md'))!.replace(/\.md$/, '')
    content.write(real, 'En artikel fra bloggen')
    expect((await seed()).status).toBe(0)
    const realBlogCover = [`${real}-600.webp`, `${real}.jpg`, `${real}.webp`]
    expect(readdirSync(covers).sort()).toEqual(['bliver-600.webp', 'bliver.jpg', 'bliver.webp', 'forsvinder-600.webp', 'forsvinder.jpg', 'forsvinder.webp', ...realBlogCover].sort())
    writeFileSync(join(covers, 'eget-foto.jpg'), 'et foto')
    writeFileSync(join(covers, 'andet-blog.webp'), 'en anden blogs forside')
    content.write('med-eget', 'Med eget foto', { image: '/images/blog/eget-foto.jpg' })

    content.remove('forsvinder')
    content.remove(real)
    const run = await seed()
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain(`Fjernet 2: ${['forsvinder', real].sort().join(', ')}`)
    expect(run.stdout).toContain('Forsidebilleder fra slettede artikler fjernet: forsvinder.webp, forsvinder-600.webp, forsvinder.jpg')
    // Only the covers of what this seed removed go: not those of articles it never knew, nor of
    // one whose file is still in the real blog.
    expect(readdirSync(covers).sort()).toEqual(['andet-blog.webp', 'bliver-600.webp', 'bliver.jpg', 'bliver.webp', 'eget-foto.jpg', ...realBlogCover].sort())
    expect(existsSync(join(publicDir, '..', 'images.lock.json'))).toBe(true)

    // Nothing changed: nothing drawn again.
    const again = await seed()
    expect(again.stdout).not.toContain('Forsidebillede lavet')
  })
})

describe('reading the article folder', () => {
  it('reads only .md files, in name order, and stamps a change with the time of the seed', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('b', 'B')
    content.write('c', 'C', { updatedAt: '2024-06-01' })
    content.write('a', 'A')
    writeFileSync(join(content.folder, 'noter.txt'), 'ikke en artikel')
    mkdirSync(join(content.folder, 'images'))
    const seededAt = new Date('2025-02-03T04:05:06.000Z')
    expect(syncBlogPosts(db, content.folder, seededAt)).toEqual({ added: ['a', 'b', 'c'], changed: [], removed: [], unchanged: 0, notices: 0 })
    const updated = () => db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).orderBy(blogPosts.slug).all()
    expect(updated()).toEqual([
      { slug: 'a', updatedAt: '2024-05-01T00:00:00.000Z' },
      { slug: 'b', updatedAt: '2024-05-01T00:00:00.000Z' },
      { slug: 'c', updatedAt: '2024-06-01T00:00:00.000Z' },
    ])
    content.write('a', 'A, rettet')
    content.write('c', 'C, rettet', { updatedAt: '2024-07-01' })
    expect(syncBlogPosts(db, content.folder, seededAt)).toEqual({ added: [], changed: ['a', 'c'], removed: [], unchanged: 1, notices: 0 })
    expect(updated()).toEqual([
      { slug: 'a', updatedAt: '2025-02-03T04:05:06.000Z' },
      { slug: 'b', updatedAt: '2024-05-01T00:00:00.000Z' },
      { slug: 'c', updatedAt: '2024-07-01T00:00:00.000Z' },
    ])
  })

  it('empties the table when the folder is empty', () => {
    const { db, dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('en', 'En')
    content.write('to', 'To')
    syncBlogPosts(db, content.folder)
    content.remove('en')
    content.remove('to')
    expect(syncBlogPosts(db, content.folder)).toEqual({ added: [], changed: [], removed: ['en', 'to'], unchanged: 0, notices: 0 })
    expect(slugs(db)).toEqual([])
    expect(blogContentVersion(db)).toMatch(/^0:\d+$/)
  })

  it('names every broken file at once, one per line, and does not hide a file it cannot read', () => {
    const { dir } = temporaryDatabase()
    const content = contentFolder(dir)
    content.write('god', 'God')
    content.write('en', 'En', { category: 'ukendt' })
    writeFileSync(join(content.folder, 'to.md'), 'ingen front matter')
    expect(() => readArticleFolder(content.folder)).toThrow(
      'en.md: feltet »category« er ikke en af sidens kategorier (»ukendt«). Brug en af: Teenager coaching (teenage), Parforhold (relationship), Stress coaching (stress), Life coaching (life), Karriere coaching (career), Coaching indsigt (insights), Krisecoaching (crisis), Personlig udvikling (personal-development), Kosttilskud (kosttilskud), Specielle tilbud (special-offers)\nto.md: filen mangler front matter mellem to linjer med ---',
    )
    rmSync(join(content.folder, 'en.md'))
    rmSync(join(content.folder, 'to.md'))
    mkdirSync(join(content.folder, 'mappe.md'))
    expect(() => readArticleFolder(content.folder)).toThrow(/EISDIR/)
  })
})
