import { chmodSync, copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { databaseFileProblem, databasePath, openDatabase } from '#db/database'
import { closeDb, getDb, seedIfEmpty } from '#db/connection'
import { blogPosts } from '#db/schema'
import { temporaryDatabase } from '../helpers'

// A restored or re-mounted data volume can hold a new file with the inode number of the old one:
// `volume.swapped` stands in for that, as `statSync` then sees it (the same inode on another device).
// node:fs is real otherwise.
const volume = vi.hoisted(() => ({ swapped: undefined as string | undefined }))
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>()
  const statSync = ((...args: Parameters<typeof actual.statSync>) => {
    const stats = actual.statSync(...args)
    return stats && String(args[0]) === volume.swapped ? { ...stats, dev: Number(stats.dev) + 1 } : stats
  }) as typeof actual.statSync
  return { ...actual, default: { ...actual, statSync }, statSync }
})

afterEach(() => {
  volume.swapped = undefined
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const temporaryFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'coach-connection-'))
  return { dir, cleanUp: () => rmSync(dir, { recursive: true, force: true }) }
}

describe('opening the database', () => {
  it('creates the folder, applies the migrations and sets what several processes need', () => {
    const { dir, cleanUp } = temporaryFolder()
    try {
      const file = join(dir, 'under', 'mappe', 'site.db')
      const db = openDatabase(file)
      expect(existsSync(file)).toBe(true)
      const pragma = (name: string) => db.$client.pragma(name, { simple: true })
      expect(pragma('journal_mode')).toBe('wal')
      expect(pragma('busy_timeout')).toBe(5000)
      expect(pragma('foreign_keys')).toBe(1)
      expect(pragma('synchronous')).toBe(1)
      expect(db.select().from(blogPosts).all()).toEqual([])
      db.$client.close()
    } finally {
      cleanUp()
    }
  })

  it('opens an in-memory database without touching the disk, and never reports a file problem for it', () => {
    const db = openDatabase(':memory:')
    expect(existsSync(':memory:')).toBe(false)
    expect(databaseFileProblem(db)).toBeUndefined()
    db.$client.close()
  })

  it('stops with the migrations folder it could not read', () => {
    const { dir, cleanUp } = temporaryFolder()
    vi.stubEnv('MIGRATIONS_DIR', join(dir, 'ingen-migrationer'))
    try {
      expect(() => openDatabase(join(dir, 'site.db'))).toThrow()
    } finally {
      cleanUp()
    }
  })

  it('names data/site.db unless DATABASE_URL says otherwise', () => {
    vi.stubEnv('DATABASE_URL', undefined)
    expect(databasePath()).toBe(resolve('data/site.db'))
    vi.stubEnv('DATABASE_URL', 'andet/sted.db')
    expect(databasePath()).toBe(resolve('andet/sted.db'))
  })
})

describe('a database file that changes under a running server', () => {
  it('is noticed when deleted or replaced, and not while it is the file that was opened', () => {
    const { db, dir } = temporaryDatabase()
    const file = join(dir, 'site.db')
    expect(databaseFileProblem(db)).toBeUndefined()

    const copy = join(dir, 'kopi.db')
    copyFileSync(file, copy)
    renameSync(file, join(dir, 'flyttet.db'))
    expect(databaseFileProblem(db)).toBe('missing')

    renameSync(copy, file)
    expect(databaseFileProblem(db)).toBe('replaced')
  })

  it('is noticed when replaced by a file on another device that has the same inode number', () => {
    const { db, dir } = temporaryDatabase()
    volume.swapped = join(dir, 'site.db')
    expect(databaseFileProblem(db)).toBe('replaced')
  })

  // Root may write to any file, so this can only be shown as another user (as CI runs).
  it.skipIf(process.getuid?.() === 0)('is noticed when the file can no longer be written', () => {
    const { db, dir } = temporaryDatabase()
    chmodSync(join(dir, 'site.db'), 0o444)
    expect(databaseFileProblem(db)).toBe('unwritable')
  })
})

describe('the server’s shared connection', () => {
  afterEach(() => closeDb())

  it('is opened once, seeded when empty, logged once, and opened anew after closing', () => {
    const { dir, cleanUp } = temporaryFolder()
    try {
      vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
      vi.stubEnv('LOG_LEVEL', 'info')
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const db = getDb()
      expect(getDb()).toBe(db)
      const posts = db.select({ slug: blogPosts.slug }).from(blogPosts).all().length
      expect(posts).toBeGreaterThan(0)
      expect(logged).toHaveBeenCalledTimes(1)
      expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({ level: 'info', msg: 'blog seeded on start', added: posts })

      closeDb()
      const reopened = getDb()
      expect(reopened).not.toBe(db)
      // Already seeded: nothing to seed, nothing to log.
      expect(logged).toHaveBeenCalledTimes(1)
      expect(seedIfEmpty(reopened)).toBeUndefined()
      closeDb()
      closeDb()
    } finally {
      cleanUp()
    }
  })

  it('logs nothing when the log is silenced', () => {
    const { dir, cleanUp } = temporaryFolder()
    try {
      vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
      vi.stubEnv('LOG_LEVEL', 'silent')
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      getDb()
      expect(logged).not.toHaveBeenCalled()
    } finally {
      cleanUp()
    }
  })
})
