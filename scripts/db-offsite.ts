/**
 * `npm run db:offsite`: a consistent copy of the live database, encrypted by restic into a
 * repository outside this machine, then every snapshot older than the privacy policy's backup
 * period forgotten and pruned. Run nightly by deploy/coach-site-offsite-backup.timer; the time and
 * snapshot are noted in the database, where `check:launch` looks. `npm run db:backup` stays the
 * local copy.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getPrivacy } from '~/server/content/content.server'
import { getDb, closeDb } from '#db/connection'
import { databasePath } from '#db/database'
import { recordOffsiteBackup } from '~/server/backup/offsite-backup.server'
import { consistentCopy } from './lib/db-copy'
import { RESTIC_TAG, ResticError, SNAPSHOT_FILE, ensureRepository, restic, resticSettingsMissing } from './lib/restic'

const missing = resticSettingsMissing()
if (missing) {
  console.error(`Ingen sikkerhedskopi uden for serveren: ${missing}.`)
  process.exit(1)
}

const dir = mkdtempSync(join(tmpdir(), 'coach-offsite-'))
try {
  const copy = join(dir, SNAPSHOT_FILE)
  const check = await consistentCopy(databasePath(), copy)
  if (check !== 'ok') throw new ResticError(`kopien af databasen er beskadiget (integrity_check: ${check}) – prøv igen`)
  ensureRepository()
  const summary = restic(['backup', '--json', '--stdin', '--stdin-filename', SNAPSHOT_FILE, '--tag', RESTIC_TAG, '--host', RESTIC_TAG], readFileSync(copy))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { message_type?: string; snapshot_id?: string })
    .find((line) => line.message_type === 'summary')
  if (!summary?.snapshot_id) throw new ResticError('restic svarede uden et øjebliksbillede')
  restic(['forget', '--tag', RESTIC_TAG, '--keep-within', `${getPrivacy().backupRetentionDays}d`, '--prune'])
  recordOffsiteBackup(getDb(), { at: new Date().toISOString(), snapshot: summary.snapshot_id })
  console.log(`Sikkerhedskopi uden for serveren: øjebliksbillede ${summary.snapshot_id.slice(0, 8)}. Kopier ældre end ${getPrivacy().backupRetentionDays} dage er slettet.`)
} catch (error) {
  if (!(error instanceof ResticError)) throw error
  console.error(`Sikkerhedskopien uden for serveren blev ikke lavet: ${error.message}.`)
  process.exitCode = 1
} finally {
  rmSync(dir, { recursive: true, force: true })
  closeDb()
}
