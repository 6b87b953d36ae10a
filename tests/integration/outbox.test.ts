import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { removeLeftoverTemporaryFiles } from '~/server/contact/mail-transport.server'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('removes the temporary files a killed process left in the outbox, and nothing else', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  // A process that has ended: its half-written e-mail is nobody's any more.
  const ended = spawnSync(process.execPath, ['-e', '']).pid
  const leftover = `abc.json.${ended}.0f8a3c1e-7d2b-4c55-9e61-2f3a4b5c6d7e.tmp`
  const beingWritten = `def.json.${process.pid}.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d.tmp`
  for (const name of [leftover, beingWritten, 'ghi.json', 'ghi.ics']) writeFileSync(join(dir, name), '{"to":"anne@eksempel.dk"}')

  expect(await removeLeftoverTemporaryFiles(dir)).toEqual([leftover])
  expect(readdirSync(dir).sort()).toEqual([beingWritten, 'ghi.ics', 'ghi.json'])
})

it('is quiet when there is no outbox yet', async () => {
  dir = join(tmpdir(), 'outbox-that-does-not-exist')
  expect(await removeLeftoverTemporaryFiles(dir)).toEqual([])
})
