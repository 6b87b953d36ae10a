import { readFileSync } from 'node:fs'
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api'
import { describe, expect, it } from 'vitest'
import * as schema from '#db/schema'

// The database is made by the SQL migrations in drizzle/; the queries are typed by db/schema.ts.
// If the two drift apart, the next `npm run db:generate` writes a migration nobody asked for (it
// could drop the index that refuses a second booking of the same time) and the queries may name
// columns the database does not have.

const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: Array<{ idx: number }> }
const last = journal.entries.at(-1)!
const lastSnapshot = JSON.parse(readFileSync(`drizzle/meta/${String(last.idx).padStart(4, '0')}_snapshot.json`, 'utf8'))

describe('the database schema', () => {
  it('is what the migrations made: generating a migration from db/schema.ts gives nothing to do', async () => {
    const current = await generateSQLiteDrizzleJson(schema, lastSnapshot.id)
    expect(await generateSQLiteMigration(lastSnapshot, current)).toEqual([])
  })
})
