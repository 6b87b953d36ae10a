import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './helpers'
import { contactFormAction, contactOutcome, postFormFrom } from '../scripts/lib/loopback-client'
import { type RunningServer, startServer } from '../scripts/lib/server-process'

// The rate limit as a visitor meets it: the default (5 per 15 minutes, no CONTACT_RATE_LIMIT), on
// a server of its own, with two senders on two loopback addresses.
let server: RunningServer
let dir: string

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coach-limit-'))
  // An empty CONTACT_RATE_LIMIT is the default, whatever the surrounding environment says.
  const env: Record<string, string> = { DATABASE_URL: join(dir, 'site.db'), MAIL_OUTBOX_DIR: join(dir, 'outbox'), BACKGROUND_JOBS: 'off', CONTACT_RATE_LIMIT: '' }
  server = await startServer(await freePort(), env)
})

test.afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const message = (email: string) =>
  new URLSearchParams({ firstName: 'Anne', lastName: 'Jensen', email, phone: '21 43 65 87', message: 'Hej, jeg vil gerne høre mere.' })

test('with the default limit, one sender at the limit never blocks another', async () => {
  const action = `${server.url}${await contactFormAction(server.url)}`
  const statusOf = contactOutcome

  const first: string[] = []
  for (let i = 0; i < 6; i++) first.push(statusOf(await postFormFrom('127.0.0.1', action, message(`a${i}@eksempel.dk`))))
  expect(first).toEqual(['sendt', 'sendt', 'sendt', 'sendt', 'sendt', 'for-mange'])

  const other = await postFormFrom('127.0.0.2', action, message('b@eksempel.dk'))
  expect(statusOf(other)).toBe('sendt')
  // …and the first sender is still held back.
  expect(statusOf(await postFormFrom('127.0.0.1', action, message('a6@eksempel.dk')))).toBe('for-mange')
})
