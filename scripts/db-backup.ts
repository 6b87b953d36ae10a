/**
 * `npm run db:backup [-- <fil>]`: a consistent copy of the live database through SQLite's online
 * backup API, safe while the server writes. Default target: data/backups/site-<tidspunkt>.db
 */
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { databasePath } from '#db/connection'

const source = databasePath()
const target = resolve(process.argv[2] ?? `data/backups/site-${new Date().toISOString().replace(/[:.]/g, '-')}.db`)
mkdirSync(dirname(target), { recursive: true })

const db = new Database(source, { readonly: true, fileMustExist: true })
try {
  await db.backup(target)
  const copy = new Database(target, { readonly: true })
  const check = copy.pragma('integrity_check', { simple: true })
  copy.close()
  if (check !== 'ok') throw new Error(`integrity_check: ${check}`)
  console.log(`Sikkerhedskopi skrevet: ${target}`)
} finally {
  db.close()
}
