import { execFileSync } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { deskEvents, outbox } from '#db/schema'
import { getAbout, getArticleClosings, getFaq, getFirstPersonStories, getPrivacy, getServices, getSite, getStartHereSlugs } from '~/server/content/content.server'
import { type DeskDeps, handleDeskAction } from '~/server/desk/desk-actions.server'
import { newSignInLink, redeemSignInLink, sessionCookieName } from '~/server/desk/desk-auth.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { sessionSlot, sessionTypeById } from '~/server/payments/payment-pages.server'
import type { DeskContentPage } from '~/lib/desk/desk-data'
import { temporaryContent } from '../content-dir'
import { formData, temporaryDatabase } from '../helpers'

// Her facts saved from the desk: checked by the file's schema first, compared with the version she
// edited, written, committed in git (a temporary repository) and pushed through the outbox.

const COACH = 'coach@eksempel.dk'
const NOW = new Date('2026-04-20T08:00:00Z')
let db: Db

beforeEach(() => {
  db = temporaryDatabase().db
  vi.stubEnv('COACH_EMAIL', COACH)
  // The articles the lists may name: the fixture blog's, never her own.
  vi.stubEnv('BLOG_DIR', 'tests/fixtures/blog')
  return () => vi.unstubAllEnvs()
})

function signedIn() {
  const token = newSignInLink(db, '/coach', NOW)
  return `${sessionCookieName()}=${redeemSignInLink(db, token, NOW)!.sessionToken}`
}
const deps = (cookieHeader: string | null): DeskDeps => ({ db, clock: () => NOW, cookieHeader, clientAddress: '203.0.113.7' })

/** The file's page as her browser gets it, and a post of its form with some fields changed (by label). */
function openFile(cookie: string, id: string, search: { draft?: string; whole?: boolean } = {}) {
  const page = deskPage({ page: 'indhold', key: id, ...search }, deps(cookie))
  if (!page.signedIn || page.page !== 'indhold-fil' || !page.file) throw new Error('no form')
  return { file: page.file as DeskContentPage, formToken: page.formToken }
}
function post(cookie: string, { file, formToken }: ReturnType<typeof openFile>, changes: Record<string, string>, extra: Record<string, string> = {}) {
  const fields: Record<string, string> = { formular: formToken, handling: 'gem-indhold', tilbage: `/coach/indhold/${file.id}`, fil: file.id, version: file.version }
  for (const field of file.fields) fields[field.name] = field.value
  for (const [label, value] of Object.entries(changes)) {
    const field = file.fields.find((candidate) => candidate.label === label)
    if (!field) throw new Error(`no field ${label}`)
    fields[field.name] = value
  }
  return handleDeskAction(formData({ ...fields, ...extra }), deps(cookie))
}
/** The price line /ydelser shows under the service the paid session belongs to. */
const servicesPrice = () => getServices().services.find((service) => service.id === 'personlig-udvikling')?.pricing.price
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' })

describe('a save from the desk', () => {
  it('writes the file, keeps its comments, is in force at once, is logged without text, committed with her name and pushed through the outbox', async () => {
    const content = temporaryContent()
    git(content.dir, 'init', '--quiet')
    git(content.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.')
    git(content.dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', 'start')
    vi.stubEnv('CONTENT_GIT_REMOTE', 'origin')
    const cookie = signedIn()
    const answer = await post(cookie, openFile(cookie, 'oplysninger'), { telefon: '+45 12 34 56 78' })
    expect(answer.headers.get('Location')).toBe('/coach/indhold/oplysninger?status=gemt')
    expect(content.read('site.yaml')).toContain('telefon: +45 12 34 56 78         # EKSEMPEL: skriv dit eget nummer')
    expect(getSite().phone.href).toBe('tel:+4512345678')
    expect(db.select({ action: deskEvents.action }).from(deskEvents).all().map((event) => event.action)).toContain('gemt-site.yaml')
    expect(git(content.dir, 'log', '-1', '--format=%an <%ae>|%s')).toBe('Birgitte Holm <kontakt@holmcoaching.dk>|Dine oplysninger er rettet fra skrivebordet\n')
    expect(git(content.dir, 'status', '--porcelain')).toBe('')
    expect(db.select({ kind: outbox.kind, key: outbox.idempotencyKey }).from(outbox).where(eq(outbox.kind, 'content-push')).all()).toEqual([
      { kind: 'content-push', key: `content-push-${git(content.dir, 'rev-parse', 'HEAD').trim()}` },
    ])
  })

  it('changes her story (om.md): the heading in its front matter and the paragraphs below it, comments and the other fields kept', async () => {
    const content = temporaryContent()
    const before = content.read('om.md')
    const cookie = signedIn()
    const form = openFile(cookie, 'historie')
    expect(form.file.fields.at(-1)).toMatchObject({ label: 'din historie (afsnit adskilt af en tom linje)', long: true })
    const story = 'Jeg blev coach, fordi jeg selv fik hjælp.\r\n\r\nI dag hjælper jeg andre videre.\r\n\r\n'
    const answer = await post(cookie, form, { overskrift: 'Hej, jeg hedder {{fornavn}}', 'din historie (afsnit adskilt af en tom linje)': story })
    expect(answer.headers.get('Location')).toBe('/coach/indhold/historie?status=gemt')
    const after = content.read('om.md')
    expect(after).toBe(`${before.slice(0, before.indexOf('\n---\n') + 5).replace('overskrift: Hej, jeg er {{navn}}', 'overskrift: Hej, jeg hedder {{fornavn}}')}Jeg blev coach, fordi jeg selv fik hjælp.\n\nI dag hjælper jeg andre videre.\n`)
    expect(getAbout().heroTitle).toBe(`Hej, jeg hedder ${getSite().name.split(' ')[0]}`)
    expect(getAbout().story).toEqual(['Jeg blev coach, fordi jeg selv fik hjælp.', 'I dag hjælper jeg andre videre.'])
  })

  it('saves nothing, and says so, when she sends the form unchanged; a form of a version nobody kept is refused', async () => {
    const content = temporaryContent()
    const before = content.read('faq.yaml')
    const cookie = signedIn()
    const unchanged = await post(cookie, openFile(cookie, 'spoergsmaal'), {})
    expect(unchanged.headers.get('Location')).toBe('/coach/indhold/spoergsmaal?status=uaendret')
    const unknownVersion = await post(cookie, openFile(cookie, 'spoergsmaal'), {}, { version: 'ukendt' })
    expect(unknownVersion.headers.get('Location')).toBe('/coach/indhold/spoergsmaal?status=fejl')
    expect(content.read('faq.yaml')).toBe(before)
    expect(db.select({ action: deskEvents.action }).from(deskEvents).all()).toEqual([])
  })

  it('lists her files with how many mistakes each has, and whether the site shows its last good version meanwhile', async () => {
    const content = temporaryContent()
    const cookie = signedIn()
    const overview = () => {
      const page = deskPage({ page: 'indhold', key: '' }, deps(cookie))
      if (!page.signedIn || page.page !== 'indhold') throw new Error('no overview')
      return page.content!.files
    }
    expect(overview().map(({ id, file, problems, lastGood }) => [id, file, problems, lastGood])).toEqual([
      ['oplysninger', 'content/site.yaml', 0, false],
      ['ydelser', 'content/ydelser.yaml', 0, false],
      ['referencer', 'content/referencer.yaml', 0, false],
      ['historie', 'content/om.md', 0, false],
      ['spoergsmaal', 'content/faq.yaml', 0, false],
      ['kriselinjer', 'content/kriselinjer.yaml', 0, false],
      ['privatliv', 'content/privatliv.yaml', 0, false],
      ['gode-steder', 'content/gode-steder-at-begynde.yaml', 0, false],
      ['afslutninger', 'content/artikelafslutninger.yaml', 0, false],
      ['egne-ord', 'content/egne-ord.yaml', 0, false],
    ])
    expect(getFaq()).not.toEqual([])
    content.write('faq.yaml', `${content.read('faq.yaml')}\n  - spoergsmaal: [ikke lukket\n`)
    expect(overview().find((file) => file.id === 'spoergsmaal')).toMatchObject({ title: 'Spørgsmål og svar', problems: 1, lastGood: true })
  })

  it('changes two values of one file in one save, each in its own place, comments kept', async () => {
    const content = temporaryContent()
    const cookie = signedIn()
    // A shorter value first and a longer one further down: each replaces only its own characters.
    await post(cookie, openFile(cookie, 'oplysninger'), { navn: 'Bo Holm', telefontider: 'Mandag–torsdag kl. 8.00–15.30, fredag kl. 8.00–12.00' })
    expect(content.read('site.yaml')).toContain('navn: Bo Holm              # EKSEMPEL: skriv dit navn\n')
    expect(content.read('site.yaml')).toContain('\ntelefontider: Mandag–torsdag kl. 8.00–15.30, fredag kl. 8.00–12.00\ntelefon_skal_udfyldes: nej ')
    expect(getSite().name).toBe('Bo Holm')
  })

  it('shows a value left empty in her file as an empty field, with the check’s message, and refuses to save it empty', async () => {
    const content = temporaryContent()
    content.edit('site.yaml', 'facebook: https://www.facebook.com/holmcoaching              # EKSEMPEL', 'facebook:')
    const cookie = signedIn()
    const opened = openFile(cookie, 'oplysninger')
    expect(opened.file.fields.find((field) => field.label === 'facebook')?.value).toBe('')
    const message = 'content/site.yaml, linje 41: »facebook« mangler – skriv fx https://www.facebook.com/dinside'
    expect(opened.file.fileErrors).toContain(message)
    const refused = new URL((await post(cookie, opened, { telefon: '+45 12 34 56 78' })).headers.get('Location')!, 'http://x')
    expect(refused.searchParams.get('status')).toBe('ikke-gemt')
    expect(openFile(cookie, 'oplysninger', { draft: refused.searchParams.get('kladde')! }).file.refused).toEqual({ errors: [message] })
    expect(content.read('site.yaml')).toContain('\nfacebook:\n')
    // An empty line in a list is an empty line in the field, not »null«.
    content.edit('site.yaml', '  - coaching Vejle\n', '  -\n')
    expect(openFile(cookie, 'oplysninger').file.fields.find((field) => field.label === 'soegeord')?.value).toBe('coach Fredericia\n\npersonlig coach\nstresscoaching\nparcoaching\nteenagecoaching\nkarrierecoaching')
  })

  it('shows the mistakes of a file that has never been valid, so she can correct it from the desk', async () => {
    const content = temporaryContent()
    // Broken before the site read it once: no good version to fall back on.
    content.write('referencer.yaml', `${content.read('referencer.yaml')}\nreferencer_ekstra: [\n`)
    const cookie = signedIn()
    const { file } = openFile(cookie, 'referencer')
    expect(file.fileErrors.length).toBeGreaterThan(0)
    // The file's own messages (file, line, what to write), without the loader's heading above them.
    expect(file.fileErrors.every((error) => error.startsWith('content/referencer.yaml, linje'))).toBe(true)
    const page = deskPage({ page: 'indhold', key: '' }, deps(cookie))
    if (!page.signedIn || page.page !== 'indhold') throw new Error('no overview')
    expect(page.content!.files.find((shown) => shown.id === 'referencer')).toMatchObject({ problems: 1, lastGood: false })
  })

  it('shows her story whole in its field when the --- lines around its heading are gone, with the check’s message', async () => {
    const content = temporaryContent()
    content.write('om.md', 'Jeg har arbejdet som coach i mange år.\n\nDet startede i Fredericia.\n')
    const cookie = signedIn()
    const { file } = openFile(cookie, 'historie')
    expect(file.fields.map(({ name, value }) => [name, value])).toEqual([['tekst', 'Jeg har arbejdet som coach i mange år.\n\nDet startede i Fredericia.']])
    expect(file.fileErrors.length).toBeGreaterThan(0)
  })

  it('changes a price in one place: /ydelser reads it from there', async () => {
    temporaryContent()
    const cookie = signedIn()
    await post(cookie, openFile(cookie, 'ydelser'), { 'ydelser → nr. 5 → pris': '1.500 kr. + moms pr. samtale' })
    expect(getServices().services.find((service) => service.id === 'ledercoaching')?.pricing.price).toBe('1.500 kr. + moms pr. samtale')
  })

  it('changes a paid session’s price once: /ydelser, the paid booking page and the amount charged all read the new one', async () => {
    const content = temporaryContent()
    const cookie = signedIn()
    const before = { ydelser: servicesPrice(), booking: sessionSlot('coachingsamtale', '2026-04-21T10:00', { db, clock: () => NOW }).session?.price }
    expect(before).toEqual({ ydelser: '850 kr. inkl. moms – Coachingsamtale, 60 min', booking: '850 kr. inkl. moms' })
    const answer = await post(cookie, openFile(cookie, 'ydelser'), { 'sessioner → nr. 1 → pris kr': '925' })
    expect(answer.headers.get('Location')).toBe('/coach/indhold/ydelser?status=gemt')
    expect(content.read('ydelser.yaml')).toContain('    pris_kr: 925\n')
    expect(servicesPrice()).toBe('925 kr. inkl. moms – Coachingsamtale, 60 min')
    expect(sessionSlot('coachingsamtale', '2026-04-21T10:00', { db, clock: () => NOW }).session?.price).toBe('925 kr. inkl. moms')
    expect(sessionTypeById('coachingsamtale')?.amountOere).toBe(92_500)
  })

  // Each row: the form, the field, its new value, the file, the line written, and what the site reads from the file now.
  it.each([
    ['spoergsmaal', 'faq → nr. 2 → spoergsmaal', 'Kan vi tale sammen online?', 'faq.yaml', '  - spoergsmaal: Kan vi tale sammen online?\n', () => getFaq()[1]?.question],
    ['privatliv', 'hosting → navn', 'Serverhuset ApS', 'privatliv.yaml', '  navn: Serverhuset ApS\n', () => getPrivacy().hosting.name],
    ['gode-steder', 'artikler', 'coaching-og-stress\nstress-er-ikke-svaghed', 'gode-steder-at-begynde.yaml', 'artikler:\n  - coaching-og-stress\n  - stress-er-ikke-svaghed\n', () => getStartHereSlugs().join('\n')],
    ['afslutninger', 'stress → overskrift', 'Er presset ved at tage over?', 'artikelafslutninger.yaml', '  overskrift: Er presset ved at tage over?\n', () => getArticleClosings().stress.heading],
    ['egne-ord', 'beretninger → nr. 1 → bekraeftet', 'ja', 'egne-ord.yaml', '    bekraeftet: ja\n', () => (getFirstPersonStories()[0]!.confirmed ? 'ja' : 'nej')],
  ] as const)('changes %s (%s), which the site reads from the file at once', async (id, label, value, name, line, read) => {
    const content = temporaryContent()
    const cookie = signedIn()
    const answer = await post(cookie, openFile(cookie, id), { [label]: value })
    expect(answer.headers.get('Location')).toBe(`/coach/indhold/${id}?status=gemt`)
    expect(content.read(name)).toContain(line)
    expect(read()).toBe(value)
    expect(db.select({ action: deskEvents.action }).from(deskEvents).all().map((event) => event.action)).toContain(`gemt-${name}`)
  })

  // Each row: the form, the field, the value that would break the file, the file, and the Danish message.
  it.each([
    ['oplysninger', 'telefon', '12 34', 'site.yaml', 'content/site.yaml, linje 21: »telefon« er ikke et dansk telefonnummer (»12 34«) – skriv otte cifre, fx +45 12 34 56 78'],
    ['gode-steder', 'artikler', 'stress-er-ikke-svaghed\nfindes-ikke', 'gode-steder-at-begynde.yaml', 'content/gode-steder-at-begynde.yaml, linje 8: »artikler → nr. 2« nævner »findes-ikke«, som ikke er en artikel på siden – skriv den sidste del af artiklens adresse (fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed), eller slet linjen'],
    ['privatliv', 'mailtjeneste → overfoersel', 'privacy shield', 'privatliv.yaml', 'content/privatliv.yaml, linje 20: »mailtjeneste → overfoersel« skal være dpf (certificeret under EU–US Data Privacy Framework) eller scc (standardkontraktbestemmelser i databehandleraftalen)'],
  ] as const)('of %s is refused with the Danish message when %s would break the file, and nothing changes', async (id, label, value, name, message) => {
    const content = temporaryContent()
    const before = content.read(name)
    const cookie = signedIn()
    const answer = await post(cookie, openFile(cookie, id), { [label]: value })
    const location = new URL(answer.headers.get('Location')!, 'http://x')
    expect(location.searchParams.get('status')).toBe('ikke-gemt')
    expect(content.read(name)).toBe(before)
    const again = openFile(cookie, id, { draft: location.searchParams.get('kladde')! })
    expect(again.file.refused?.errors).toEqual([message])
    for (const line of value.split('\n')) expect(again.file.text).toContain(line)
  })

  it('is refused when the file changed since she opened it, and she sees both versions', async () => {
    const content = temporaryContent()
    const cookie = signedIn()
    const opened = openFile(cookie, 'oplysninger')
    content.edit('site.yaml', 'telefontider: Mandag–fredag kl. 9.00–17.00', 'telefontider: Mandag–torsdag kl. 9.00–15.00')
    const answer = await post(cookie, opened, { telefon: '+45 12 34 56 78' })
    const location = new URL(answer.headers.get('Location')!, 'http://x')
    expect(location.searchParams.get('status')).toBe('aendret-imens')
    expect(content.read('site.yaml')).toContain('telefon: +45 21 43 65 87')
    const shown = openFile(cookie, 'oplysninger', { draft: location.searchParams.get('kladde')! }).file
    expect(shown.text).toContain('telefon: +45 12 34 56 78')
    expect(shown.text).toContain('telefontider: Mandag–fredag')
    expect(shown.refused?.current).toContain('telefontider: Mandag–torsdag')
  })

  it('is refused without a session or without the form token, and nothing changes', async () => {
    const content = temporaryContent()
    const before = content.read('site.yaml')
    const cookie = signedIn()
    const opened = openFile(cookie, 'oplysninger')
    const noSession = await handleDeskAction(formData({ formular: opened.formToken, handling: 'gem-indhold', fil: 'oplysninger', version: opened.file.version, hele: 'navn: x' }), deps(null))
    expect(noSession.headers.get('Location')).toBe('/coach')
    const noToken = await post(cookie, opened, { telefon: '+45 12 34 56 78' }, { formular: 'forkert' })
    expect(noToken.headers.get('Location')).toBe('/coach/indhold/oplysninger?status=udloebet')
    // A form cannot name a path: only the desk's ids are files.
    const path = await post(cookie, opened, {}, { fil: '../package.json' })
    expect(path.headers.get('Location')).toBe('/coach/indhold?status=fejl')
    expect(content.read('site.yaml')).toBe(before)
  })
})
