import { describe, expect, it } from 'vitest'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { aboutFile, articleClosingsFile, crisisLinesFile, faqFile, firstPersonStoriesFile, getCrisisLines, getFaq, getPrivacy, privacyFile, referencesFile, servicesFile, siteFile, startHereFile } from '~/server/content/content.server'
import { type ContentFile, checkYaml } from '~/server/content/content-file.server'
import { firstPersonStoriesFileSchema, startHereFileSchema } from '~/server/content/article-lists-schema.server'
import { fixtureText } from '../content-dir'

/** The file's text with one change; the change must apply, so a table row cannot silently test nothing. */
const changed = (name: string, from: string | RegExp, to: string) => {
  const text = fixtureText(name)
  const next = text.replace(from, to)
  if (next === text) throw new Error(`${String(from)} is not in ${name}`)
  return next
}

const errorsOf = (file: ContentFile<unknown>, text: string) => {
  const result = file.check(text)
  return result.ok ? [] : result.errors
}

describe('the shipped content (a copy: tests/fixtures/content)', () => {
  it('is good in every file', () => {
    for (const file of [siteFile, servicesFile, referencesFile, aboutFile, faqFile, crisisLinesFile, privacyFile, startHereFile, articleClosingsFile, firstPersonStoriesFile]) expect(errorsOf(file, fixtureText(file.name)), file.name).toEqual([])
  })

  it('puts the one sentence about the free first conversation into the FAQ where it says {{foerste_samtale}}', () => {
    expect(getFaq()[0]).toEqual({ question: 'Hvor lang tid varer en samtale?', answer: `En samtale i et forløb varer normalt 60–90 minutter. ${FREE_FIRST_CONVERSATION} Så kan vi mærke, om kemien er der.` })
  })

  it('reads the crisis lines as the pages show them: numbers with no-break spaces and their tel: links, a no-break space after »kl.«', () => {
    expect(getCrisisLines().livslinien).toEqual({
      name: 'Livslinien',
      number: { display: '70\u00a0201\u00a0201', href: 'tel:+4570201201' },
      text: 'Anonym samtale, hvis du har selvmordstanker eller er bekymret for en anden.',
      hours: 'alle dage kl.\u00a011.00–5.00',
    })
    expect(getCrisisLines().emergency.number).toEqual({ display: '112', href: 'tel:112' })
    expect(getCrisisLines().boernetelefonen.number).toEqual({ display: '116\u00a0111', href: 'tel:116111' })
  })

  it('reads the privacy facts as the policy uses them: the samples marked, Stripe with its onward transfer, the law’s five bookkeeping years', () => {
    const privacy = getPrivacy()
    expect(privacy.mailProvider).toMatchObject({ name: 'Resend', transfer: 'dpf', logDays: 30, sample: true })
    expect(privacy.backupHost).toEqual({ name: 'Eksempel Backup ApS', location: 'Tyskland', sample: true })
    expect(privacy.paymentProvider).toEqual({ name: 'Stripe', company: 'Stripe Payments Europe Ltd.', location: 'Irland', transferTo: { company: 'Stripe, Inc.', location: 'USA', transfer: 'dpf' }, sample: true })
    // Not listed yet: the policy promises to name them before a course; an empty list says there are none.
    expect(privacy.clientServices).toBeUndefined()
    expect(privacyFile.check(changed('privatliv.yaml', /^# klienttjenester:$/m, 'klienttjenester: []'))).toMatchObject({ ok: true, value: { clientServices: [] } })
    expect([privacy.logRetentionDays, privacy.backupRetentionDays, privacy.clientNotesYears, privacy.bookkeepingYears, privacy.bookingRetentionDays]).toEqual([30, 30, 5, 5, 90])
  })

  it('turns her phone number as she writes it into the one-line display and the tel: link', () => {
    const site = siteFile.check(changed('site.yaml', /^telefon: .*$/m, 'telefon: 12 34 56 78'))
    expect(site.ok && site.value.phone).toEqual({ display: '+45\u00a012\u00a034\u00a056\u00a078', href: 'tel:+4512345678' })
  })
})

// Each row: the file, the mistake, and the whole Danish message (file, line, key, what to write).
const mistakes: Array<[ContentFile<unknown>, string | RegExp, string, ...string[]]> = [
  [siteFile, /^telefon: .*$/m, 'telefon: 2143 658', 'content/site.yaml, linje 21: »telefon« er ikke et dansk telefonnummer (»2143 658«) – skriv otte cifre, fx +45 12 34 56 78'],
  [siteFile, /^telefon: .*\n/m, '', 'content/site.yaml, linje 8: »telefon« mangler – skriv fx +45 12 34 56 78'],
  [siteFile, /^email: .*$/m, 'email: kontakt-holmcoaching.dk', 'content/site.yaml, linje 20: »email« skal være en e-mailadresse, fx kontakt@ditnavn.dk'],
  [siteFile, /^startaar: .*$/m, 'startaar: "to tusind syv"', 'content/site.yaml, linje 9: »startaar« skal være et tal uden anførselstegn, fx 2007'],
  [siteFile, /^telefon_skal_udfyldes: .*$/m, 'telefon_skal_udfyldes: måske', 'content/site.yaml, linje 23: »telefon_skal_udfyldes« skal være ja eller nej'],
  [siteFile, /^cvr: .*$/m, 'cvr: 3162 845', 'content/site.yaml, linje 34: »cvr« skal være otte cifre, fx 12 34 56 78'],
  [siteFile, /^linkedin: .*$/m, 'linkedin: www.linkedin.com/in/mig', 'content/site.yaml, linje 40: »linkedin« skal være en adresse, der begynder med https://, fx https://www.linkedin.com/in/ditnavn'],
  [siteFile, /^  registreret: .*$/m, '  registreret: måske', 'content/site.yaml, linje 36: »moms → registreret« skal være ja eller nej'],
  [siteFile, /^navn: .*$/m, 'navn:', 'content/site.yaml, linje 8: »navn« mangler – skriv fx Birgitte Holm'],
  [siteFile, /^navn: (.*)$/m, 'navm: Birgitte Holm', 'content/site.yaml, linje 8: »navn« mangler – skriv fx Birgitte Holm', 'content/site.yaml, linje 8: »navm« kendes ikke – ret stavningen, eller slet linjen'],
  [siteFile, /^telefontider: (.*)$/m, 'telefontider: kl. 9: altid', 'content/site.yaml, linje 22: filen kan ikke læses (tjek kolon, anførselstegn, [ ] og indrykning på linjen; en tekst med kolon skal stå i anførselstegn)'],
  [siteFile, /  by: Fredericia/, '  by: Fredericia\n  by: Vejle', 'content/site.yaml, linje 29: filen kan ikke læses (en nøgle står to gange – slet den ene)'],
  [siteFile, /^henvendelser_uden_forloeb_slettes_efter_dage: .*$/m, 'henvendelser_uden_forloeb_slettes_efter_dage: 400', 'content/site.yaml, linje 44: »henvendelser_uden_forloeb_slettes_efter_dage« må ikke være længere end kontaktbeskeder_slettes_efter_dage – en henvendelse uden forløb gemmes kortere end en klients'],
  [servicesFile, '850 kr. inkl. moms pr. samtale', '850 kr. pr. samtale', 'content/ydelser.yaml, linje 29: »ydelser → nr. 2 → pris« skal sige, om moms er med: skriv »inkl. moms« (til private) eller »+ moms« (til virksomheder), fx 850 kr. inkl. moms pr. samtale'],
  [servicesFile, '  - id: stresshaandtering', '  - id: personlig-udvikling', 'content/ydelser.yaml, linje 20: »ydelser → nr. 2 → id« står to gange (»personlig-udvikling«) – hver ydelse skal have sit eget id', 'content/ydelser.yaml, linje 29: »ydelser → nr. 2 → pris« står også under »sessioner« – slet linjen »pris« her: prisen på siden kommer fra sessionen, så den vist og den betalte pris altid er den samme', 'content/ydelser.yaml, linje 83: »forside → nr. 2« nævner »stresshaandtering«, som ikke er en ydelse – skriv et af: personlig-udvikling, personlig-udvikling, relationscoaching, karrierecoaching, ledercoaching, foredrag-og-workshops'],
  [servicesFile, '  - relationscoaching', '  - parterapi', 'content/ydelser.yaml, linje 84: »forside → nr. 3« nævner »parterapi«, som ikke er en ydelse – skriv et af: personlig-udvikling, stresshaandtering, relationscoaching, karrierecoaching, ledercoaching, foredrag-og-workshops'],
  [servicesFile, /    eksempel: ja/, '    eksempel: jo', 'content/ydelser.yaml, linje 19: »ydelser → nr. 1 → eksempel« skal være ja eller nej (slet linjen, når teksten er din egen)'],
  [referencesFile, 'link: https://www.example.com/revision', 'link: example.com/revision', 'content/referencer.yaml, linje 12: »kunder → nr. 2 → link« skal være en adresse, der begynder med https://, fx https://www.eksempel.dk'],
  [referencesFile, '    om: Teenagecoaching', '    hvem: Teenagecoaching', 'content/referencer.yaml, linje 84: »udtalelser → nr. 2 → om« mangler – skriv fx Personlig udvikling', 'content/referencer.yaml, linje 86: »hvem« kendes ikke under »udtalelser → nr. 2« – ret stavningen, eller slet linjen'],
  [faqFile, '  - spoergsmaal: Tilbyder du online coaching?', '  - spørgsmål: Tilbyder du online coaching?', 'content/faq.yaml, linje 10: »faq → nr. 2 → spoergsmaal« mangler – skriv fx Hvor lang tid varer en samtale?', 'content/faq.yaml, linje 10: »spørgsmål« kendes ikke under »faq → nr. 2« – ret stavningen, eller slet linjen'],
  [faqFile, 'minutter. {{foerste_samtale}}', 'minutter. {{gratis}}', 'content/faq.yaml, linje 9: »faq → nr. 1 → svar« har en pladsholder, siden ikke kender – brug kun {{foerste_samtale}}'],
  [crisisLinesFile, '  nummer: 70 201 201', '  nummer: 70 201 2O1', 'content/kriselinjer.yaml, linje 8: »livslinien → nummer« er ikke et telefonnummer (»70 201 2O1«) – skriv cifrene, fx 70 201 201 eller 112'],
  [crisisLinesFile, /^boernetelefonen:[\s\S]*$/m, '', 'content/kriselinjer.yaml, linje 6: »boernetelefonen« mangler – skriv den (se de andre linjer for, hvordan den skal se ud)'],
  [privacyFile, '  overfoersel: dpf\n  databehandleraftale', '  overfoersel: privacy shield\n  databehandleraftale', 'content/privatliv.yaml, linje 20: »mailtjeneste → overfoersel« skal være dpf (certificeret under EU–US Data Privacy Framework) eller scc (standardkontraktbestemmelser i databehandleraftalen)'],
  [privacyFile, 'opdateret: "2026-11-23"', 'opdateret: 23. november 2026', 'content/privatliv.yaml, linje 12: »opdateret« skal være en dato som år-måned-dag, fx "2026-11-23"'],
  [privacyFile, '  log_dage: 30\n  eksempel: ja', '  log_dage: tredive\n  eksempel: ja', 'content/privatliv.yaml, linje 22: »mailtjeneste → log_dage« skal være et tal uden anførselstegn, fx 30'],
  [privacyFile, /^indbakke:\n.*\n.*\n/m, '', 'content/privatliv.yaml, linje 12: »indbakke« mangler – skriv den (se de andre linjer for, hvordan den skal se ud)'],
  [privacyFile, '  sted: Irland', '  land: Irland', 'content/privatliv.yaml, linje 46: »betaling → sted« mangler – skriv fx Danmark', 'content/privatliv.yaml, linje 48: »land« kendes ikke under »betaling« – ret stavningen, eller slet linjen'],
  [privacyFile, '  bookinger_dage: 90', '  bookinger_dage: 0', 'content/privatliv.yaml, linje 87: »slettes_efter → bookinger_dage« skal være mindst 1'],
  [privacyFile, /^# klienttjenester:$/m, 'klienttjenester:\n  - navn: Zoom', 'content/privatliv.yaml, linje 57: »klienttjenester → nr. 1 → formaal« mangler – skriv fx videosamtaler', 'content/privatliv.yaml, linje 57: »klienttjenester → nr. 1 → sted« mangler – skriv fx Danmark', 'content/privatliv.yaml, linje 57: »klienttjenester → nr. 1 → firma« mangler – skriv fx Zoom Communications, Inc.'],
  [startHereFile, '  - parcoaching-eller-parterapi', '  - /blog/parcoaching-eller-parterapi', 'content/gode-steder-at-begynde.yaml, linje 9: »artikler → nr. 3« er ikke den sidste del af en artikels adresse – skriv den med små bogstaver og bindestreger, fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed'],
  [startHereFile, '  - parcoaching-eller-parterapi', '  - stress-er-ikke-svaghed', 'content/gode-steder-at-begynde.yaml, linje 9: »artikler → nr. 3« står to gange (»stress-er-ikke-svaghed«) – slet den ene'],
  [startHereFile, /^artikler:[\s\S]*$/m, 'artikler: []\n', 'content/gode-steder-at-begynde.yaml, linje 6: »artikler« skal have mindst 1 punkt'],
  [articleClosingsFile, /^kosttilskud:\n.*\n.*\n/m, '', 'content/artikelafslutninger.yaml, linje 8: »kosttilskud« mangler – skriv den (se de andre linjer for, hvordan den skal se ud)'],
  [articleClosingsFile, '  overskrift: Fylder presset for meget?', '  overskrift:', 'content/artikelafslutninger.yaml, linje 17: »stress → overskrift« mangler – skriv fx Fylder presset for meget?'],
  [firstPersonStoriesFile, '    bekraeftet: nej\n  - artikel: anmeldelse', '    bekraeftet: måske\n  - artikel: anmeldelse', 'content/egne-ord.yaml, linje 11: »beretninger → nr. 1 → bekraeftet« skal være ja eller nej'],
  [firstPersonStoriesFile, '  - artikel: en-16-aarig-piges-oplevelser', '  - artikel: mail-fra-en-mor', 'content/egne-ord.yaml, linje 14: »beretninger → nr. 3 → artikel« står to gange (»mail-fra-en-mor«) – slet den ene'],
  [aboutFile, 'overskrift: Hej, jeg er {{navn}}\n', '', 'content/om.md, linje 9: »overskrift« mangler – skriv fx Hej, jeg er Birgitte Holm'],
  [aboutFile, /---\nJeg har altid[\s\S]*$/, '---\n', 'content/om.md, linje 30: din historie mangler – skriv den under den sidste »---«, med en tom linje mellem afsnittene'],
]

describe('a mistake in a content file', () => {
  it.each(mistakes.map(([file, from, to, ...messages]) => [file.name, messages[0]!, file, from, to, messages] as const))('%s: %s', (_name, _first, file, from, to, messages) => {
    expect(errorsOf(file, changed(file.name, from, to))).toEqual(messages)
  })

  it('names an article that is not on the site when the list is checked against the site (the desk’s save, check:launch), and not when the loader reads it', () => {
    const text = changed('egne-ord.yaml', 'artikel: anmeldelse-til-gymnasieblad', 'artikel: anmeldelse-til-gymnasiebladet')
    const published = new Set(['mail-fra-en-mor', 'anmeldelse-til-gymnasieblad', 'en-16-aarig-piges-oplevelser'])
    expect(checkYaml('egne-ord.yaml', text, firstPersonStoriesFileSchema(published))).toEqual({
      ok: false,
      errors: ['content/egne-ord.yaml, linje 12: »beretninger → nr. 2 → artikel« nævner »anmeldelse-til-gymnasiebladet«, som ikke er en artikel på siden – skriv den sidste del af artiklens adresse (fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed), eller slet linjen'],
    })
    expect(firstPersonStoriesFile.check(text).ok).toBe(true)
    expect(checkYaml('gode-steder-at-begynde.yaml', fixtureText('gode-steder-at-begynde.yaml'), startHereFileSchema(new Set(['stress-er-ikke-svaghed', 'coaching-er-ikke-terapi']))).ok).toBe(false)
  })

  it('is listed with every other mistake of the file at once', () => {
    const text = changed('site.yaml', /^telefon: .*$/m, 'telefon: 123').replace(/^email: .*$/m, 'email: nej').replace(/^cvr: .*$/m, 'cvr: x')
    expect(errorsOf(siteFile, text).map((error) => error.split(': »')[1]?.split('«')[0])).toEqual(['email', 'telefon', 'cvr'])
  })
})
