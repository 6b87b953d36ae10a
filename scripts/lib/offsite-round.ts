/**
 * For `npm run test:deploy`: the off-site backup and its restore drill with real restic, on the
 * deployment test's live database. The database cannot be deleted under the running server, so the
 * restore goes to a new file, as it would onto a new machine, and is compared table by table.
 */
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'

const count = (file: string, table: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

export function offsiteRound({ dir, databaseFile }: { dir: string; databaseFile: string }) {
  const env = { ...process.env, DATABASE_URL: databaseFile, RESTIC_REPOSITORY: join(dir, 'restic'), RESTIC_PASSWORD: 'test-deploy-restic' }
  const command = (script: string, ...args: string[]) => execFileSync(resolve('node_modules/.bin/node'), [resolve('node_modules/tsx/dist/cli.mjs'), `scripts/${script}.ts`, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  try {
    const before = { bookings: count(databaseFile, 'bookings'), messages: count(databaseFile, 'contact_messages') }
    command('db-offsite')
    const restored = join(dir, 'gendannet.db')
    const drill = command('db-restore', '--til', restored)
    const after = { bookings: count(restored, 'bookings'), messages: count(restored, 'contact_messages') }
    const kept = drill.includes('integrity_check: ok') && before.bookings > 0 && after.bookings === before.bookings && after.messages === before.messages
    return { kept, seen: `bookings ${after.bookings} of ${before.bookings}, messages ${after.messages} of ${before.messages}` }
  } catch (error) {
    const failure = error as { stderr?: string; message: string }
    return { kept: false, seen: (failure.stderr || failure.message).trim().split('\n').at(-1) ?? 'failed' }
  }
}
