import * as fs from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { manageToken, storedLinkSecret, tokenWithSecret } from '~/server/links/links.server'

// A file of its own: the server reads the link secret once, at its first link, and keeps it.

// writeFileSync as it is, unless a test makes it fail like a full disk.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>()
  return { ...actual, writeFileSync: vi.fn(actual.writeFileSync) }
})

let dir: string
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

it('with BOOKING_LINK_SECRET left empty makes the links with the secret kept beside the database, never with an empty one', () => {
  dir = mkdtempSync(join(tmpdir(), 'link-secret-'))
  // As an .env file with the line `BOOKING_LINK_SECRET=` gives it.
  vi.stubEnv('BOOKING_LINK_SECRET', '')
  vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
  const token = manageToken('abcdefgh')
  expect(token).toBe(tokenWithSecret(storedLinkSecret(join(dir, 'site.db')), 'abcdefgh'))
  // With an empty secret, anyone who knows a booking's number could make its link.
  expect(token).not.toBe(tokenWithSecret('', 'abcdefgh'))
})

it('reads a secret file without the line break an editor leaves at its end', () => {
  dir = mkdtempSync(join(tmpdir(), 'link-secret-'))
  fs.writeFileSync(join(dir, 'booking-link-secret'), 'abc\n')
  expect(storedLinkSecret(join(dir, 'site.db'))).toBe('abc')
})

it('fails when the secret cannot be written (a full disk), instead of making links with the empty file it left', () => {
  dir = mkdtempSync(join(tmpdir(), 'link-secret-'))
  const actual = vi.mocked(fs.writeFileSync).getMockImplementation()!
  vi.mocked(fs.writeFileSync).mockImplementationOnce((file) => {
    // The file is created, then the write of its text fails.
    actual(file, '')
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
  })
  expect(() => storedLinkSecret(join(dir, 'site.db'))).toThrow('ENOSPC: no space left on device, write')
})

it('makes the same link for a booking after an update as before: the link in an e-mail already sent keeps opening it', () => {
  dir = mkdtempSync(join(tmpdir(), 'link-secret-'))
  // HMAC-SHA256 of "booking:<number>" with the secret, base64url, its first 32 characters (the
  // server keeps its secret from its first link, so the secret is given here as manageToken passes it).
  expect(tokenWithSecret('hemmelighed', 'AB12CD34')).toBe('N67Z4AoU8onyKwn6LDIZYYI0Y3Gh2dzE')
})
