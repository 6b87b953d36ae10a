import { randomBytes } from 'node:crypto'
import { and, like, lt } from 'drizzle-orm'
import type { Db } from '#db/database'
import { appState } from '#db/schema'
import { readState, writeState } from '~/server/app-state.server'

/**
 * What a desk post could not save (a refused save, a conflict, a preview), kept for the page the
 * post answers with: without JavaScript a 303 cannot carry a form back, so the page reads it by a
 * random id in its address (`?kladde=…`). Kept a day.
 */
const draftKey = (id: string) => `desk:kladde:${id}`

export function keepDeskDraft(db: Db, draft: unknown, now: Date) {
  // Yesterday's refused saves are of no more use.
  db.delete(appState)
    .where(and(like(appState.key, 'desk:kladde:%'), lt(appState.updatedAt, new Date(now.getTime() - 24 * 3600_000).toISOString())))
    .run()
  const id = randomBytes(9).toString('base64url')
  writeState(db, draftKey(id), JSON.stringify(draft), now)
  return id
}

/** The draft of that id, or undefined (an id of another form is refused by the caller's own check). */
export function readDeskDraft<T>(db: Db, id: string | undefined): T | undefined {
  if (!id || !/^[\w-]{12}$/.test(id)) return undefined
  const value = readState(db, draftKey(id))?.value
  return value === undefined ? undefined : (JSON.parse(value) as T)
}
