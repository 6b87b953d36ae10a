import { z } from 'zod'
import type { PrivacyFacts, TransferBasis } from '~/lib/content/privacy-facts'
import { https, sampleMark, text, wholeNumber } from '~/server/content/content-schemas.server'

/**
 * content/privatliv.yaml: the privacy policy's facts, Danish keys in the file, PrivacyFacts out.
 * Each message says what is wrong and what to write; checkYaml adds the file, the line and the key.
 */

/** Bookkeeping records are kept 5 years from the end of the financial year: the law's, not hers to change (bogføringsloven § 10). */
export const BOOKKEEPING_YEARS = 5

const transfer = z.enum(['dpf', 'scc'], { error: 'skal være dpf (certificeret under EU–US Data Privacy Framework) eller scc (standardkontraktbestemmelser i databehandleraftalen)' }) satisfies z.ZodType<TransferBasis>

const isoDay = z
  .union([z.string(), z.date()], { error: 'mangler – skriv datoen som år-måned-dag i anførselstegn, fx "2026-11-23"' })
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
  .pipe(z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, 'skal være en dato som år-måned-dag, fx "2026-11-23"'))

const processor = { navn: text('Eksempel Hosting ApS', 120), sted: text('Danmark', 60) }

export const privacyFileSchema = z
  .strictObject({
    opdateret: isoDay,
    mailtjeneste: z.strictObject({
      ...processor,
      firma: text('Resend, Inc.', 120),
      overfoersel: transfer,
      databehandleraftale: https('https://resend.com/legal/dpa'),
      log_dage: wholeNumber('30', 1, 3650),
      eksempel: sampleMark,
    }),
    hosting: z.strictObject(processor),
    indbakke: z.strictObject(processor),
    sikkerhedskopi_uden_for_serveren: z.strictObject({ ...processor, eksempel: sampleMark }).optional(),
    betaling: z
      .strictObject({
        ...processor,
        firma: text('Stripe Payments Europe Ltd.', 120),
        videre_til: z.strictObject({ firma: text('Stripe, Inc.', 120), sted: text('USA', 60), overfoersel: transfer }).optional(),
        eksempel: sampleMark,
      })
      .optional(),
    klienttjenester: z
      .array(z.strictObject({ formaal: text('videosamtaler', 80), ...processor, firma: text('Zoom Communications, Inc.', 120), overfoersel: transfer.optional() }))
      .max(10)
      .optional(),
    kalender: z.strictObject({ ...processor, firma: text('Google Ireland Limited', 120), overfoersel: transfer.optional(), eksempel: sampleMark }).optional(),
    slettes_efter: z.strictObject({
      log_dage: wholeNumber('30', 1, 365),
      sikkerhedskopier_dage: wholeNumber('30', 1, 365),
      klientnotater_aar: wholeNumber('5', 0, 30),
      bookinger_dage: wholeNumber('90', 1, 3650),
    }),
  })
  .transform(
    (file): PrivacyFacts => ({
      updated: file.opdateret,
      mailProvider: {
        name: file.mailtjeneste.navn,
        company: file.mailtjeneste.firma,
        location: file.mailtjeneste.sted,
        transfer: file.mailtjeneste.overfoersel,
        dpaUrl: file.mailtjeneste.databehandleraftale,
        logDays: file.mailtjeneste.log_dage,
        ...(file.mailtjeneste.eksempel ? { sample: true as const } : {}),
      },
      hosting: { name: file.hosting.navn, location: file.hosting.sted },
      mailbox: { name: file.indbakke.navn, location: file.indbakke.sted },
      backupHost: file.sikkerhedskopi_uden_for_serveren && {
        name: file.sikkerhedskopi_uden_for_serveren.navn,
        location: file.sikkerhedskopi_uden_for_serveren.sted,
        ...(file.sikkerhedskopi_uden_for_serveren.eksempel ? { sample: true as const } : {}),
      },
      paymentProvider: file.betaling && {
        name: file.betaling.navn,
        company: file.betaling.firma,
        location: file.betaling.sted,
        ...(file.betaling.videre_til ? { transferTo: { company: file.betaling.videre_til.firma, location: file.betaling.videre_til.sted, transfer: file.betaling.videre_til.overfoersel } } : {}),
        ...(file.betaling.eksempel ? { sample: true as const } : {}),
      },
      clientServices: file.klienttjenester?.map((service) => ({
        purpose: service.formaal,
        name: service.navn,
        company: service.firma,
        location: service.sted,
        ...(service.overfoersel ? { transfer: service.overfoersel } : {}),
      })),
      calendarProvider: file.kalender && {
        name: file.kalender.navn,
        company: file.kalender.firma,
        location: file.kalender.sted,
        ...(file.kalender.overfoersel ? { transfer: file.kalender.overfoersel } : {}),
        ...(file.kalender.eksempel ? { sample: true as const } : {}),
      },
      logRetentionDays: file.slettes_efter.log_dage,
      backupRetentionDays: file.slettes_efter.sikkerhedskopier_dage,
      clientNotesYears: file.slettes_efter.klientnotater_aar,
      bookkeepingYears: BOOKKEEPING_YEARS,
      bookingRetentionDays: file.slettes_efter.bookinger_dage,
    }),
  )
