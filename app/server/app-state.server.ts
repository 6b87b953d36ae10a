import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '#db/database'
import { appState } from '#db/schema'

/** Small facts the server keeps between starts and shares between its processes. */

export function readState(db: Db, key: string) {
  return db.select().from(appState).where(eq(appState.key, key)).get()
}

export function writeState(db: Db, key: string, value: string, now = new Date()) {
  db.insert(appState)
    .values({ key, value, updatedAt: now.toISOString() })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: now.toISOString() } })
    .run()
}

/**
 * Takes a lease on a periodic task for `ms`, or returns false when another process holds one: with
 * several workers, one reads the calendars at a time. One statement, so two cannot both win.
 */
export function claimLease(db: Db, task: string, ms: number, now = new Date()) {
  const key = `lease:${task}`
  const until = new Date(now.getTime() + ms).toISOString()
  db.insert(appState).values({ key, value: new Date(0).toISOString(), updatedAt: now.toISOString() }).onConflictDoNothing().run()
  const won = db
    .update(appState)
    .set({ value: until, updatedAt: now.toISOString() })
    .where(and(eq(appState.key, key), lt(appState.value, now.toISOString())))
    .run()
  return won.changes === 1
}

/** The background jobs' heartbeat: a command can tell whether a running server will send what it queued. */
export const HEARTBEAT = 'jobs:heartbeat'
export const beat = (db: Db, now = new Date()) => writeState(db, HEARTBEAT, now.toISOString(), now)

/** Whether the server's background jobs ran within the last few minutes. */
export function serverIsRunning(db: Db, now = new Date()) {
  const last = readState(db, HEARTBEAT)
  return last !== undefined && now.getTime() - Date.parse(last.value) < 3 * 60_000
}
