import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { SourceState } from '~/server/calendar/busy-sources.server'
import type { PrivacyFacts } from '~/lib/content/privacy-facts'
import { STAND_IN_PORTRAIT_MARKER } from '~/lib/portrait-sizes'
import { closeDb } from '#db/connection'
import { busySources } from '#db/schema'
// The shipped facts (a copy: tests/fixtures/facts); site.yaml, referencer.yaml, ydelser.yaml and
// privatliv.yaml come through the loader from CONTENT_DIR (tests/fixtures/content). Never the coach's own files.
import { getFirstPersonStories, getPrivacy, getReferences, getServices } from '~/server/content/content.server'
import { site } from '~/server/content/content.server'
import { insertPost, temporaryDatabase } from '../helpers'
import { TEST_FILE } from './booking-helpers'
import { type ClaimFacts, type LaunchFacts, calendarLaunchItems, claimsToConfirm, currentLaunchPlaceholders, describeLaunchItems, launchPlaceholders } from '~/server/launch-check.server'

const { clients, testimonialCheck, testimonials } = getReferences()
const { services } = getServices()
const privacy = getPrivacy()
const firstPersonStories = getFirstPersonStories()

const madeFrom = (bytes: Buffer, width = 960) => ({ source: createHash('sha256').update(bytes).digest('hex'), width })
/** The drawn stand-in the site ships with, as the check recognises it (by its marker), not content/portrait.jpg. */
const standIn = Buffer.from(`JFIF … ${STAND_IN_PORTRAIT_MARKER} …`)
const shippedFacts: LaunchFacts = { site, privacy, clients, testimonials, services, portrait: standIn, portraitFiles: madeFrom(standIn), env: {} }
const photo = Buffer.from('et rigtigt foto')

/** The same site after the coach has put in the real facts. */
const replacedFacts: LaunchFacts = {
  site: {
    name: 'Karen Kristensen',
    email: 'karen@kristensen-coaching.dk',
    phone: { display: '+45 12 34 56 78', href: 'tel:+4512345678' },
    address: { street: 'Vestergade 3' },
    cvr: '12 34 56 78',
    vat: { registered: true },
    profiles: { linkedin: 'https://www.linkedin.com/in/karen-kristensen', facebook: 'https://www.facebook.com/kristensencoaching' },
    certifiedBy: 'Coachakademiet i Kolding',
  },
  privacy: {
    mailProvider: { ...privacy.mailProvider, sample: undefined },
    hosting: { name: 'Karens Hosting ApS', location: 'Danmark' },
    mailbox: { name: 'Karens Mail A/S', location: 'Danmark' },
    logRetentionDays: 30,
    backupHost: { name: 'Karens Backup ApS', location: 'Danmark' },
    paymentProvider: { ...privacy.paymentProvider!, sample: undefined },
  },
  clients: [{ name: 'Kristensen Tømrer ApS', url: 'https://www.example.com/kristensen-toemrer' }],
  testimonials: [{ quote: 'Det hjalp.', name: 'Anne, 40 år', context: 'Stresscoaching' }],
  services: [{ pricing: { price: '900 kr. pr. samtale', duration: '75 minutter' } }],
  portrait: photo,
  portraitFiles: madeFrom(photo),
  env: { SITE_URL: 'https://www.kristensen-coaching.dk', RESEND_API_KEY: 're_live_x', MAIL_FROM: 'Karen Kristensen <karen@kristensen-coaching.dk>' },
}

describe('npm run check:launch', () => {
  it('names every placeholder the site ships with, and the file to change', () => {
    const items = launchPlaceholders(shippedFacts)
    expect(items.map((item) => item.where)).toEqual([
      ...Array(9).fill('content/site.yaml'),
      ...Array(5).fill('content/privatliv.yaml'),
      'content/referencer.yaml',
      'content/referencer.yaml',
      'content/ydelser.yaml',
      'content/portrait.jpg',
      ...Array(3).fill('miljøvariabler på serveren'),
    ])
    const text = items.map((item) => item.what).join('\n')
    for (const expected of ['navnet', 'e-mailadressen', 'telefonnummeret', 'adressen', 'CVR-nummeret', 'momsregistreringen', 'LinkedIn', 'Facebook', 'certificeringen (Eksempel Coachakademi)', 'e-mailtjenesten (Resend), overførselsgrundlaget (EU–US Data Privacy Framework)', 'hostingudbyderen (Eksempel Hosting ApS)', 'e-mailudbyderen til din indbakke (Eksempel Mail A/S)', 'stedet for sikkerhedskopien uden for serveren (Eksempel Backup ApS)', 'betalingstjenesten (Stripe Payments Europe Ltd.)', '24 af kunderne', '4 af udtalelserne', '6 af priserne', 'portrættet', 'SITE_URL', 'RESEND_API_KEY', 'MAIL_FROM']) {
      expect(text).toContain(expected)
    }
  })

  it('says in whole sentences what each placeholder is and what to do, the phone number with plain spaces', () => {
    expect(launchPlaceholders(shippedFacts).map((item) => item.what)).toEqual([
      'navnet (Birgitte Holm) er et eksempel',
      'e-mailadressen (kontakt@holmcoaching.dk) er et eksempel',
      'telefonnummeret (+45 21 43 65 87) er et eksempel',
      'adressen (Brøndstedvej 14) er et eksempel – ret også region, geo og mapsUrl',
      'CVR-nummeret (31 62 84 57) er et eksempel',
      'momsregistreringen (ikke registreret) er et eksempel – kvitteringerne siger, at du ikke er momsregistreret; tjek det, og slet linjen »eksempel: ja« under moms',
      'LinkedIn-profilen er et eksempel',
      'Facebook-profilen er et eksempel',
      'certificeringen (Eksempel Coachakademi) er et eksempel – skriv, hvor du er uddannet og certificeret',
      'e-mailtjenesten (Resend), overførselsgrundlaget (EU–US Data Privacy Framework) og loggens 30 dage er eksempler – tjek dem i databehandleraftalen og på dataprivacyframework.gov, og slet »eksempel: ja«',
      'hostingudbyderen (Eksempel Hosting ApS) er et eksempel – skriv din udbyder, og sørg for, at serverens log slettes efter 30 dage',
      'e-mailudbyderen til din indbakke (Eksempel Mail A/S) er et eksempel',
      'stedet for sikkerhedskopien uden for serveren (Eksempel Backup ApS) er et eksempel – skriv, hvor restic gemmer de krypterede kopier, og slet »eksempel: ja« (eller slet afsnittet, hvis du ikke tager kopier uden for serveren)',
      'betalingstjenesten (Stripe Payments Europe Ltd.) er et eksempel – tjek i din Stripe-konto, hvilket Stripe-selskab din aftale er med, og slet »eksempel: ja« (eller slet afsnittet, hvis intet betales på siden)',
      '24 af kunderne under Referencer er eksempler (eksempel: ja)',
      '4 af udtalelserne under Referencer er eksempler (eksempel: ja)',
      '6 af priserne og samtalelængderne under Ydelser er eksempler (eksempel: ja)',
      'portrættet er den tegnede pladsholder – læg et foto af dig selv her (stående, mindst 960 px bredt), og kør npm run images',
      'SITE_URL er ikke sat – sæt den til sidens rigtige adresse, fx https://www.ditnavn.dk',
      'RESEND_API_KEY er ikke sat – uden den når e-mails ikke frem, de lægges kun i udbakke-mappen',
      'MAIL_FROM er ikke sat – brug en afsender på dit eget domæne, som er bekræftet hos Resend',
    ])
    const scc = launchPlaceholders({ ...replacedFacts, privacy: { ...replacedFacts.privacy, mailProvider: { ...privacy.mailProvider, transfer: 'scc', sample: true } } })
    expect(scc.map((item) => item.what)).toEqual([
      'e-mailtjenesten (Resend), overførselsgrundlaget (standardkontraktbestemmelserne (2021/914)) og loggens 30 dage er eksempler – tjek dem i databehandleraftalen og på dataprivacyframework.gov, og slet »eksempel: ja«',
    ])
  })

  it('lists what remains grouped by the file to change, in the order the files first appear', () => {
    const items = [
      { what: 'navnet er et eksempel', where: 'content/site.yaml' },
      { what: 'SITE_URL er ikke sat', where: 'miljøvariabler på serveren' },
      { what: 'CVR-nummeret er et eksempel', where: 'content/site.yaml' },
    ]
    expect(describeLaunchItems(items)).toBe('content/site.yaml:\n  - navnet er et eksempel\n  - CVR-nummeret er et eksempel\n\nmiljøvariabler på serveren:\n  - SITE_URL er ikke sat')
    expect(describeLaunchItems([])).toBe('')
  })

  it('checks this installation: the environment of the process and the availability file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coach-launch-'))
    onTestFinished(() => {
      vi.unstubAllEnvs()
      rmSync(dir, { recursive: true, force: true })
    })
    writeFileSync(join(dir, 'booking.yaml'), 'varighed: [30\n')
    vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
    vi.stubEnv('SITE_URL', 'https://www.kristensen-coaching.dk')
    vi.stubEnv('RESEND_API_KEY', undefined)
    vi.stubEnv('MAIL_FROM', 'Karen Kristensen <karen@kristensen-coaching.dk>')
    vi.stubEnv('COACH_CALENDAR_SECRET', 'a1b2c3d4e5f6a7b8c9d0e1f2')
    vi.stubEnv('BUSY_CALENDAR_URLS', 'https://calendar.google.com/calendar/ical/karen/private-x/basic.ics')
    vi.stubEnv('DATABASE_URL', join(dir, 'ingen.db'))
    const items = currentLaunchPlaceholders()
    // The check reads the database the server made; it makes none of its own.
    expect(existsSync(join(dir, 'ingen.db'))).toBe(false)
    // The shipped services have a session paid at booking: without a Stripe key it is paid afterwards, and the check says so.
    expect(items.filter((item) => item.where === 'miljøvariabler på serveren').map((item) => item.what.split(' ')[0])).toEqual(['RESEND_API_KEY', 'STRIPE_SECRET_KEY'])
    expect(items.filter((item) => item.where === 'content/booking.yaml')).toEqual([
      { what: 'linje 1: filen kan ikke læses som YAML (tjek kolon, anførselstegn og [ ] på linjen) (siden bruger de sidste gyldige regler, indtil fejlen er rettet; har filen aldrig været gyldig, er booking lukket)', where: 'content/booking.yaml' },
    ])
  })

  it('reads the coach’s own portrait from content/portrait.jpg of the project, and what npm run images made of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coach-launch-'))
    onTestFinished(() => {
      vi.unstubAllEnvs()
      rmSync(dir, { recursive: true, force: true })
    })
    mkdirSync(join(dir, 'content'))
    writeFileSync(join(dir, 'content', 'portrait.jpg'), photo)
    vi.stubEnv('PUBLIC_DIR', join(dir, 'public'))
    writeFileSync(join(dir, 'images.lock.json'), JSON.stringify({ covers: {}, portrait: { ...madeFrom(photo, 400), generator: 'v3', height: 500, avif: [], webp: [] } }))
    expect(currentLaunchPlaceholders(dir).filter((item) => item.where === 'content/portrait.jpg')).toEqual([
      {
        what: 'portrættet er kun 400 px bredt (efter beskæring til 4:5), men siden viser det op til 960 px bredt, så det kan se uskarpt ud – brug et foto på mindst 960 × 1200 px',
        where: 'content/portrait.jpg',
      },
    ])
  })

  it('passes once everything is replaced', () => {
    expect(launchPlaceholders(replacedFacts)).toEqual([])
  })

  it('still objects to a local SITE_URL and a sender on the example domain', () => {
    const items = launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, SITE_URL: 'http://localhost:3000', MAIL_FROM: 'kontakt@holmcoaching.dk' } })
    expect(items.map((item) => item.what.split(' ')[0])).toEqual(['SITE_URL', 'MAIL_FROM'])
  })

  it('refuses a sender on a free-mail domain, which Resend cannot verify, and explains why in Danish', () => {
    for (const mailFrom of ['Karen <karen.kristensen@gmail.com>', 'karen@hotmail.com', 'karen@outlook.com', 'karen@live.dk', 'karen@yahoo.dk', 'karen@yahoo.co.uk', 'karen@icloud.com', 'karen@me.com']) {
      const items = launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, MAIL_FROM: mailFrom } })
      expect(items, mailFrom).toEqual([
        {
          what: `MAIL_FROM er »${mailFrom}«, en gratis e-mailtjeneste – Resend kan kun sende fra et domæne, du selv ejer og har bekræftet (fx kontakt@ditnavn.dk); mails fra en gmail- eller hotmail-adresse bliver afvist eller havner som spam`,
          where: 'miljøvariabler på serveren',
        },
      ])
    }
    // Own domains that merely look alike pass.
    for (const mailFrom of ['karen@mail.kristensen-coaching.dk', 'karen@someme.com', 'Karen <karen@kristensen-coaching.dk>']) {
      expect(launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, MAIL_FROM: mailFrom } }), mailFrom).toEqual([])
    }
  })

  it('notices a portrait that was replaced without npm run images, and one too small for the page', () => {
    const newPhoto = Buffer.from('et nyere foto')
    expect(launchPlaceholders({ ...replacedFacts, portrait: newPhoto })).toEqual([
      { what: 'portrættet er skiftet, men siden viser stadig det gamle – kør npm run images', where: 'content/portrait.jpg' },
    ])
    // images.lock.json lists no portrait yet.
    expect(launchPlaceholders({ ...replacedFacts, portraitFiles: undefined })).toEqual([
      { what: 'portrættet er skiftet, men siden viser stadig det gamle – kør npm run images', where: 'content/portrait.jpg' },
    ])
    expect(launchPlaceholders({ ...replacedFacts, portraitFiles: madeFrom(photo, 400) })).toEqual([
      {
        what: 'portrættet er kun 400 px bredt (efter beskæring til 4:5), men siden viser det op til 960 px bredt, så det kan se uskarpt ud – brug et foto på mindst 960 × 1200 px',
        where: 'content/portrait.jpg',
      },
    ])
  })

  it('names only the stand-in while the portrait is still the stand-in, however small its old files are', () => {
    const tooSmall = { source: 'gammel', width: 300 }
    for (const portrait of [undefined, standIn]) {
      expect(launchPlaceholders({ ...replacedFacts, portrait, portraitFiles: tooSmall })).toEqual([
        { what: 'portrættet er den tegnede pladsholder – læg et foto af dig selv her (stående, mindst 960 px bredt), og kør npm run images', where: 'content/portrait.jpg' },
      ])
    }
  })

  it('quotes the wrong SITE_URL and MAIL_FROM it objects to, so the coach sees what to correct', () => {
    const items = launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, SITE_URL: 'http://localhost:3000', MAIL_FROM: 'Birgitte <kontakt@holmcoaching.dk>' } })
    expect(items.map((item) => item.what)).toEqual([
      'SITE_URL er »http://localhost:3000« – sæt den til sidens rigtige adresse, fx https://www.ditnavn.dk',
      'MAIL_FROM er »Birgitte <kontakt@holmcoaching.dk>« – brug en afsender på dit eget domæne, som er bekræftet hos Resend',
    ])
  })

  it('objects to a SITE_URL that does not begin with https://, such as one with a space first', () => {
    for (const siteUrl of [' https://www.kristensen-coaching.dk', 'www.kristensen-coaching.dk/https://']) {
      expect(launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, SITE_URL: siteUrl } }), siteUrl).toEqual([
        { what: `SITE_URL er »${siteUrl}« – sæt den til sidens rigtige adresse, fx https://www.ditnavn.dk`, where: 'miljøvariabler på serveren' },
      ])
    }
  })

  it('refuses a free-mail sender also with spaces around it', () => {
    const mailFrom = ' karen@gmail.com '
    expect(launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, MAIL_FROM: mailFrom } })).toEqual([
      {
        what: `MAIL_FROM er »${mailFrom}«, en gratis e-mailtjeneste – Resend kan kun sende fra et domæne, du selv ejer og har bekræftet (fx kontakt@ditnavn.dk); mails fra en gmail- eller hotmail-adresse bliver afvist eller havner som spam`,
        where: 'miljøvariabler på serveren',
      },
    ])
  })

  it('ships samples that borrow nothing real: invented names, links only to example.com', () => {
    for (const client of clients.filter((entry) => entry.sample)) {
      expect(client.name).toMatch(/^Eksempel /)
      if (client.url) expect(new URL(client.url).hostname).toMatch(/(^|\.)example\.com$/)
    }
    for (const testimonial of testimonials.filter((entry) => entry.sample)) expect(testimonial.name).toMatch(/^Eksempel: /)
    // The invented certifying body and providers are named as examples, so no real firm is implied.
    for (const invented of [site.certifiedBy, privacy.hosting.name, privacy.mailbox.name, privacy.backupHost!.name]) expect(invented).toMatch(/^Eksempel /)
    const everything = JSON.stringify([clients, testimonials])
    expect(everything).not.toMatch(/Vestre Skole|Erritsø|Trelde|Lyngsodde|Fredericia|Vejle/)
  })

  it('fails as a command while placeholders remain, in Danish', { timeout: 20_000 }, () => {
    // The command reads site.yaml, referencer.yaml, ydelser.yaml and privatliv.yaml from CONTENT_DIR (the
    // fixture copy) and the availability from BOOKING_FILE (the shipped example). What it says about
    // the portrait comes from the project's own files, which the coach
    // replaces: those lines are tested above with the shipped facts injected, and not counted here.
    const run = spawnSync('node_modules/.bin/tsx', ['scripts/check-launch.ts'], {
      encoding: 'utf8',
      env: { ...process.env, SITE_URL: '', RESEND_API_KEY: '', MAIL_FROM: '', BOOKING_FILE: join(import.meta.dirname, '../fixtures/facts/booking.yaml'), DATABASE_URL: join(tmpdir(), 'coach-launch-ingen', 'site.db') },
    })
    expect(run.status).toBe(1)
    const count = /^Før siden går i luften, skal (\d+) ting erstattes:\n/.exec(run.stdout)?.[1]
    // The count is the list: one line per thing to replace.
    expect(Number(count)).toBe(run.stdout.split('\n').filter((line) => line.startsWith('  - ')).length)
    expect(run.stdout).toContain('content/site.yaml:\n  - navnet (Birgitte Holm) er et eksempel\n')
    expect(run.stdout).toContain('content/booking.yaml:\n  - bookingtiderne er et eksempel (eksempel: ja)')
    expect(run.stdout).toContain('content/referencer.yaml:\n  - 24 af kunderne under Referencer er eksempler (eksempel: ja)\n')
    expect(run.stdout).toContain('content/ydelser.yaml:\n  - 6 af priserne og samtalelængderne under Ydelser er eksempler (eksempel: ja)\n')
    expect(run.stdout).toContain('miljøvariabler på serveren:\n  - SITE_URL er ikke sat')
    expect(run.stdout).toContain('content/privatliv.yaml:\n  - e-mailtjenesten (Resend)')
    expect(run.stdout).toContain('  - betalingstjenesten (Stripe Payments Europe Ltd.) er et eksempel')
  })
})

describe('claims only the coach can vouch for', () => {
  const shippedClaims: ClaimFacts = { stories: firstPersonStories, testimonialCheck, ethics: site.ethics, clientServices: privacy.clientServices }

  it('names the first-person stories, the testimonial check, the ethical guidelines and the services of a course until she confirms them', () => {
    const items = claimsToConfirm(shippedClaims)
    expect(items.map((item) => item.where)).toEqual([
      ...Array(3).fill('content/egne-ord.yaml'),
      'content/referencer.yaml',
      'content/site.yaml',
      'content/privatliv.yaml',
    ])
    const text = items.map((item) => item.what).join('\n')
    for (const slug of ['mail-fra-en-mor', 'anmeldelse-til-gymnasieblad', 'en-16-aarig-piges-oplevelser']) expect(text).toContain(`artiklen ${slug} er skrevet med en klients egne ord`)
    expect(text).toContain('teksten om, hvordan du sikrer, at udtalelserne er ægte, er et forslag – ret den, så den passer til det, du gør, og slet eksempel: ja')
    expect(text).toContain('de etiske retningslinjer (Eksempel Coachakademis etiske retningslinjer) er et eksempel')
    expect(text).toContain('videosamtaler og fakturering (klienttjenester')
  })

  it('lets each go as it is confirmed: a story with bekraeftet, the check without sample, a named guideline, a list of services (also an empty one)', () => {
    const confirmed: ClaimFacts = {
      stories: firstPersonStories.map((story) => ({ ...story, confirmed: story.slug !== 'mail-fra-en-mor' })),
      testimonialCheck: { sample: undefined },
      ethics: 'ICF’s etiske regler',
      clientServices: [],
    }
    expect(claimsToConfirm(confirmed).map((item) => item.what.split(' – ')[0])).toEqual(['artiklen mail-fra-en-mor er skrevet med en klients egne ord'])
    expect(claimsToConfirm({ ...confirmed, stories: [] })).toEqual([])
  })
})

describe('the coach’s calendars in check:launch', () => {
  const failing: SourceState = { label: 'kalender 1 i BUSY_CALENDAR_URLS (calendar.google.com)', goodAt: '2026-04-17T06:00:00.000Z', lastError: 'svarede 404', stale: true }
  const checked = { name: 'Kalenderen', company: 'Kalender ApS', location: 'Danmark' }
  it('asks for her calendar’s provider, for the privacy policy, once a calendar gets the bookings or closes times', () => {
    const provider = (env: Record<string, string>, calendar?: PrivacyFacts['calendarProvider']) =>
      calendarLaunchItems(env, [], calendar).filter((item) => item.where === 'content/privatliv.yaml').map((item) => item.what.split(' – ')[0])
    expect(provider({ CALDAV_URL: 'https://x' })).toEqual(['din kalenders udbyder er ikke skrevet'])
    expect(provider({ COACH_CALENDAR_SECRET: 'et-langt-hemmeligt-ord-til-kalenderen' }, { ...checked, sample: true })).toEqual(['din kalenders udbyder (Kalenderen) er et eksempel'])
    expect(provider({ BUSY_CALENDAR_URLS: 'https://x' }, checked)).toEqual([])
    expect(provider({}, undefined)).toEqual([])
  })

  it('asks for the bookings feed or CalDAV, for a busy-time source, and a secret long enough to be one', () => {
    expect(calendarLaunchItems({}, []).map((item) => item.what.split(' – ')[0])).toEqual([
      'COACH_CALENDAR_SECRET og CALDAV_URL er ikke sat',
      'BUSY_CALENDAR_URLS og CALDAV_URL er ikke sat',
    ])
    expect(calendarLaunchItems({ COACH_CALENDAR_SECRET: 'kort', BUSY_CALENDAR_URLS: 'https://x' }, [], checked).map((item) => item.what.split(' – ')[0])).toEqual(['COACH_CALENDAR_SECRET er for kort'])
    expect(calendarLaunchItems({ CALDAV_URL: 'https://caldav.icloud.com/1/calendars/x/' }, [], checked)).toEqual([])
    // Spaces are not a setting (a line copied with a blank after the =).
    expect(calendarLaunchItems({ COACH_CALENDAR_SECRET: '   ', BUSY_CALENDAR_URLS: ' \n' }, []).map((item) => item.what.split(' – ')[0])).toEqual([
      'COACH_CALENDAR_SECRET og CALDAV_URL er ikke sat',
      'BUSY_CALENDAR_URLS og CALDAV_URL er ikke sat',
    ])
  })

  it('names only the calendars that fail or are too old, and says which of the two', () => {
    const states: SourceState[] = [
      { label: 'kalender 1 i BUSY_CALENDAR_URLS (a.example)', goodAt: '2026-04-17T06:00:00.000Z', lastError: null, stale: false },
      { label: 'kalender 2 i BUSY_CALENDAR_URLS (b.example)', goodAt: '2026-04-17T06:00:00.000Z', lastError: 'svarede 500', stale: false },
      { label: 'kalender 3 i BUSY_CALENDAR_URLS (c.example)', goodAt: null, lastError: null, stale: true },
    ]
    expect(calendarLaunchItems({ CALDAV_URL: 'https://x' }, states, checked).map((item) => item.what)).toEqual([
      'kalender 2 i BUSY_CALENDAR_URLS (b.example) kan ikke læses (svarede 500; sidst læst fredag 17. april kl. 8.00)',
      'kalender 3 i BUSY_CALENDAR_URLS (c.example) kan ikke læses (for gammel; aldrig læst) – booking viser ingen ledige tider, indtil den kan læses igen',
    ])
  })

  it("judges the calendars the server stored by booking.yaml's kalender_max_alder, three hours while the file cannot be read", () => {
    onTestFinished(() => {
      closeDb()
      vi.useRealTimers()
      vi.unstubAllEnvs()
    })
    const { db, dir } = temporaryDatabase()
    insertPost(db, 'en-artikel', 'stress', '2024-05-01')
    // Read without an error two hours ago.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-04-17T08:00:00.000Z'))
    db.insert(busySources).values({ sourceKey: 'k', label: 'kalender 1 i BUSY_CALENDAR_URLS (a.example)', goodAt: '2026-04-17T06:00:00.000Z', parsedAt: '2026-04-17T06:00:00.000Z', checkedAt: '2026-04-17T07:55:00.000Z', intervals: [], lastError: null }).run()
    // The database of DATABASE_URL, not one another test opened before.
    closeDb()
    vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
    const calendarItems = (bookingFile: string) => {
      vi.stubEnv('BOOKING_FILE', join(dir, bookingFile))
      return currentLaunchPlaceholders().filter((item) => item.what.startsWith('kalender 1'))
    }
    writeFileSync(join(dir, 'en-time.yaml'), `${TEST_FILE}kalender_max_alder: 1 timer\n`)
    expect(calendarItems('en-time.yaml').map((item) => item.what)).toEqual(['kalender 1 i BUSY_CALENDAR_URLS (a.example) kan ikke læses (for gammel; sidst læst fredag 17. april kl. 8.00) – booking viser ingen ledige tider, indtil den kan læses igen'])
    expect(calendarItems('findes-ikke.yaml')).toEqual([])
    vi.setSystemTime(new Date('2026-04-17T09:01:00.000Z'))
    expect(calendarItems('findes-ikke.yaml')).toHaveLength(1)
  })

  it('names a calendar that cannot be read, by its label, and says that booking shows no times while it is too old', () => {
    expect(calendarLaunchItems({ CALDAV_URL: 'https://x' }, [failing], checked).map((item) => item.what)).toEqual([
      'kalender 1 i BUSY_CALENDAR_URLS (calendar.google.com) kan ikke læses (svarede 404; sidst læst fredag 17. april kl. 8.00) – booking viser ingen ledige tider, indtil den kan læses igen',
    ])
  })
})
