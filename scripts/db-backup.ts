/**
 * `npm run db:backup [-- <fil>]`: a consistent copy of the live database through SQLite's online
 * backup API, safe while the server writes. Default target: data/backups/site-<tidspunkt>.db
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { databasePath } from '#db/connection'

const source = databasePath()
const target = resolve(process.argv[2] ?? `data/backups/site-${new Date().toISOString().replace(/[:.]/g, '-')}.db`)
if (!existsSync(source)) {
  console.error(`Der er ingen database at kopiere: ${source} findes ikke (se DATABASE_URL).`)
  process.exit(1)
}
mkdirSync(dirname(target), { recursive: true })

const db = new Database(source, { readonly: true, fileMustExist: true })
try {
  await db.backup(target)
  // The copy is one self-contained file: checked, then left without -wal/-shm beside it.
  const copy = new Database(target)
  copy.pragma('journal_mode = DELETE')
  const check = copy.pragma('integrity_check', { simple: true })
  copy.close()
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true })
  if (check !== 'ok') {
    console.error(`Kopien er beskadiget (integrity_check: ${check}) – prøv igen.`)
    process.exitCode = 1
  } else {
    console.log(`Sikkerhedskopi skrevet: ${target}`)
  }
} finally {
  db.close()
}
