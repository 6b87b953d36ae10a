/**
 * `npm run db:backup [-- <fil>]`: a consistent copy of the live database through SQLite's online
 * backup API, safe while the server writes. Default target: data/backups/site-<tidspunkt>.db
 * After a good copy, older copies named site-*.db beside it are deleted once they are older than the
 * privacy policy's backup period: a message erased from the database is gone from every copy by then.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { getPrivacy } from '~/server/content/content.server'
import { databasePath } from '#db/database'
import { consistentCopy } from './lib/db-copy'

const source = databasePath()
const target = resolve(process.argv[2] ?? `data/backups/site-${new Date().toISOString().replace(/[:.]/g, '-')}.db`)
if (!existsSync(source)) {
  console.error(`Der er ingen database at kopiere: ${source} findes ikke (se DATABASE_URL).`)
  process.exit(1)
}
mkdirSync(dirname(target), { recursive: true })

const check = await consistentCopy(source, target)
if (check !== 'ok') {
  console.error(`Kopien er beskadiget (integrity_check: ${check}) – prøv igen.`)
  process.exitCode = 1
} else {
  console.log(`Sikkerhedskopi skrevet: ${target}`)
  deleteExpiredCopies()
}

/** Only after a good copy, so a failing backup never leaves fewer copies behind. */
function deleteExpiredCopies() {
  const folder = dirname(target)
  const cutoff = Date.now() - getPrivacy().backupRetentionDays * 24 * 60 * 60 * 1000
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (!/^site-.*\.db$/.test(name) || name === basename(target) || statSync(path).mtimeMs >= cutoff) continue
    rmSync(path, { force: true })
    console.log(`Slettet kopi ældre end ${getPrivacy().backupRetentionDays} dage: ${path}`)
  }
}
