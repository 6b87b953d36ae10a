import { databaseFileProblem, getDb } from '#db/connection'

export type Health = { ok: true } | { ok: false; reason: string }

/**
 * Healthy means a contact message stored now would still be there after a restart: the database
 * answers, its file is the one the server opened, and it can be written.
 */
export function databaseHealth(): Health {
  try {
    const db = getDb()
    const problem = databaseFileProblem(db)
    if (problem) return { ok: false, reason: `database file ${problem}` }
    db.$client.prepare('SELECT 1').get()
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}
