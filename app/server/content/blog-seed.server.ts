import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Db } from '#db/database'

/**
 * The blog brought up to date after the desk changed an article file: `npm run db:seed` itself
 * (db/seed.ts on the article folder), as its own process with the server's database, so the desk
 * and the terminal can never do two different things. It draws the cover of a new or changed
 * article (and removes a deleted one's), makes blog_posts match the folder and refreshes the search
 * index in one transaction; the running server's page cache sees the change on its next request
 * (PRAGMA data_version). Its own process also keeps sharp's work off the server's event loop.
 */

const run = promisify(execFile)

export type SeedResult = { ok: true } | { ok: false; errors: string[] }

/** `folder`: the article folder (BLOG_DIR); the database is the one `db` has open. */
export async function runBlogSeed(db: Db, folder: string): Promise<SeedResult> {
  try {
    await run(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), resolve('db/seed.ts'), folder], {
      timeout: 120_000,
      env: { ...process.env, DATABASE_URL: db.$client.name, LOG_LEVEL: 'silent' },
    })
    return { ok: true }
  } catch (error) {
    // The seed says in Danish what is wrong, after its first line (»Seed afbrudt – intet er ændret«).
    const said = String((error as { stderr?: string }).stderr ?? '').split('\n').map((line) => line.trim()).filter(Boolean)
    return { ok: false, errors: said.length > 1 ? said.slice(1) : ['Bloggen kunne ikke opdateres. Prøv igen om lidt.'] }
  }
}
