import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, expect, it, vi } from 'vitest'
import { getMailTransport, outboxDir, outboxTransport, purgeOutbox, removeLeftoverTemporaryFiles } from '~/server/mail/mail-transport.server'

// Two workers (production runs two) purge and tidy the same outbox at the same moment. What the
// other one does between this one's steps is stood in here: names it listed that are gone by now
// (`listedButGone`), and a file it removes right after this one looked at it (`afterStat`). The
// real functions of node:fs/promises run otherwise.
const race = vi.hoisted(() => ({ listedButGone: [] as string[], afterStat: undefined as ((path: string) => void) | undefined }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    readdir: async (path: string) => [...(await actual.readdir(path)), ...race.listedButGone],
    stat: async (path: string) => {
      const result = await actual.stat(path)
      race.afterStat?.(path)
      return result
    },
  }
})

/** The first bytes of a PDF and some that are not text: what a receipt's attachment carries. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff])])

let dir: string
afterEach(() => {
  race.listedButGone = []
  race.afterStat = undefined
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

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

it('keeps files that only look like temporary ones', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const ended = spawnSync(process.execPath, ['-e', '']).pid
  // Not the name a write gives its temporary file: no dot before the process id, or more after .tmp.
  const kept = [`abc.json${ended}.0f8a3c1e.tmp`, `abc.json.${ended}.0f8a3c1e.tmp.bak`, `abc.json.${ended}.xyz.tmp`, `abc.json.${ended}.0f8a3c1e.TMP`]
  for (const name of kept) writeFileSync(join(dir, name), '{}')
  expect(await removeLeftoverTemporaryFiles(dir)).toEqual([])
  expect(readdirSync(dir).sort()).toEqual([...kept].sort())
})

it('writes each e-mail as JSON named by its key, its attachments beside it, and nothing half-written', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const outbox = join(dir, 'ny', 'udbakke')
  await outboxTransport(outbox).send({
    idempotencyKey: 'booking-abc-bekraeftelse-0-gaest',
    to: 'anne@eksempel.dk',
    from: 'Coach <kontakt@holmcoaching.dk>',
    subject: 'Din samtale er booket',
    html: '<p>Hej</p>',
    text: 'Hej',
    attachments: [
      { filename: 'invitation.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
      { filename: 'kvittering-2026-0001.pdf', content: PDF.toString('base64'), contentType: 'application/pdf', encoding: 'base64' },
    ],
  })
  expect(readdirSync(outbox).sort()).toEqual(['booking-abc-bekraeftelse-0-gaest.ics', 'booking-abc-bekraeftelse-0-gaest.json', 'booking-abc-bekraeftelse-0-gaest.pdf'])
  expect(readFileSync(join(outbox, 'booking-abc-bekraeftelse-0-gaest.ics'), 'utf8')).toBe('BEGIN:VCALENDAR')
  // A receipt's PDF lies beside it as the bytes themselves, not their base64.
  expect(readFileSync(join(outbox, 'booking-abc-bekraeftelse-0-gaest.pdf')).equals(PDF)).toBe(true)
  expect(JSON.parse(readFileSync(join(outbox, 'booking-abc-bekraeftelse-0-gaest.json'), 'utf8'))).toEqual({
    to: 'anne@eksempel.dk',
    from: 'Coach <kontakt@holmcoaching.dk>',
    subject: 'Din samtale er booket',
    html: '<p>Hej</p>',
    text: 'Hej',
    attachments: [
      { filename: 'invitation.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
      { filename: 'kvittering-2026-0001.pdf', content: PDF.toString('base64'), contentType: 'application/pdf', encoding: 'base64' },
    ],
  })
})

it('delivers through Resend when RESEND_API_KEY is set, else into MAIL_OUTBOX_DIR (data/outbox unless told)', () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  vi.stubEnv('RESEND_API_KEY', '')
  expect(getMailTransport().name).toBe('outbox')
  vi.stubEnv('RESEND_API_KEY', 're_test_123')
  expect(getMailTransport().name).toBe('resend')
  vi.stubEnv('MAIL_OUTBOX_DIR', undefined)
  expect(outboxDir()).toBe(resolve('data/outbox'))
  vi.stubEnv('MAIL_OUTBOX_DIR', dir)
  expect(outboxDir()).toBe(dir)
  vi.unstubAllEnvs()
})

it('purges outbox files older than the cut-off, and only those', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const cutoff = new Date('2025-06-01T00:00:00.000Z')
  const dated = { 'gammel.json': new Date('2025-05-31T23:59:59.000Z'), 'grænsen.json': cutoff, 'ny.json': new Date('2025-06-01T00:00:01.000Z') }
  for (const [name, time] of Object.entries(dated)) {
    writeFileSync(join(dir, name), '{}')
    utimesSync(join(dir, name), time, time)
  }
  expect(await purgeOutbox(cutoff, [], dir)).toBe(1)
  expect(readdirSync(dir).sort()).toEqual(['grænsen.json', 'ny.json'])
  expect(await purgeOutbox(cutoff, [], join(dir, 'findes-ikke'))).toBe(0)
})

it('purges the rest when a listed file is gone before it is looked at (another worker purged it)', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const cutoff = new Date('2025-06-01T00:00:00.000Z')
  // Listed, but not there when looked at: a link to a file that no longer exists.
  symlinkSync(join(dir, 'slettet.json'), join(dir, 'a-forsvundet.json'))
  writeFileSync(join(dir, 'gammel.json'), '{}')
  utimesSync(join(dir, 'gammel.json'), new Date('2025-05-01T00:00:00.000Z'), new Date('2025-05-01T00:00:00.000Z'))
  expect(await purgeOutbox(cutoff, [], dir)).toBe(1)
  expect(readdirSync(dir)).toEqual(['a-forsvundet.json'])
})

it('keeps the temporary file of a process that runs as another user (not allowed to signal it, EPERM)', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  // The tests run as root, who may signal every process: the answer for another user's process is stood in.
  const otherUsers = 4_000_001
  const real = process.kill.bind(process)
  vi.spyOn(process, 'kill').mockImplementation((pid, signal) => {
    if (pid === otherUsers) throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' })
    return real(pid, signal)
  })
  const beingWritten = `abc.json.${otherUsers}.0f8a3c1e-7d2b-4c55-9e61-2f3a4b5c6d7e.tmp`
  writeFileSync(join(dir, beingWritten), '{"to":"anne@eksempel.dk"}')
  expect(await removeLeftoverTemporaryFiles(dir)).toEqual([])
  expect(readdirSync(dir)).toEqual([beingWritten])
})

it('tidies the leftovers when another worker removed one of them after this one listed it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const ended = spawnSync(process.execPath, ['-e', '']).pid
  const goneAlready = `abc.json.${ended}.0f8a3c1e-7d2b-4c55-9e61-2f3a4b5c6d7e.tmp`
  const leftover = `def.json.${ended}.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d.tmp`
  writeFileSync(join(dir, leftover), '{"to":"anne@eksempel.dk"}')
  writeFileSync(join(dir, 'ghi.json'), '{"to":"bo@eksempel.dk"}')
  race.listedButGone = [goneAlready]
  expect(await removeLeftoverTemporaryFiles(dir)).toContain(leftover)
  expect(readdirSync(dir)).toEqual(['ghi.json'])
})

it('fails the purge on a file it cannot look at (not gone, just unreadable), so the job reports it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  // A link that points to itself: looking at it fails with ELOOP, not ENOENT.
  symlinkSync(join(dir, 'a-loop.json'), join(dir, 'a-loop.json'))
  writeFileSync(join(dir, 'gammel.json'), '{}')
  utimesSync(join(dir, 'gammel.json'), new Date('2025-05-01T00:00:00.000Z'), new Date('2025-05-01T00:00:00.000Z'))
  await expect(purgeOutbox(new Date('2025-06-01T00:00:00.000Z'), [], dir)).rejects.toMatchObject({ code: 'ELOOP' })
})

it('purges the rest when another worker removes an old file between looking at it and removing it', async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-'))
  const old = new Date('2025-05-01T00:00:00.000Z')
  for (const name of ['a-gammel.json', 'b-gammel.json', 'c-ny.json']) writeFileSync(join(dir, name), '{}')
  for (const name of ['a-gammel.json', 'b-gammel.json']) utimesSync(join(dir, name), old, old)
  race.afterStat = (path) => {
    if (path.endsWith('a-gammel.json')) rmSync(path)
  }
  await purgeOutbox(new Date('2025-06-01T00:00:00.000Z'), [], dir)
  expect(readdirSync(dir)).toEqual(['c-ny.json'])
})
