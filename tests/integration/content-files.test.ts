import { execFileSync } from 'node:child_process'
import { describe, expect, it, vi } from 'vitest'
import { readState, writeState } from '~/server/app-state.server'
import { contentGeneration, contentStatus, forgetContent, keepLastGoodIn } from '~/server/content/content-file.server'
import { getServices, getSite, siteFile } from '~/server/content/content.server'
import { currentLaunchPlaceholders } from '~/server/launch-check.server'
import { temporaryContent } from '../content-dir'
import { temporaryDatabase } from '../helpers'
import { log } from '~/server/log.server'

vi.mock('~/server/log.server', async (original) => ({ ...(await original<object>()), log: vi.fn() }))

const storeOf = (db: ReturnType<typeof temporaryDatabase>['db']) => ({ read: (key: string) => readState(db, key)?.value, write: (key: string, value: string) => writeState(db, key, value) })

describe('the content files, read while the server runs', () => {
  it('take a saved change at the next read, and tell the page cache', () => {
    const content = temporaryContent()
    const before = contentGeneration()
    expect(getSite().phone.href).toBe('tel:+4521436587')
    content.edit('site.yaml', /^telefon: .*$/m, 'telefon: 12 34 56 78')
    content.edit('ydelser.yaml', '1.400 kr. + moms pr. samtale', '1.500 kr. + moms pr. samtale')
    expect(getSite().phone.display).toBe('+45\u00a012\u00a034\u00a056\u00a078')
    expect(getServices().services.find((service) => service.id === 'ledercoaching')?.pricing.price).toBe('1.500 kr. + moms pr. samtale')
    expect(contentGeneration()).toBeGreaterThan(before)
  })

  it('keep the last good version of a broken file, across a restart, log the mistake once and name it in check:launch', () => {
    const content = temporaryContent()
    const { db } = temporaryDatabase()
    keepLastGoodIn(storeOf(db))
    try {
      content.edit('site.yaml', /^telefon: .*$/m, 'telefon: 12 34 56 78')
      expect(getSite().phone.href).toBe('tel:+4512345678') // good: kept in the database
      content.edit('site.yaml', /^telefon: .*$/m, 'telefon: 12 34')
      // A restart: nothing in memory, the file still broken, the database still there.
      forgetContent()
      keepLastGoodIn(storeOf(db))
      vi.mocked(log).mockClear()
      const status = contentStatus(siteFile)
      contentStatus(siteFile, Date.now() + 5000)
      expect(status.value.phone.href).toBe('tel:+4512345678')
      expect(status.lastGoodInForce).toBe(true)
      expect(status.errors).toEqual(['content/site.yaml, linje 21: »telefon« er ikke et dansk telefonnummer (»12 34«) – skriv otte cifre, fx +45 12 34 56 78'])
      expect(vi.mocked(log).mock.calls.filter(([, msg]) => msg.startsWith('content file has errors'))).toHaveLength(1)
      expect(currentLaunchPlaceholders()).toContainEqual({
        what: 'linje 21: »telefon« er ikke et dansk telefonnummer (»12 34«) – skriv otte cifre, fx +45 12 34 56 78 (siden viser den sidste gyldige udgave af filen, indtil fejlen er rettet)',
        where: 'content/site.yaml',
      })
      // Fixed: check:launch has nothing more to say about the file's text.
      content.edit('site.yaml', /^telefon: .*$/m, 'telefon: 12 34 56 79')
      expect(currentLaunchPlaceholders().filter((item) => item.what.includes('gyldige udgave'))).toEqual([])
    } finally {
      keepLastGoodIn(undefined)
    }
  })

  it('name a file that was never good in check:launch, and nothing else', () => {
    const content = temporaryContent()
    content.edit('ydelser.yaml', 'pris: 850 kr. inkl. moms pr. samtale', 'pris: 850 kr.')
    const items = currentLaunchPlaceholders()
    expect(items.map((item) => item.where)).toEqual(['content/ydelser.yaml', 'content/om.md'])
    expect(items[0]!.what).toContain('ingen tidligere gyldig udgave')
    expect(items[0]!.what).toContain('linje 18: »ydelser → nr. 1 → pris« skal sige, om moms er med')
  })
})

describe('check:launch and the history of her saves', () => {
  it('says that her saves have no history while the content folder is not a git work tree, and nothing once it is', () => {
    const content = temporaryContent()
    const noHistory = (items: ReturnType<typeof currentLaunchPlaceholders>) => items.filter((item) => item.what.includes('ingen historik'))
    expect(noHistory(currentLaunchPlaceholders())).toEqual([
      { what: 'det, du gemmer på skrivebordet, får ingen historik: mappen er ikke et git-repository, så en tidligere udgave kan ikke hentes frem igen (se docs/operations.md, »Indhold i git«)', where: 'content/' },
    ])
    execFileSync('git', ['init', '--quiet', content.dir])
    expect(noHistory(currentLaunchPlaceholders())).toEqual([])
  })
})
