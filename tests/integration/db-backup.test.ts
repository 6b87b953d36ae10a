import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getPrivacy } from '~/server/content/content.server'
import { temporaryDatabase } from '../helpers'

// The shipped facts as the fixture copy has them (CONTENT_DIR), which the scripts read too.
const privacy = getPrivacy()

const DAY = 24 * 60 * 60 * 1000

describe('npm run db:backup', () => {
  it('deletes its own copies once they are older than the privacy policy says, and nothing else', { timeout: 60_000 }, () => {
    const { dir } = temporaryDatabase()
    const backups = join(dir, 'backups')
    mkdirSync(backups)
    const aged = (name: string, days: number) => {
      const path = join(backups, name)
      writeFileSync(path, 'en gammel kopi')
      const time = new Date(Date.now() - days * DAY)
      utimesSync(path, time, time)
      return path
    }
    const expired = aged('site-2026-01-01.db', privacy.backupRetentionDays + 1)
    const kept = aged('site-2026-02-01.db', privacy.backupRetentionDays - 1)
    const foreign = aged('noter.db', privacy.backupRetentionDays + 100)
    const target = join(backups, 'site-ny.db')

    const run = spawnSync('node_modules/.bin/tsx', ['scripts/db-backup.ts', target], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: join(dir, 'site.db') } })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`Slettet kopi ældre end ${privacy.backupRetentionDays} dage: ${expired}`)
    expect([existsSync(target), existsSync(expired), existsSync(kept), existsSync(foreign)]).toEqual([true, false, true, true])
  })
})
