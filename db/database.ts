import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema.ts'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

/** Which file a connection opened: a file deleted or replaced under a running server is noticed. */
const openedFiles = new WeakMap<Database.Database, { path: string; dev: number; ino: number }>()

export function databasePath() {
  return resolve(process.env.DATABASE_URL ?? 'data/site.db')
}

/**
 * Opens a SQLite file with the settings every process of the site uses, creating its folder and
 * applying pending migrations. Several processes may open the same file (server, seed, retry).
 */
export function openDatabase(file = databasePath()): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('synchronous = NORMAL')
  if (file !== ':memory:') {
    const { dev, ino } = statSync(file)
    openedFiles.set(sqlite, { path: file, dev, ino })
  }
  const db = drizzle(sqlite, { schema })
  migrate(db, { migrationsFolder: resolve(process.env.MIGRATIONS_DIR ?? 'drizzle') })
  return db
}

/**
 * Why writes to this connection would not last, or undefined when they will: SQLite keeps writing
 * to a file that was deleted or replaced under it, so a message stored there would be lost on the
 * next start although every write succeeds.
 */
export function databaseFileProblem(db: Db): 'missing' | 'replaced' | 'unwritable' | undefined {
  const opened = openedFiles.get(db.$client)
  if (!opened) return undefined
  let current: { dev: number; ino: number }
  try {
    current = statSync(opened.path)
  } catch {
    return 'missing'
  }
  if (current.dev !== opened.dev || current.ino !== opened.ino) return 'replaced'
  try {
    accessSync(opened.path, constants.W_OK)
  } catch {
    return 'unwritable'
  }
  return undefined
}
