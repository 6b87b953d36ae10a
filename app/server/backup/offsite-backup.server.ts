import type { Db } from '#db/database'
import { readState, writeState } from '~/server/app-state.server'
import { formatDanishDate } from '~/lib/dates'

/**
 * The last off-site backup (`npm run db:offsite`, restic), kept in the database it backs up: the
 * coach's `check:launch` reads it there, without the backup's settings, which only the timer's
 * environment holds.
 */
const LAST_OFFSITE_BACKUP = 'backup:offsite'

export type OffsiteBackup = { at: string; snapshot: string }

export const recordOffsiteBackup = (db: Db, backup: OffsiteBackup) => writeState(db, LAST_OFFSITE_BACKUP, JSON.stringify(backup), new Date(backup.at))

export function lastOffsiteBackup(db: Db): OffsiteBackup | undefined {
  const stored = readState(db, LAST_OFFSITE_BACKUP)
  return stored && (JSON.parse(stored.value) as OffsiteBackup)
}

/** A day and a bit: the timer runs every night, with up to an hour's delay. */
const MOST_HOURS_OLD = 26
const WHERE = 'deploy/coach-site-offsite-backup.timer (se docs/operations.md)'

/** What check:launch says about the copy outside the machine: none yet, or one older than a day. */
export function offsiteBackupLaunchItems(last: OffsiteBackup | undefined, now = new Date()): Array<{ what: string; where: string }> {
  if (!last) return [{ what: 'der er ingen sikkerhedskopi uden for serveren endnu – en død disk mister alle bookinger og beskeder; sæt restic op', where: WHERE }]
  const hours = (now.getTime() - Date.parse(last.at)) / 3_600_000
  if (hours <= MOST_HOURS_OLD) return []
  return [{ what: `den seneste sikkerhedskopi uden for serveren er fra ${formatDanishDate(last.at)} – tjek, at timeren kører, og se dens log (journalctl -u coach-site-offsite-backup)`, where: WHERE }]
}
