import { execFileSync } from 'node:child_process'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { readState, writeState } from '~/server/app-state.server'
import { contentGeneration, contentStatus, forgetContent, keepLastGoodIn } from '~/server/content/content-file.server'
import type { ContentFile } from '~/server/content/content-file.server'
import { getPrivacy, getServices, getSite, getStartHereSlugs, privacyFile, siteFile, startHereFile } from '~/server/content/content.server'
import { currentLaunchPlaceholders } from '~/server/launch-check.server'
import { temporaryContent } from '../content-dir'
import { temporaryDatabase } from '../helpers'
import { log } from '~/server/log.server'

vi.mock('~/server/log.server', async (original) => ({ ...(await original<object>()), log: vi.fn() }))

const storeOf = (db: ReturnType<typeof temporaryDatabase>['db']) => ({ read: (key: string) => readState(db, key)?.value, write: (key: string, value: string) => writeState(db, key, value) })

// The articles her lists may name: the fixture blog's, never her own (check:launch reads the folder).
beforeEach(() => {
  vi.stubEnv('BLOG_DIR', 'tests/fixtures/blog')
  return () => vi.unstubAllEnvs()
})

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

  // Each row: the file, a good change and what the site then reads, a change that breaks it and its message, and a fix.
  type Row = [ContentFile<unknown>, [RegExp | string, string], () => unknown, unknown, [RegExp | string, string], string, [RegExp | string, string]]
  const rows: Row[] = [
    [siteFile, [/^telefon: .*$/m, 'telefon: 12 34 56 78'], () => getSite().phone.href, 'tel:+4512345678', [/^telefon: .*$/m, 'telefon: 12 34'], 'linje 21: »telefon« er ikke et dansk telefonnummer (»12 34«) – skriv otte cifre, fx +45 12 34 56 78', [/^telefon: .*$/m, 'telefon: 12 34 56 79']],
    [privacyFile, ['  navn: Eksempel Hosting ApS', '  navn: Serverhuset ApS'], () => getPrivacy().hosting.name, 'Serverhuset ApS', ['  overfoersel: dpf\n  databehandleraftale', '  overfoersel: nej\n  databehandleraftale'], 'linje 20: »mailtjeneste → overfoersel« skal være dpf (certificeret under EU–US Data Privacy Framework) eller scc (standardkontraktbestemmelser i databehandleraftalen)', ['  overfoersel: nej', '  overfoersel: scc']],
    [startHereFile, ['  - coaching-er-ikke-terapi', '  - coaching-og-stress'], () => getStartHereSlugs().at(-1), 'coaching-og-stress', ['  - parcoaching-eller-parterapi', '  - Parcoaching eller parterapi?'], 'linje 9: »artikler → nr. 3« er ikke den sidste del af en artikels adresse – skriv den med små bogstaver og bindestreger, fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed', ['  - Parcoaching eller parterapi?', '  - parcoaching-eller-parterapi']],
  ]
  it.each(rows.map((row) => [row[0].name, ...row] as const))('keep the last good version of a broken %s, across a restart, log the mistake once and name it in check:launch', (_name, file, good, read, goodValue, broken, message, fixed) => {
    const content = temporaryContent()
    const { db } = temporaryDatabase()
    keepLastGoodIn(storeOf(db))
    try {
      content.edit(file.name, ...good)
      expect(read()).toEqual(goodValue) // good: kept in the database
      content.edit(file.name, ...broken)
      // A restart: nothing in memory, the file still broken, the database still there.
      forgetContent()
      keepLastGoodIn(storeOf(db))
      vi.mocked(log).mockClear()
      const status = contentStatus(file)
      contentStatus(file, Date.now() + 5000)
      expect(read()).toEqual(goodValue)
      expect(status.lastGoodInForce).toBe(true)
      expect(status.errors).toEqual([`content/${file.name}, ${message}`])
      expect(vi.mocked(log).mock.calls.filter(([, msg]) => msg.startsWith('content file has errors'))).toHaveLength(1)
      expect(currentLaunchPlaceholders()).toContainEqual({ what: `${message} (siden viser den sidste gyldige udgave af filen, indtil fejlen er rettet)`, where: `content/${file.name}` })
      // Fixed: check:launch has nothing more to say about the file's text.
      content.edit(file.name, ...fixed)
      expect(currentLaunchPlaceholders().filter((item) => item.what.includes('gyldige udgave'))).toEqual([])
    } finally {
      keepLastGoodIn(undefined)
    }
  })

  it('name in check:launch an article a list names that is not on the site, which the pages leave out', () => {
    const content = temporaryContent()
    content.edit('gode-steder-at-begynde.yaml', '  - coaching-er-ikke-terapi', '  - coaching-er-ikke-terapien')
    expect(getStartHereSlugs()).toContain('coaching-er-ikke-terapien')
    expect(currentLaunchPlaceholders().filter((item) => item.where === 'content/gode-steder-at-begynde.yaml')).toEqual([
      {
        what: 'linje 10: »artikler → nr. 4« nævner »coaching-er-ikke-terapien«, som ikke er en artikel på siden – skriv den sidste del af artiklens adresse (fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed), eller slet linjen (siden springer den over)',
        where: 'content/gode-steder-at-begynde.yaml',
      },
    ])
  })

  it('name a file that was never good in check:launch, and nothing else', () => {
    const content = temporaryContent()
    content.edit('ydelser.yaml', 'pris: 850 kr. inkl. moms pr. samtale', 'pris: 850 kr.')
    const items = currentLaunchPlaceholders()
    expect(items.map((item) => item.where)).toEqual(['content/ydelser.yaml', 'content/om.md'])
    expect(items[0]!.what).toContain('ingen tidligere gyldig udgave')
    expect(items[0]!.what).toContain('linje 29: »ydelser → nr. 2 → pris« skal sige, om moms er med')
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
