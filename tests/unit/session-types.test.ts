import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkYaml } from '~/server/content/content-file.server'
import { servicesFileSchema } from '~/server/content/content-schemas.server'
import { paymentLaunchItems } from '~/server/payments/payment-launch.server'

// The paid sessions in ydelser.yaml: one price, shown on /ydelser and charged; Danish messages
// with the line; samples and payment switched off named by check:launch.

const FIXTURE = readFileSync(join(import.meta.dirname, '../fixtures/content/ydelser.yaml'), 'utf8')
const check = (text: string) => checkYaml('ydelser.yaml', text, servicesFileSchema)

describe('session types', () => {
  it('make the price a service shows on /ydelser from the same number that is charged', () => {
    const result = check(FIXTURE)
    if (!result.ok) throw new Error(result.errors.join('\n'))
    const coaching = result.value.sessionTypes.find((type) => type.id === 'coachingsamtale')!
    expect(coaching).toMatchObject({ amountOere: 85_000, minutes: 60, payment: 'ved-booking', modes: ['fremmoede', 'video', 'telefon'], sample: true })
    expect(result.value.services.find((service) => service.id === 'personlig-udvikling')!.pricing).toEqual({ price: '850 kr. inkl. moms – Coachingsamtale, 60 min', duration: '60 minutter', sessionTypeIds: ['coachingsamtale'], sample: true })
    expect(result.value.sessionTypes.find((type) => type.id === 'parsamtale')).toMatchObject({ amountOere: 110_000, payment: 'bagefter' })
    expect(result.value.terms).toMatchObject({ cancelHours: 24, lateCancelRefundPercent: 50, noShowRefundPercent: 0 })
    // A changed price is another version of the terms: an order keeps the one it was bought under.
    const cheaper = check(FIXTURE.replace('pris_kr: 850', 'pris_kr: 800'))
    expect(cheaper.ok && cheaper.value.terms.version).not.toBe(result.value.terms.version)
  })

  it('refuse a second price for a priced service, an unknown service, a wrong payment and øre beyond two decimals, in Danish with the line', () => {
    const twice = check(FIXTURE.replace('      - Konkrete skridt mellem samtalerne\n', '      - Konkrete skridt mellem samtalerne\n    pris: 900 kr. inkl. moms pr. samtale\n'))
    expect(!twice.ok && twice.errors.join('\n')).toMatch(/linje \d+: »ydelser → nr\. 1 → pris« står også under »sessioner« – slet linjen »pris« her/)
    const unknown = check(FIXTURE.replace('ydelse: personlig-udvikling', 'ydelse: yoga'))
    expect(!unknown.ok && unknown.errors.join('\n')).toMatch(/nævner »yoga«, som ikke er en ydelse/)
    const payment = check(FIXTURE.replace('betaling: ved booking', 'betaling: kontant'))
    expect(!payment.ok && payment.errors.join('\n')).toMatch(/linje \d+: »sessioner → nr\. 1 → betaling« skal være »ved booking« eller »bagefter«/)
    const oere = check(FIXTURE.replace('pris_kr: 850', 'pris_kr: 850.505'))
    expect(!oere.ok && oere.errors.join('\n')).toMatch(/må højst have to decimaler/)
    const noTerms = check(FIXTURE.replace(/\nvilkaar:[\s\S]*$/, '\n'))
    expect(!noTerms.ok && noTerms.errors.join('\n')).toMatch(/kræver dine vilkår under »vilkaar«/)
  })

  it('are listed by check:launch while samples, and without STRIPE_SECRET_KEY it says they are paid afterwards', () => {
    const result = check(FIXTURE)
    if (!result.ok) throw new Error('fixture')
    const items = paymentLaunchItems(result.value.sessionTypes, {}).map((item) => item.what)
    expect(items).toEqual([
      'sessionen »Coachingsamtale, 60 min« (850 kr., 60 minutter, betales ved booking) er et eksempel (eksempel: ja)',
      'sessionen »Parsamtale, 90 min« (1.100 kr., 90 minutter, betales bagefter) er et eksempel (eksempel: ja)',
      'STRIPE_SECRET_KEY er ikke sat – »Coachingsamtale, 60 min« kan bookes, men betales bagefter med et link fra skrivebordet (se vejledningen, afsnittet »Betaling med Stripe«)',
    ])
    expect(paymentLaunchItems(result.value.sessionTypes, { STRIPE_SECRET_KEY: 'sk_live_x' }).map((item) => item.what)).toContain(
      'privatlivspolitikken nævner ikke Stripe, som klienternes betalinger går igennem – skriv Stripe under »betaling«',
    )
    expect(paymentLaunchItems(result.value.sessionTypes, { STRIPE_SECRET_KEY: 'sk_live_x' }, [{ name: 'Stripe' }]).map((item) => item.where)).not.toContain('content/privatliv.yaml')
    expect(paymentLaunchItems(result.value.sessionTypes, { STRIPE_SECRET_KEY: 'sk_live_x' }).map((item) => item.what)).toContain(
      'STRIPE_WEBHOOK_SECRET er ikke sat – Stripes besked om en betaling afvises; betalinger bliver kun registreret, når klienten kommer tilbage til siden, eller ved den løbende kontrol',
    )
  })
})
