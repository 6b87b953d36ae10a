import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { CONTACT_FAILURE, CONTACT_SUCCESS, emailsFor, expect, fillContactForm, gotoInteractive, test, uniqueEmail } from './helpers'
import type { ServerInstance } from './server-instance'

// Servers of their own, started and stopped per test: slower than the shared server on a busy machine.
test.describe.configure({ timeout: 90_000 })

// The database file of a running server is damaged for real, the way a careless restore, a full
// disk or a wrong deploy script would: deleted, replaced by another file, or made unwritable.
// SQLite keeps writing to a deleted or replaced file without complaint, so a message stored there
// would vanish on the next start: the visitor must be told it was not sent, with and without
// JavaScript, nothing may be stored or mailed, and /healthz must say the server is unavailable.

/** Root ignores file modes, so an unwritable file for root is an immutable one (ext4's chattr +i). */
const asRoot = process.getuid?.() === 0

const damages: Array<{ kind: 'missing' | 'replaced' | 'unwritable'; damage: (file: string) => void; repair?: (file: string) => void }> = [
  { kind: 'missing', damage: (file) => rmSync(file) },
  {
    kind: 'replaced',
    damage: (file) => {
      copyFileSync(file, `${file}.copy`)
      renameSync(`${file}.copy`, file)
    },
  },
  {
    kind: 'unwritable',
    damage: (file) => {
      chmodSync(file, 0o444)
      if (asRoot) execFileSync('chattr', ['+i', file])
    },
    repair: (file) => {
      if (asRoot) execFileSync('chattr', ['-i', file])
      chmodSync(file, 0o644)
    },
  },
]

/** The messages stored in whatever file is now at the server's database path. */
function storedMessages(server: ServerInstance) {
  if (!existsSync(server.databaseFile)) return []
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT email FROM contact_messages').all()
  } finally {
    db.close()
  }
}

for (const { kind, damage, repair } of damages) {
  test(`a database file ${kind} under the running server: the form says it failed, with and without JavaScript, and /healthz answers 503`, async ({ launchServer, browser }) => {
    const server = await launchServer()
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    // Both forms are open before the damage, as a visitor's would be.
    const withJs = await browser.newPage()
    const withoutJsContext = await browser.newContext({ javaScriptEnabled: false })
    const withoutJs = await withoutJsContext.newPage()
    const jsEmail = uniqueEmail(`db-${kind}-js`)
    const plainEmail = uniqueEmail(`db-${kind}-nojs`)
    await gotoInteractive(withJs, `${server.url}/kontakt`)
    await fillContactForm(withJs, jsEmail)
    await withoutJs.goto(`${server.url}/kontakt`)
    await fillContactForm(withoutJs, plainEmail)

    damage(server.databaseFile)
    try {
      const answer = withJs.waitForResponse((response) => response.url().includes('/_serverFn/'))
      await withJs.getByRole('button', { name: 'Send besked' }).click()
      expect((await answer).status()).toBe(503)
      await expect(withJs.getByText(CONTACT_FAILURE)).toBeVisible()
      await expect(withJs.getByText(CONTACT_SUCCESS)).toHaveCount(0)
      // What the visitor wrote is still there to send again.
      await expect(withJs.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(jsEmail)

      // Without JavaScript the answer is the page again, 503, with what was typed and nothing in the URL.
      const plainAnswer = withoutJs.waitForResponse((response) => response.request().method() === 'POST')
      await withoutJs.getByRole('button', { name: 'Send besked' }).click()
      expect((await plainAnswer).status()).toBe(503)
      await expect(withoutJs).toHaveURL(`${server.url}/kontakt`)
      await expect(withoutJs.getByText(CONTACT_FAILURE)).toBeVisible()
      await expect(withoutJs.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(plainEmail)
      await expect(withoutJs.getByText(CONTACT_SUCCESS)).toHaveCount(0)

      const health = await fetch(`${server.url}/healthz`)
      expect(health.status).toBe(503)
      expect(health.headers.get('cache-control')).toBe('no-store')
      expect(await health.json()).toEqual({ status: 'unavailable', reason: `database file ${kind}` })

      expect(storedMessages(server)).toEqual([])
      expect([...emailsFor(jsEmail, server.outbox), ...emailsFor(plainEmail, server.outbox)]).toEqual([])
      expect(server.logLines().filter((line) => line.msg === 'contact message not stored')).toHaveLength(2)
    } finally {
      repair?.(server.databaseFile)
      await withoutJsContext.close()
      await withJs.close()
    }
  })
}
