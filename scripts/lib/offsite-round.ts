/**
 * For `npm run test:deploy`: the off-site backup and its restore drill with real restic, on the
 * deployment test's live database. The database cannot be deleted under the running server, so the
 * restore goes to a new file, as it would onto a new machine, and is compared table by table.
 */
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { openDatabase } from '#db/database'
import { orders } from '#db/schema'
import { issueReceipt } from '~/server/bookkeeping/documents.server'
import { getSite } from '~/server/content/content.server'

const count = (file: string, table: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

/**
 * A paid order with its receipt in the live database, written by the site's own code as the
 * fulfilment writes it (the deployment test takes no payments: it has no Stripe).
 */
function recordPaidOrder(databaseFile: string) {
  const db = openDatabase(databaseFile)
  try {
    const now = new Date()
    db.$client
      .transaction(() => {
        const order = db
          .insert(orders)
          .values({
            publicId: randomUUID(), tokenHash: randomUUID(), sessionTypeId: 'coachingsamtale', sessionName: 'Coachingsamtale, 60 min', minutes: 60, amountOere: 85_000, payment: 'ved-booking', status: 'paid',
            customerName: 'Test Deploy', customerEmail: 'test-deploy@eksempel.dk', termsVersion: 'test-deploy', termsSnapshot: {}, createdAt: now.toISOString(), updatedAt: now.toISOString(), paidAt: now.toISOString(),
          })
          .returning()
          .get()
        issueReceipt(db, order, undefined, getSite(), now)
      })
      .immediate()
  } finally {
    db.$client.close()
  }
}

export function offsiteRound({ dir, databaseFile }: { dir: string; databaseFile: string }) {
  const env = { ...process.env, DATABASE_URL: databaseFile, RESTIC_REPOSITORY: join(dir, 'restic'), RESTIC_PASSWORD: 'test-deploy-restic' }
  const command = (script: string, ...args: string[]) => execFileSync(resolve('node_modules/.bin/node'), [resolve('node_modules/tsx/dist/cli.mjs'), `scripts/${script}.ts`, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  try {
    recordPaidOrder(databaseFile)
    const before = { bookings: count(databaseFile, 'bookings'), messages: count(databaseFile, 'contact_messages'), receipts: count(databaseFile, 'bookkeeping_documents') }
    command('db-offsite')
    const restored = join(dir, 'gendannet.db')
    const drill = command('db-restore', '--til', restored)
    const after = { bookings: count(restored, 'bookings'), messages: count(restored, 'contact_messages'), receipts: count(restored, 'bookkeeping_documents') }
    const kept = drill.includes('integrity_check: ok') && before.bookings > 0 && before.receipts > 0 && after.bookings === before.bookings && after.messages === before.messages && after.receipts === before.receipts
    return { kept, seen: `bookings ${after.bookings} of ${before.bookings}, messages ${after.messages} of ${before.messages}, receipts and credit notes ${after.receipts} of ${before.receipts}` }
  } catch (error) {
    const failure = error as { stderr?: string; message: string }
    return { kept: false, seen: (failure.stderr || failure.message).trim().split('\n').at(-1) ?? 'failed' }
  }
}
