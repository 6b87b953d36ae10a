import type { Db } from '#db/database'
import { serverIsRunning } from '~/server/app-state.server'

/**
 * What happens to e-mails and calendar changes a command has queued: the running site sends them
 * (with its own settings: the address, the mail key, the calendar), never the command itself.
 */
export function whoSends(db: Db, what: string) {
  return serverIsRunning(db)
    ? `${what} sendes af hjemmesiden inden for et minut.`
    : `Hjemmesiden kører ikke lige nu (den har ikke meldt sig de sidste minutter): ${what.toLowerCase()} ligger klar og sendes, så snart den kører igen.`
}
