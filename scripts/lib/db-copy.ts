/**
 * A consistent copy of the live database through SQLite's online backup API, safe while the
 * server writes; the copy is one self-contained file (no -wal or -shm beside it), checked.
 */
import { rmSync } from 'node:fs'
import Database from 'better-sqlite3'

/** Copies `source` to `target`; returns SQLite's integrity check of the copy ('ok' when sound). */
export async function consistentCopy(source: string, target: string): Promise<string> {
  const db = new Database(source, { readonly: true, fileMustExist: true })
  try {
    await db.backup(target)
  } finally {
    db.close()
  }
  return checkedCopy(target)
}

/** Makes `file` self-contained and returns its integrity check. */
export function checkedCopy(file: string): string {
  const copy = new Database(file)
  try {
    copy.pragma('journal_mode = DELETE')
    return String(copy.pragma('integrity_check', { simple: true }))
  } finally {
    copy.close()
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  }
}
