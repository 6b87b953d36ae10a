/**
 * `npm run db:gendan [-- --til <fil>]`: the restore drill. Fetches the newest off-site snapshot into
 * a temporary file, checks it (SQLite's integrity check) and counts what matters in it beside the
 * live database. With --til it also places the restored copy there, but never over an existing
 * file: the live database is moved away by hand first, so a drill can never overwrite it.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { databasePath } from '#db/database'
import { checkedCopy } from './lib/db-copy'
import { RESTIC_TAG, ResticError, SNAPSHOT_FILE, newestSnapshot, restic, resticSettingsMissing } from './lib/restic'

/** What a restore must bring back, by table, in the coach's words. */
const COUNTED: Array<[table: string, label: string]> = [
  ['bookings', 'bookinger'],
  ['contact_messages', 'beskeder'],
  ['newsletter_subscribers', 'tilmeldinger til nye artikler'],
  ['orders', 'ordrer'],
  ['bookkeeping_documents', 'kvitteringer og kreditnotaer'],
]

function counts(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name))
    return new Map(COUNTED.filter(([table]) => tables.has(table)).map(([table]) => [table, (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n]))
  } finally {
    db.close()
  }
}

const missing = resticSettingsMissing()
if (missing) {
  console.error(`Kan ikke hente en sikkerhedskopi: ${missing}.`)
  process.exit(1)
}
const toIndex = process.argv.indexOf('--til')
const target = toIndex === -1 ? undefined : process.argv[toIndex + 1]
if (toIndex !== -1 && !target) {
  console.error('Skriv, hvor kopien skal lægges: npm run db:gendan -- --til data/site.db')
  process.exit(1)
}

const dir = mkdtempSync(join(tmpdir(), 'coach-restore-'))
try {
  const snapshot = newestSnapshot()
  if (!snapshot) throw new ResticError('der er ingen sikkerhedskopi af siden i repositoriet endnu (kør npm run db:offsite)')
  const restored = join(dir, SNAPSHOT_FILE)
  writeFileSync(restored, restic(['dump', '--tag', RESTIC_TAG, snapshot.id, SNAPSHOT_FILE]))
  const check = checkedCopy(restored)
  if (check !== 'ok') throw new ResticError(`kopien fra ${snapshot.time} er beskadiget (integrity_check: ${check})`)
  console.log(`Øjebliksbillede ${snapshot.id.slice(0, 8)} fra ${snapshot.time} er hentet og helt (integrity_check: ok).`)
  const live = existsSync(databasePath()) ? counts(databasePath()) : undefined
  for (const [table, count] of counts(restored)) {
    const label = COUNTED.find(([name]) => name === table)![1]
    console.log(`${label}: ${count} i kopien${live ? `, ${live.get(table) ?? 0} i den kørende database` : ''}`)
  }
  if (!live) console.log(`Der er ingen database på ${databasePath()} at sammenligne med.`)
  if (target) {
    if (existsSync(resolve(target))) throw new ResticError(`${target} findes allerede – flyt den væk først; en genskabelse skriver aldrig oven i en database`)
    copyFileSync(restored, resolve(target))
    console.log(`Kopien er lagt på ${target}. Start serveren med den (DATABASE_URL), når du har set, at alt er der.`)
  }
} catch (error) {
  if (!(error instanceof ResticError)) throw error
  console.error(`Genskabelsen lykkedes ikke: ${error.message}.`)
  process.exitCode = 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
