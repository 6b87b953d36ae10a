import { describe, expect, it } from 'vitest'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { aboutFile, crisisLinesFile, faqFile, getCrisisLines, getFaq, referencesFile, servicesFile, siteFile } from '~/server/content/content.server'
import type { ContentFile } from '~/server/content/content-file.server'
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
    for (const file of [siteFile, servicesFile, referencesFile, aboutFile, faqFile, crisisLinesFile]) expect(errorsOf(file, fixtureText(file.name)), file.name).toEqual([])
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
  [servicesFile, '850 kr. inkl. moms pr. samtale', '850 kr. pr. samtale', 'content/ydelser.yaml, linje 18: »ydelser → nr. 1 → pris« skal sige, om moms er med: skriv »inkl. moms« (til private) eller »+ moms« (til virksomheder), fx 850 kr. inkl. moms pr. samtale'],
  [servicesFile, '  - id: stresshaandtering', '  - id: personlig-udvikling', 'content/ydelser.yaml, linje 21: »ydelser → nr. 2 → id« står to gange (»personlig-udvikling«) – hver ydelse skal have sit eget id', 'content/ydelser.yaml, linje 85: »forside → nr. 2« nævner »stresshaandtering«, som ikke er en ydelse – skriv et af: personlig-udvikling, personlig-udvikling, relationscoaching, karrierecoaching, ledercoaching, foredrag-og-workshops'],
  [servicesFile, '  - relationscoaching', '  - parterapi', 'content/ydelser.yaml, linje 86: »forside → nr. 3« nævner »parterapi«, som ikke er en ydelse – skriv et af: personlig-udvikling, stresshaandtering, relationscoaching, karrierecoaching, ledercoaching, foredrag-og-workshops'],
  [servicesFile, /    eksempel: ja/, '    eksempel: jo', 'content/ydelser.yaml, linje 20: »ydelser → nr. 1 → eksempel« skal være ja eller nej (slet linjen, når teksten er din egen)'],
  [referencesFile, 'link: https://www.example.com/revision', 'link: example.com/revision', 'content/referencer.yaml, linje 12: »kunder → nr. 2 → link« skal være en adresse, der begynder med https://, fx https://www.eksempel.dk'],
  [referencesFile, '    om: Teenagecoaching', '    hvem: Teenagecoaching', 'content/referencer.yaml, linje 84: »udtalelser → nr. 2 → om« mangler – skriv fx Personlig udvikling', 'content/referencer.yaml, linje 86: »hvem« kendes ikke under »udtalelser → nr. 2« – ret stavningen, eller slet linjen'],
  [faqFile, '  - spoergsmaal: Tilbyder du online coaching?', '  - spørgsmål: Tilbyder du online coaching?', 'content/faq.yaml, linje 10: »faq → nr. 2 → spoergsmaal« mangler – skriv fx Hvor lang tid varer en samtale?', 'content/faq.yaml, linje 10: »spørgsmål« kendes ikke under »faq → nr. 2« – ret stavningen, eller slet linjen'],
  [faqFile, 'minutter. {{foerste_samtale}}', 'minutter. {{gratis}}', 'content/faq.yaml, linje 9: »faq → nr. 1 → svar« har en pladsholder, siden ikke kender – brug kun {{foerste_samtale}}'],
  [crisisLinesFile, '  nummer: 70 201 201', '  nummer: 70 201 2O1', 'content/kriselinjer.yaml, linje 8: »livslinien → nummer« er ikke et telefonnummer (»70 201 2O1«) – skriv cifrene, fx 70 201 201 eller 112'],
  [crisisLinesFile, /^boernetelefonen:[\s\S]*$/m, '', 'content/kriselinjer.yaml, linje 6: »boernetelefonen« mangler – skriv den (se de andre linjer for, hvordan den skal se ud)'],
  [aboutFile, 'overskrift: Hej, jeg er {{navn}}\n', '', 'content/om.md, linje 9: »overskrift« mangler – skriv fx Hej, jeg er Birgitte Holm'],
  [aboutFile, /---\nJeg har altid[\s\S]*$/, '---\n', 'content/om.md, linje 30: din historie mangler – skriv den under den sidste »---«, med en tom linje mellem afsnittene'],
]

describe('a mistake in a content file', () => {
  it.each(mistakes.map(([file, from, to, ...messages]) => [file.name, messages[0]!, file, from, to, messages] as const))('%s: %s', (_name, _first, file, from, to, messages) => {
    expect(errorsOf(file, changed(file.name, from, to))).toEqual(messages)
  })

  it('is listed with every other mistake of the file at once', () => {
    const text = changed('site.yaml', /^telefon: .*$/m, 'telefon: 123').replace(/^email: .*$/m, 'email: nej').replace(/^cvr: .*$/m, 'cvr: x')
    expect(errorsOf(siteFile, text).map((error) => error.split(': »')[1]?.split('«')[0])).toEqual(['email', 'telefon', 'cvr'])
  })
})
