import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { PackageType, PaymentTerms, SessionType } from '~/lib/content/content-types'
import { formatKroner } from '~/lib/payments/money'

/**
 * The coach's paid sessions and her terms, in content/ydelser.yaml beside her services: the price a
 * service shows on /ydelser is computed from the session that names it, and the same number (in
 * øre) is what Checkout charges. One fact in one file, so a shown and a charged price cannot differ.
 */

const MODES = { fremmoede: 'fremmoede', 'fremmøde': 'fremmoede', video: 'video', telefon: 'telefon' } as const

const name = (example: string, max = 80) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `mangler – skriv fx ${example}` : `skal være tekst, fx ${example}`) })
    .trim()
    .min(1, `er tom – skriv fx ${example}`)
    .max(max, `er for lang (højst ${max} tegn)`)

const kroner = z
  .number({ error: (issue) => (issue.input === undefined ? 'mangler – skriv prisen i kroner inkl. moms, fx 850' : 'skal være et tal uden »kr.« og uden anførselstegn, fx 850') })
  .positive('skal være mere end 0 kr.')
  .max(100_000, 'må højst være 100000 kr.')
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'må højst have to decimaler (øre), fx 850 eller 849.50')

const percent = (example: string) =>
  z.number({ error: `skal være et tal fra 0 til 100, fx ${example}` }).int(`skal være et helt tal, fx ${example}`).min(0, 'skal være mindst 0').max(100, 'må højst være 100')

const hours = z
  .string({ error: 'skal være et antal timer, fx »24 timer«' })
  .regex(/^\d{1,3} timer?$/, 'skal være et antal timer, fx »24 timer«')
  .transform((value) => Number.parseInt(value, 10))

export const sessionTypesSchema = z
  .array(
    z.strictObject({
      id: z.string({ error: 'mangler – skriv fx coachingsamtale' }).regex(/^[a-z0-9-]+$/, 'må kun have små bogstaver (a–z), tal og bindestreger, fx coachingsamtale'),
      navn: name('Coachingsamtale, 60 min'),
      ydelse: z.string({ error: 'skal være id’et på en af dine ydelser, fx personlig-udvikling' }).optional(),
      minutter: z.number({ error: 'skal være et tal, fx 60' }).int('skal være et helt tal, fx 60').min(15, 'skal være mindst 15').max(240, 'må højst være 240'),
      pris_kr: kroner,
      former: z.array(z.enum(Object.keys(MODES) as [keyof typeof MODES], { error: 'skal være fremmoede, video eller telefon' })).min(1, 'skal have mindst én form, fx [fremmoede, video]'),
      betaling: z.enum(['ved booking', 'bagefter'], { error: 'skal være »ved booking« eller »bagefter«' }),
      eksempel: z.enum(['ja', 'nej'], { error: 'skal være ja eller nej (slet linjen, når sessionen er din egen)' }).optional(),
    }),
  )
  .max(12, 'må højst have 12 sessioner')

export const paymentTermsSchema = z.strictObject({
  afbud_senest: hours,
  refusion_ved_sent_afbud_procent: percent('50'),
  refusion_ved_udeblivelse_procent: percent('0'),
  grund_til_forudbetaling: name('Tiden er reserveret til dig alene og kan ikke sælges igen med kort varsel.', 400),
  klager: name('Skriv til mig først; ellers kan du klage til Center for Klageløsning, naevneneshus.dk.', 600),
  // The safe design (PAYMENTS.md, betalingsloven § 96 unsettled): unused sessions back when a card expires.
  klippekort_refusion_ved_udloeb: z.enum(['ja', 'nej'], { error: 'skal være ja eller nej – ja: ubrugte klip betales tilbage, når kortet udløber' }).default('ja'),
})

/** Her klippekort: a number of one session's sessions at one price, valid some months from the purchase. */
export const packageTypesSchema = z
  .array(
    z.strictObject({
      id: z.string({ error: 'mangler – skriv fx klippekort-5' }).regex(/^[a-z0-9-]+$/, 'må kun have små bogstaver (a–z), tal og bindestreger, fx klippekort-5'),
      navn: name('Klippekort, 5 coachingsamtaler'),
      session: z.string({ error: 'mangler – skriv id’et på en af dine sessioner, fx coachingsamtale' }),
      antal: z.number({ error: 'skal være et tal, fx 5' }).int('skal være et helt tal, fx 5').min(2, 'skal være mindst 2 (én session købes som en session)').max(20, 'må højst være 20'),
      pris_kr: kroner,
      gyldig_maaneder: z.number({ error: 'skal være et antal måneder, fx 6' }).int('skal være et helt antal måneder, fx 6').min(1, 'skal være mindst 1 måned').max(24, 'må højst være 24 måneder'),
      eksempel: z.enum(['ja', 'nej'], { error: 'skal være ja eller nej (slet linjen, når klippekortet er dit eget)' }).optional(),
    }),
  )
  .max(6, 'må højst have 6 klippekort')

type PackageTypesFile = z.output<typeof packageTypesSchema>

export const toPackageTypes = (file: PackageTypesFile): PackageType[] =>
  file.map((type) => ({
    id: type.id,
    name: type.navn,
    sessionTypeId: type.session,
    sessions: type.antal,
    amountOere: Math.round(type.pris_kr * 100),
    validMonths: type.gyldig_maaneder,
    ...(type.eksempel === 'ja' ? { sample: true as const } : {}),
  }))

type SessionTypesFile = z.output<typeof sessionTypesSchema>
type TermsFile = z.output<typeof paymentTermsSchema>

export const toSessionTypes = (file: SessionTypesFile): SessionType[] =>
  file.map((type) => ({
    id: type.id,
    name: type.navn,
    serviceId: type.ydelse,
    minutes: type.minutter,
    amountOere: Math.round(type.pris_kr * 100),
    modes: [...new Set(type.former.map((mode) => MODES[mode]))],
    payment: type.betaling === 'ved booking' ? 'ved-booking' : 'bagefter',
    ...(type.eksempel === 'ja' ? { sample: true as const } : {}),
  }))

export function toPaymentTerms(file: TermsFile, types: readonly SessionType[], packages: readonly PackageType[] = []): PaymentTerms {
  const terms = {
    cancelHours: file.afbud_senest,
    lateCancelRefundPercent: file.refusion_ved_sent_afbud_procent,
    noShowRefundPercent: file.refusion_ved_udeblivelse_procent,
    prepaymentReason: file.grund_til_forudbetaling,
    complaints: file.klager,
    refundExpiredPackages: file.klippekort_refusion_ved_udloeb === 'ja',
  }
  // The version names the terms and every price in force: an order keeps the one it was bought under.
  const version = createHash('sha256').update(JSON.stringify({ terms, types: types.map(({ id, name, minutes, amountOere, payment }) => ({ id, name, minutes, amountOere, payment })), ...(packages.length > 0 ? { packages: packages.map(({ sample: _, ...type }) => type) } : {}) })).digest('hex').slice(0, 12)
  return { ...terms, version }
}

/** What /ydelser shows for a service whose price comes from its sessions. */
export const sessionPriceLine = (types: readonly SessionType[]) => types.map((type) => `${formatKroner(type.amountOere)} inkl. moms – ${type.name}`).join(' · ')
