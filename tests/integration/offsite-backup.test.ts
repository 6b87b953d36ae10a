import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { offsiteBackupLaunchItems } from '~/server/backup/offsite-backup.server'
import { temporaryDatabase } from '../helpers'
import { runCommand } from '../run-command'

const noRestic = { RESTIC_REPOSITORY: undefined, RESTIC_PASSWORD: undefined, RESTIC_PASSWORD_FILE: undefined }
/** In the test's process, two seconds faster than a process of its own (tests/run-command.ts). */
const run = (script: string, args: string[], env: Record<string, string | undefined>) => runCommand(script, args, { ...noRestic, ...env })

describe('the off-site backup (restic)', () => {
  // The whole round (backup, a lost database, db:gendan) runs against real restic in npm run
  // test:deploy: every restic call derives its key with scrypt, which is seconds this suite keeps.

  it('says in Danish what is missing, and changes nothing, without the repository or its password', async () => {
    const { dir } = temporaryDatabase()
    const withoutRepository = await run('db-offsite', [], { DATABASE_URL: join(dir, 'site.db') })
    expect(withoutRepository.status).toBe(1)
    expect(withoutRepository.stderr).toContain('Ingen sikkerhedskopi uden for serveren: RESTIC_REPOSITORY er ikke sat')
    const withoutPassword = await run('db-restore', [], { DATABASE_URL: join(dir, 'site.db'), RESTIC_REPOSITORY: join(dir, 'restic') })
    expect(withoutPassword.status).toBe(1)
    expect(withoutPassword.stderr).toContain('RESTIC_PASSWORD_FILE (eller RESTIC_PASSWORD) er ikke sat')
    expect(existsSync(join(dir, 'restic'))).toBe(false)
  })

  it('never prints the repository’s address, which can carry a user and a password', async () => {
    const { dir } = temporaryDatabase()
    const repository = join(dir, 'bruger-hemmelig:kode-hemmelig@lager')
    const failed = await run('db-restore', [], { DATABASE_URL: join(dir, 'site.db'), RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: 'x' })
    expect(failed.status).toBe(1)
    expect(failed.stderr).toMatch(/^Genskabelsen lykkedes ikke: restic snapshots fejlede: Fatal: .*repositoriet/)
    expect(failed.stderr).not.toContain('hemmelig')
  })

  it('check:launch asks for one while there is none, and when the last is more than a day old', () => {
    const now = new Date('2026-12-06T12:00:00.000Z')
    const at = (hours: number) => ({ at: new Date(now.getTime() - hours * 3_600_000).toISOString(), snapshot: 'abc' })
    expect(offsiteBackupLaunchItems(undefined, now)[0]?.what).toMatch(/^der er ingen sikkerhedskopi uden for serveren endnu/)
    expect(offsiteBackupLaunchItems(at(25), now)).toEqual([])
    expect(offsiteBackupLaunchItems(at(27), now)[0]?.what).toMatch(/^den seneste sikkerhedskopi uden for serveren er fra 5\. december 2026/)
  })
})
