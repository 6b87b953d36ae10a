import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { manageToken, storedLinkSecret, tokenWithSecret } from '~/server/booking/manage-link.server'

// A file of its own: the server reads the link secret once, at its first link, and keeps it.

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
