import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { outboxTransport } from '~/server/mail/mail-transport.server'

// A disk that fills up while an e-mail is written: the file is created, the write fails.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    writeFile: async (file: string, content: string) => {
      await actual.writeFile(file, content.slice(0, 10))
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    },
  }
})

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('a failed outbox write fails the delivery and leaves no file behind (the message is retried later)', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const email = { idempotencyKey: 'contact-abc-notification', to: 'kontakt@holmcoaching.dk', from: 'Hjemmesiden <kontakt@holmcoaching.dk>', subject: 'Ny besked', html: '<p>Hej</p>', text: 'Hej' }
  await expect(outboxTransport(dir).send(email)).rejects.toThrow('ENOSPC')
  expect(readdirSync(dir)).toEqual([])
})
