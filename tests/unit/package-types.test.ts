import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { proRataOere } from '~/lib/payments/money'
import { checkYaml } from '~/server/content/content-file.server'
import { servicesFileSchema } from '~/server/content/content-schemas.server'
import { packageLaunchItems } from '~/server/payments/payment-launch.server'

// The klippekort in ydelser.yaml: what she writes, what the code gets, and every mistake told in
// Danish with its line and what to write instead.

const FIXTURE = readFileSync(join(import.meta.dirname, '../fixtures/content/ydelser.yaml'), 'utf8')
const check = (text: string) => checkYaml('ydelser.yaml', text, servicesFileSchema)
const errorsOf = (text: string) => {
  const result = check(text)
  if (result.ok) throw new Error('the mistake was accepted')
  return result.errors.join('\n')
}

describe('klippekort in ydelser.yaml', () => {
  it('become a package type in øre, with the session it books and its validity; the terms say unused sessions go back at expiry', () => {
    const result = check(FIXTURE)
    if (!result.ok) throw new Error(result.errors.join('\n'))
    expect(result.value.packageTypes).toEqual([{ id: 'klippekort-5', name: 'Klippekort, 5 coachingsamtaler', sessionTypeId: 'coachingsamtale', sessions: 5, amountOere: 382_500, validMonths: 6, sample: true }])
    expect(result.value.terms.refundExpiredPackages).toBe(true)
    const noRefund = check(FIXTURE.replace('klippekort_refusion_ved_udloeb: ja', 'klippekort_refusion_ved_udloeb: nej'))
    expect(noRefund.ok && noRefund.value.terms.refundExpiredPackages).toBe(false)
    // A changed package price is another version of the terms.
    const dearer = check(FIXTURE.replace('pris_kr: 3825', 'pris_kr: 4000'))
    expect(dearer.ok && dearer.value.terms.version).not.toBe(result.value.terms.version)
  })

  it.each([
    ['an unknown session', ['session: coachingsamtale\n    antal', 'session: yoga\n    antal'], /linje \d+: »klippekort → nr\. 1 → session« nævner »yoga«, som ikke er en af dine sessioner – skriv et af: coachingsamtale, parsamtale/],
    ['a session paid afterwards', ['session: coachingsamtale\n    antal', 'session: parsamtale\n    antal'], /»parsamtale« betales bagefter – et klippekort betales ved køb/],
    ['one session only', ['antal: 5', 'antal: 1'], /»klippekort → nr\. 1 → antal« skal være mindst 2/],
    ['a count in words', ['antal: 5', 'antal: fem'], /»klippekort → nr\. 1 → antal« skal være et tal, fx 5/],
    ['a price with »kr.«', ['pris_kr: 3825', 'pris_kr: 3825 kr.'], /»klippekort → nr\. 1 → pris_kr« skal være et tal uden »kr\.«/],
    ['no validity', ['    gyldig_maaneder: 6\n', ''], /»klippekort → nr\. 1 → gyldig_maaneder« skal være et antal måneder, fx 6/],
    ['a validity of three years', ['gyldig_maaneder: 6', 'gyldig_maaneder: 36'], /må højst være 24 måneder/],
    ['an id with capitals', ['id: klippekort-5', 'id: Klippekort 5'], /»klippekort → nr\. 1 → id« må kun have små bogstaver/],
    ['the id of a session', ['id: klippekort-5', 'id: coachingsamtale'], /står to gange \(»coachingsamtale«\) – hvert klippekort skal have sit eget id/],
    ['an unknown key', ['    gyldig_maaneder: 6\n', '    gyldig_maaneder: 6\n    rabat: 10\n'], /rabat/],
    ['a refund rule that is not ja or nej', ['klippekort_refusion_ved_udloeb: ja', 'klippekort_refusion_ved_udloeb: måske'], /skal være ja eller nej – ja: ubrugte klip betales tilbage/],
  ])('refuse %s in Danish, with the line', (_, [from, to], message) => {
    expect(FIXTURE).toContain(from)
    expect(errorsOf(FIXTURE.replace(from!, to!))).toMatch(message)
  })

  it('are listed by check:launch while samples', () => {
    const result = check(FIXTURE)
    if (!result.ok) throw new Error('fixture')
    expect(packageLaunchItems(result.value.packageTypes)).toEqual([{ what: 'klippekortet »Klippekort, 5 coachingsamtaler« (5 sessioner for 3.825 kr., gyldigt i 6 måneder) er et eksempel (eksempel: ja)', where: 'content/ydelser.yaml' }])
    const own = check(FIXTURE.replace(/(gyldig_maaneder: 6\n)    eksempel: ja\n/, '$1'))
    expect(own.ok && packageLaunchItems(own.value.packageTypes)).toEqual([])
  })
})

describe('the pro-rata share (one rounding for withdrawal and expiry)', () => {
  it.each([
    [382_500, 3, 5, 229_500],
    [100_000, 1, 3, 33_333],
    [100_000, 2, 3, 66_667],
    [85_001, 1, 2, 42_501],
    [382_500, 0, 5, 0],
    [382_500, 5, 5, 382_500],
  ])('%i øre, %i of %i unused: %i øre', (amount, unused, total, expected) => {
    expect(proRataOere(amount, unused, total)).toBe(expected)
  })
})
