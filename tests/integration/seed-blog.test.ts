import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '#db/database'
import { blogPosts, newsletterSubscribers } from '#db/schema'
import { seedBlog, seedCommand } from '#db/seed-blog'
import { articleSource } from '../helpers'

// The covers go to a public/ of this test's own (read once, when the cover code loads).
const publicDir = vi.hoisted(() => {
  const { mkdtempSync } = require('node:fs') as typeof import('node:fs')
  const { tmpdir } = require('node:os') as typeof import('node:os')
  const { join } = require('node:path') as typeof import('node:path')
  const dir = join(mkdtempSync(join(tmpdir(), 'coach-seed-')), 'public')
  process.env.PUBLIC_DIR = dir
  return dir
})
afterAll(() => rmSync(join(publicDir, '..'), { recursive: true, force: true }))

const CDN_NOTE = 'Siden viser ændringen ved næste sidevisning. Står der et CDN foran, ses den dér inden for 5 minutter – eller med det samme, hvis du tømmer CDN’ets cache (purge).'

function seedFixture() {
  const dir = mkdtempSync(join(tmpdir(), 'coach-seed-blog-'))
  const folder = join(dir, 'blog')
  mkdirSync(folder)
  const database = join(dir, 'site.db')
  vi.stubEnv('DATABASE_URL', database)
  const db = openDatabase(database)
  const write = (slug: string, title: string, extra: Record<string, string> = {}) =>
    writeFileSync(join(folder, `${slug}.md`), articleSource({ title, description: 'Beskrivelse.', category: 'life', publishedAt: '2026-01-05', ...extra }))
  const seed = async () => {
    const output = { log: [] as string[], error: [] as string[] }
    const code = await seedBlog(db, folder, { log: (line) => output.log.push(line), error: (line) => output.error.push(line) })
    return { code, ...output }
  }
  const rows = () => db.select({ slug: blogPosts.slug, title: blogPosts.title, imageUrl: blogPosts.imageUrl }).from(blogPosts).orderBy(blogPosts.slug).all()
  const cleanUp = () => {
    db.$client.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return { database, folder, write, remove: (slug: string) => rmSync(join(folder, `${slug}.md`)), seed, rows, cleanUp }
}

describe('npm run db:seed, in process', () => {
  it('draws the covers first, tells what it added, changed and removed, and removes the covers of deleted articles', { timeout: 60_000 }, async () => {
    const fixture = seedFixture()
    const covers = join(publicDir, 'images', 'blog')
    try {
      fixture.write('ro-i-hverdagen', 'Ro i hverdagen')
      fixture.write('forsvinder', 'Forsvinder')
      const first = await fixture.seed()
      expect(first).toEqual({
        code: 0,
        error: [],
        log: [
          `Database: ${fixture.database}`,
          'Tilføjet 2: forsvinder, ro-i-hverdagen',
          'Ændret 0',
          'Fjernet 0',
          'Uændret 0',
          `Forsidebillede lavet til forsvinder, ro-i-hverdagen (i ${covers})`,
          CDN_NOTE,
        ],
      })
      expect(readdirSync(covers).sort()).toEqual(['forsvinder-600.webp', 'forsvinder.jpg', 'forsvinder.webp', 'ro-i-hverdagen-600.webp', 'ro-i-hverdagen.jpg', 'ro-i-hverdagen.webp'])

      // Nothing changed: nothing drawn, nothing to tell the CDN.
      expect((await fixture.seed()).log).toEqual([`Database: ${fixture.database}`, 'Tilføjet 0', 'Ændret 0', 'Fjernet 0', 'Uændret 2'])

      fixture.remove('forsvinder')
      const removed = await fixture.seed()
      expect(removed.log).toEqual([
        `Database: ${fixture.database}`,
        'Tilføjet 0',
        'Ændret 0',
        'Fjernet 1: forsvinder',
        'Uændret 1',
        // The article after it in its category moves up a place, and its cover's composition with it.
        `Forsidebillede lavet til ro-i-hverdagen (i ${covers})`,
        'Forsidebilleder fra slettede artikler fjernet: forsvinder.webp, forsvinder-600.webp, forsvinder.jpg',
        CDN_NOTE,
      ])
      expect(readdirSync(covers).sort()).toEqual(['ro-i-hverdagen-600.webp', 'ro-i-hverdagen.jpg', 'ro-i-hverdagen.webp'])
      expect(fixture.rows()).toEqual([{ slug: 'ro-i-hverdagen', title: 'Ro i hverdagen', imageUrl: '/images/blog/ro-i-hverdagen.webp' }])
    } finally {
      fixture.cleanUp()
    }
  })

  it('refuses an image: that names a missing file, and takes it once the file is there, drawing no cover for it', async () => {
    const fixture = seedFixture()
    try {
      fixture.write('med-foto', 'Med foto', { image: '/images/mit-foto.jpg' })
      const refused = await fixture.seed()
      expect(refused).toEqual({
        code: 1,
        log: [],
        error: [
          'Seed afbrudt – intet er ændret i databasen.',
          `med-foto.md: feltet »image« peger på /images/mit-foto.jpg, men filen ${join(publicDir, 'images', 'mit-foto.jpg')} findes ikke. Læg billedet dér – eller slet linjen image:, så laver seed et forsidebillede (et foto kan også ligge som content/blog/images/med-foto.jpg)`,
        ],
      })
      expect(fixture.rows()).toEqual([])

      mkdirSync(join(publicDir, 'images'), { recursive: true })
      writeFileSync(join(publicDir, 'images', 'mit-foto.jpg'), 'et foto')
      const taken = await fixture.seed()
      expect(taken.code).toBe(0)
      expect(taken.log).toEqual([`Database: ${fixture.database}`, 'Tilføjet 1: med-foto', 'Ændret 0', 'Fjernet 0', 'Uændret 0', CDN_NOTE])
      expect(fixture.rows()).toEqual([{ slug: 'med-foto', title: 'Med foto', imageUrl: '/images/mit-foto.jpg' }])
      expect(existsSync(join(publicDir, 'images', 'blog', 'med-foto.webp'))).toBe(false)
    } finally {
      fixture.cleanUp()
    }
  })

  it('tells how many e-mails about a new article go out to the subscribers, one as »1 e-mail«', async () => {
    const fixture = seedFixture()
    const db = openDatabase(fixture.database)
    try {
      mkdirSync(join(publicDir, 'images'), { recursive: true })
      writeFileSync(join(publicDir, 'images', 'mit-foto.jpg'), 'et foto')
      const subscribe = (name: string) =>
        db.insert(newsletterSubscribers).values({ publicId: `abonnent-${name}`, email: `${name}@eksempel.dk`, emailKey: `${name}@eksempel.dk`, createdAt: '2024-01-01T00:00:00.000Z', confirmedAt: '2024-01-01T00:00:00.000Z', unsubscribeTokenHash: `u-${name}`, ipHash: 'i' }).run()
      subscribe('anne')
      fixture.write('en', 'En', { image: '/images/mit-foto.jpg' })
      expect((await fixture.seed()).log).toContain('Besked om nye artikler: 1 e-mail til dem, der har tilmeldt sig, sendes inden for et minut.')
      subscribe('bo')
      fixture.write('to', 'To', { image: '/images/mit-foto.jpg' })
      expect((await fixture.seed()).log).toContain('Besked om nye artikler: 2 e-mails til dem, der har tilmeldt sig, sendes inden for et minut.')
    } finally {
      db.$client.close()
      fixture.cleanUp()
    }
  })

  it('names every article whose image: is missing on a line of its own', async () => {
    const fixture = seedFixture()
    try {
      fixture.write('foerste', 'Første', { image: '/images/foto-et.jpg' })
      fixture.write('anden', 'Anden', { image: '/images/foto-to.jpg' })
      const refused = await fixture.seed()
      expect(refused.code).toBe(1)
      expect(refused.error.join('\n').split('\n')).toEqual([
        'Seed afbrudt – intet er ændret i databasen.',
        `anden.md: feltet »image« peger på /images/foto-to.jpg, men filen ${join(publicDir, 'images', 'foto-to.jpg')} findes ikke. Læg billedet dér – eller slet linjen image:, så laver seed et forsidebillede (et foto kan også ligge som content/blog/images/anden.jpg)`,
        `foerste.md: feltet »image« peger på /images/foto-et.jpg, men filen ${join(publicDir, 'images', 'foto-et.jpg')} findes ikke. Læg billedet dér – eller slet linjen image:, så laver seed et forsidebillede (et foto kan også ligge som content/blog/images/foerste.jpg)`,
      ])
      expect(fixture.rows()).toEqual([])
    } finally {
      fixture.cleanUp()
    }
  })

  it('changes nothing when one file has a mistake, and says which file and what to write', async () => {
    const fixture = seedFixture()
    try {
      fixture.write('god', 'God', { image: '/images/mit-foto.jpg' })
      mkdirSync(join(publicDir, 'images'), { recursive: true })
      writeFileSync(join(publicDir, 'images', 'mit-foto.jpg'), 'et foto')
      expect((await fixture.seed()).code).toBe(0)
      fixture.write('god', 'God, men ændret', { image: '/images/mit-foto.jpg' })
      fixture.write('daarlig', 'Dårlig', { publishedAt: 'i morgen' })
      expect(await fixture.seed()).toEqual({
        code: 1,
        log: [],
        error: ['Seed afbrudt – intet er ændret i databasen.', 'daarlig.md: feltet »publishedAt« er ikke en dato (»i morgen«). Skriv fx publishedAt: 2025-09-18 (år-måned-dag) eller 18.09.2025'],
      })
      expect(fixture.rows()).toEqual([{ slug: 'god', title: 'God', imageUrl: '/images/mit-foto.jpg' }])

      fixture.remove('daarlig')
      expect((await fixture.seed()).log).toEqual([`Database: ${fixture.database}`, 'Tilføjet 0', 'Ændret 1: god', 'Fjernet 0', 'Uændret 0', CDN_NOTE])
    } finally {
      fixture.cleanUp()
    }
  })
})

it('writes to the terminal when no output is given', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'coach-seed-blog-'))
  const db = openDatabase(join(dir, 'site.db'))
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    mkdirSync(join(dir, 'blog'))
    expect(await seedBlog(db, join(dir, 'blog'))).toBe(0)
    expect(log).toHaveBeenCalledWith('Uændret 0')
    expect(await seedBlog(db, join(dir, 'findes-ikke'))).toBe(1)
    expect(error).toHaveBeenCalledWith('Seed afbrudt – intet er ændret i databasen.')
  } finally {
    vi.restoreAllMocks()
    db.$client.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

it('as a command, seeds the database it opens and closes it, whether the seed succeeds or fails', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'coach-seed-command-'))
  const opened: ReturnType<typeof openDatabase>[] = []
  const open = () => {
    const db = openDatabase(join(dir, 'site.db'))
    opened.push(db)
    return db
  }
  const output = { log: [] as string[], error: [] as string[] }
  const quiet = { log: (line: string) => output.log.push(line), error: (line: string) => output.error.push(line) }
  try {
    mkdirSync(join(dir, 'blog'))
    expect(await seedCommand(join(dir, 'blog'), open, quiet)).toBe(0)
    expect(output.log).toContain('Uændret 0')
    expect(await seedCommand(join(dir, 'findes-ikke'), open, quiet)).toBe(1)
    expect(output.error[0]).toBe('Seed afbrudt – intet er ændret i databasen.')
    expect(opened.map((db) => db.$client.open)).toEqual([false, false])
  } finally {
    for (const db of opened) if (db.$client.open) db.$client.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
