import { z } from 'zod'
import type { About, FaqEntry, References, Services, Site } from '~/lib/content/content-types'
import type { CrisisLine, CrisisLineSet } from '~/lib/content/crisis-lines'
import { type ContentCheck, checkYaml, splitFrontMatter } from '~/server/content/content-file.server'
import { packageTypesSchema, paymentTermsSchema, sessionPriceLine, sessionTypesSchema, toPackageTypes, toPaymentTerms, toSessionTypes } from '~/server/payments/session-types.server'

/** Terms of a file without paid sessions: never shown as hers (the terms page needs sessions), only a type's filler. */
const DEFAULT_TERMS = { afbud_senest: 24, refusion_ved_sent_afbud_procent: 0, refusion_ved_udeblivelse_procent: 0, grund_til_forudbetaling: '–', klager: '–', klippekort_refusion_ved_udloeb: 'ja' as const }

/**
 * The schema of each of the coach's files: Danish keys in the file, the code's types out. Each
 * message says what is wrong and what to write; checkYaml adds the file, the line and the key.
 */

export const text = (example: string, max = 400) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `mangler – skriv fx ${example}` : `skal være tekst, fx ${example}`) })
    .trim()
    .min(1, `er tom – skriv fx ${example}`)
    .max(max, `er for lang (højst ${max} tegn)`)

export const longText = (what: string, max = 2000) => text(what, max)

/** ja/nej, as in booking.yaml (YAML 1.2 reads both as text). */
export const yesNo = z.enum(['ja', 'nej'], { error: 'skal være ja eller nej' }).transform((value) => value === 'ja')

/** `eksempel: ja` marks what ships as an example; deleting the line (or nej) makes it hers. */
export const sampleMark = z
  .enum(['ja', 'nej'], { error: 'skal være ja eller nej (slet linjen, når teksten er din egen)' })
  .optional()
  .transform((value) => (value === 'ja' ? (true as const) : undefined))

export const https = (example: string) =>
  text(example).refine((value) => /^https:\/\/[^\s]+\.[^\s]+$/.test(value), `skal være en adresse, der begynder med https://, fx ${example}`)

export const wholeNumber = (example: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `mangler – skriv et tal, fx ${example}` : `skal være et tal uden anførselstegn, fx ${example}`) })
    .int(`skal være et helt tal, fx ${example}`)
    .min(min, `skal være mindst ${min}`)
    .max(max, `må højst være ${max}`)

/** A Danish number as she writes it (+45 12 34 56 78, 12345678): shown with no-break spaces, called as tel:+45…. */
const phoneNumber = text('+45 12 34 56 78', 40).transform((value, ctx) => {
  const digits = value.replace(/[\s.-]/g, '')
  const national = /^(?:\+45|0045)?(\d{8})$/.exec(digits)
  if (!national) {
    ctx.addIssue({ code: 'custom', message: `er ikke et dansk telefonnummer (»${value}«) – skriv otte cifre, fx +45 12 34 56 78` })
    return z.NEVER
  }
  const groups = national[1]!.match(/\d{2}/g)!
  return { display: ['+45', ...groups].join('\u00a0'), href: `tel:+45${national[1]}` }
})

export const siteFileSchema = z
  .strictObject({
    navn: text('Birgitte Holm', 80),
    startaar: wholeNumber('2007', 1950, 2100),
    beskrivelse: text('Certificeret coach med egen praksis i Fredericia siden 2007. …', 300),
    soegeord: z.array(text('coach Fredericia', 60)).min(1).max(20),
    email: z
      .string({ error: 'mangler – skriv din e-mailadresse, fx kontakt@ditnavn.dk' })
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i, 'skal være en e-mailadresse, fx kontakt@ditnavn.dk'),
    telefon: phoneNumber,
    telefontider: text('Mandag–fredag kl. 9.00–17.00', 100),
    telefon_skal_udfyldes: yesNo,
    adresse: z.strictObject({
      gade: text('Brøndstedvej 14', 100),
      postnummer: z.union([z.string(), z.number()], { error: 'mangler – skriv fx "7000"' }).transform(String).pipe(z.string().regex(/^\d{4}$/, 'skal være fire cifre, fx "7000"')),
      by: text('Fredericia', 60),
      region: text('Region Syddanmark', 60),
    }),
    kort: z.strictObject({
      breddegrad: z.number({ error: 'skal være et tal med punktum, fx 55.5658' }).min(54).max(58, 'ligger ikke i Danmark (54–58)'),
      laengdegrad: z.number({ error: 'skal være et tal med punktum, fx 9.7402' }).min(8).max(16, 'ligger ikke i Danmark (8–16)'),
    }),
    cvr: z.union([z.string(), z.number()], { error: 'mangler – skriv dit CVR-nummer, fx 12 34 56 78' }).transform(String).pipe(z.string().trim().regex(/^\d{2} ?\d{2} ?\d{2} ?\d{2}$/, 'skal være otte cifre, fx 12 34 56 78')),
    // Whether her receipts carry moms lines (momsbekendtgørelsen § 58) or say she is not registered.
    moms: z.strictObject(
      { registreret: yesNo, eksempel: sampleMark },
      { error: 'mangler – skriv fx\n  moms:\n    registreret: nej' },
    ),
    certificeret_af: text('Eksempel Coachakademi', 120),
    etiske_regler: text("ICF's etiske regler", 160),
    linkedin: https('https://www.linkedin.com/in/ditnavn'),
    facebook: https('https://www.facebook.com/dinside'),
    kontaktbeskeder_slettes_efter_dage: wholeNumber('365', 30, 3650),
    henvendelser_uden_forloeb_slettes_efter_dage: wholeNumber('90', 14, 3650).default(90),
  })
  .refine((file) => file.henvendelser_uden_forloeb_slettes_efter_dage <= file.kontaktbeskeder_slettes_efter_dage, {
    path: ['henvendelser_uden_forloeb_slettes_efter_dage'],
    message: 'må ikke være længere end kontaktbeskeder_slettes_efter_dage – en henvendelse uden forløb gemmes kortere end en klients',
  })
  .transform(
    (file): Site => ({
      name: file.navn,
      tagline: `${file.navn} - Din Personlige Coach`,
      description: file.beskrivelse,
      keywords: file.soegeord,
      email: file.email,
      phone: file.telefon,
      phoneHours: file.telefontider,
      contactPhoneRequired: file.telefon_skal_udfyldes,
      address: { street: file.adresse.gade, postalCode: file.adresse.postnummer, city: file.adresse.by, region: file.adresse.region, country: 'DK' },
      geo: { latitude: file.kort.breddegrad, longitude: file.kort.laengdegrad },
      mapsUrl: `https://www.openstreetmap.org/?mlat=${file.kort.breddegrad}&mlon=${file.kort.laengdegrad}#map=15/${file.kort.breddegrad}/${file.kort.laengdegrad}`,
      cvr: file.cvr,
      vat: { registered: file.moms.registreret, ...(file.moms.eksempel ? { sample: true as const } : {}) },
      foundingYear: file.startaar,
      certifiedBy: file.certificeret_af,
      ethics: file.etiske_regler,
      profiles: { linkedin: file.linkedin, facebook: file.facebook },
      contactRetentionDays: file.kontaktbeskeder_slettes_efter_dage,
      enquiryRetentionDays: file.henvendelser_uden_forloeb_slettes_efter_dage,
    }),
  )

/**
 * A price for private clients includes VAT and says so (»inkl. moms«); one for companies may leave
 * it out and say so (»+ moms«) – markedsføringsloven and the price labelling rules.
 */
const price = text('850 kr. inkl. moms pr. samtale', 120).refine(
  (value) => /inkl\. moms|\+ moms/.test(value),
  'skal sige, om moms er med: skriv »inkl. moms« (til private) eller »+ moms« (til virksomheder), fx 850 kr. inkl. moms pr. samtale',
)

const SERVICE_IDS = ['personlig-udvikling', 'stresshaandtering', 'relationscoaching', 'karrierecoaching', 'ledercoaching', 'foredrag-og-workshops'] as const

export const servicesFileSchema = z
  .strictObject({
    ydelser: z
      .array(
        z.strictObject({
          id: z.string({ error: 'mangler – den står i filen fra start og må ikke ændres' }),
          titel: text('Personlig Udvikling', 80),
          kort: text('Bliv klogere på dine værdier …', 300),
          beskrivelse: longText('Står du ved en skillevej …', 1000),
          punkter: z.array(text('Afklaring af værdier og mål', 120)).min(1).max(8),
          // Left out when a session names the service: its price is then the session's (one fact).
          pris: price.optional(),
          varighed: text('60–90 minutter', 80).optional(),
          eksempel: sampleMark,
        }),
      )
      .min(1),
    forside: z.array(z.string()).min(1).max(6),
    forloeb: z.array(z.strictObject({ titel: text('Første samtale', 80), tekst: longText('En gratis og uforpligtende samtale …', 600) })).min(1).max(8),
    sessioner: sessionTypesSchema.default([]),
    klippekort: packageTypesSchema.default([]),
    vilkaar: paymentTermsSchema.optional(),
  })
  .superRefine((file, ctx) => {
    const ids = file.ydelser.map((service) => service.id)
    file.ydelser.forEach((service, index) => {
      if (!/^[a-z0-9-]+$/.test(service.id)) ctx.addIssue({ code: 'custom', path: ['ydelser', index, 'id'], message: 'må kun have små bogstaver (a–z), tal og bindestreger' })
      if (ids.indexOf(service.id) !== index) ctx.addIssue({ code: 'custom', path: ['ydelser', index, 'id'], message: `står to gange (»${service.id}«) – hver ydelse skal have sit eget id` })
    })
    const sessionIds = file.sessioner.map((type) => type.id)
    file.sessioner.forEach((type, index) => {
      if (sessionIds.indexOf(type.id) !== index) ctx.addIssue({ code: 'custom', path: ['sessioner', index, 'id'], message: `står to gange (»${type.id}«) – hver session skal have sit eget id` })
      if (type.ydelse !== undefined && !ids.includes(type.ydelse)) ctx.addIssue({ code: 'custom', path: ['sessioner', index, 'ydelse'], message: `nævner »${type.ydelse}«, som ikke er en ydelse – skriv et af: ${ids.join(', ')}` })
    })
    file.ydelser.forEach((service, index) => {
      const priced = file.sessioner.some((type) => type.ydelse === service.id)
      if (priced && service.pris !== undefined) ctx.addIssue({ code: 'custom', path: ['ydelser', index, 'pris'], message: 'står også under »sessioner« – slet linjen »pris« her: prisen på siden kommer fra sessionen, så den vist og den betalte pris altid er den samme' })
      if (!priced && service.pris === undefined) ctx.addIssue({ code: 'custom', path: ['ydelser', index], message: 'mangler en pris – skriv fx »pris: 850 kr. inkl. moms pr. samtale«, eller læg en session under »sessioner« med »ydelse: ' + service.id + '«' })
      if (!priced && service.varighed === undefined) ctx.addIssue({ code: 'custom', path: ['ydelser', index], message: 'mangler en varighed – skriv fx »varighed: 60–90 minutter«' })
    })
    const packageIds = file.klippekort.map((type) => type.id)
    file.klippekort.forEach((type, index) => {
      if (packageIds.indexOf(type.id) !== index || sessionIds.includes(type.id)) ctx.addIssue({ code: 'custom', path: ['klippekort', index, 'id'], message: `står to gange (»${type.id}«) – hvert klippekort skal have sit eget id, også forskelligt fra sessionernes` })
      const session = file.sessioner.find((candidate) => candidate.id === type.session)
      if (!session) ctx.addIssue({ code: 'custom', path: ['klippekort', index, 'session'], message: `nævner »${type.session}«, som ikke er en af dine sessioner – skriv et af: ${sessionIds.join(', ') || '(læg først en session under »sessioner«)'}` })
      else if (session.betaling !== 'ved booking') ctx.addIssue({ code: 'custom', path: ['klippekort', index, 'session'], message: `»${type.session}« betales bagefter – et klippekort betales ved køb, så vælg en session med »betaling: ved booking«` })
    })
    if (file.sessioner.length > 0 && !file.vilkaar) ctx.addIssue({ code: 'custom', path: ['sessioner'], message: 'kræver dine vilkår under »vilkaar« (afbud, refusion, grund til forudbetaling, klager) – se eksemplet i vejledningen' })
    file.forside.forEach((id, index) => {
      if (!ids.includes(id)) ctx.addIssue({ code: 'custom', path: ['forside', index], message: `nævner »${id}«, som ikke er en ydelse – skriv et af: ${ids.join(', ')}` })
    })
  })
  .transform((file): Services => {
    const sessionTypes = toSessionTypes(file.sessioner)
    const packageTypes = toPackageTypes(file.klippekort)
    return {
      services: file.ydelser.map((service) => {
        const own = sessionTypes.filter((type) => type.serviceId === service.id)
        const sample = service.eksempel || own.some((type) => type.sample)
        return {
          id: service.id,
          title: service.titel,
          summary: service.kort,
          description: service.beskrivelse,
          features: service.punkter,
          pricing: {
            price: own.length > 0 ? sessionPriceLine(own) : service.pris!,
            duration: own.length > 0 ? [...new Set(own.map((type) => `${type.minutes} minutter`))].join(' eller ') : service.varighed!,
            ...(own.length > 0 ? { sessionTypeIds: own.map((type) => type.id) } : {}),
            ...(sample ? { sample: true as const } : {}),
          },
        }
      }),
      homeSpecialtyIds: file.forside,
      processSteps: file.forloeb.map((step) => ({ title: step.titel, text: step.tekst })),
      sessionTypes,
      packageTypes,
      terms: toPaymentTerms(file.vilkaar ?? DEFAULT_TERMS, sessionTypes, packageTypes),
    }
  })

/** The ids the shipped file has: a new service is a code change (its anchor, its place in the contact form). */
export const knownServiceIds: readonly string[] = SERVICE_IDS

export const referencesFileSchema = z
  .strictObject({
    kunder: z.array(z.strictObject({ navn: text('Fredericia Tømrerforretning ApS', 120), link: https('https://www.eksempel.dk').optional(), eksempel: sampleMark })),
    udtalelser: z.array(
      z.strictObject({
        citat: longText('Efter tre samtaler kunne jeg igen se, hvad der var vigtigt for mig.', 800),
        navn: text('en klient på 42 år', 120),
        om: text('Personlig udvikling', 80),
        eksempel: sampleMark,
      }),
    ),
    sikring: z.strictObject({ tekst: longText('Udtalelserne er skrevet af klienter, som selv har sendt dem til mig …', 600), eksempel: sampleMark }),
  })
  .transform(
    (file): References => ({
      clients: file.kunder.map((client) => ({ name: client.navn, ...(client.link ? { url: client.link } : {}), ...(client.eksempel ? { sample: true as const } : {}) })),
      testimonials: file.udtalelser.map((entry) => ({ quote: entry.citat, name: entry.navn, context: entry.om, ...(entry.eksempel ? { sample: true as const } : {}) })),
      testimonialCheck: { text: file.sikring.tekst, ...(file.sikring.eksempel ? { sample: true as const } : {}) },
    }),
  )

export const aboutFrontMatterSchema = z.strictObject({
  overskrift: text('Hej, jeg er Birgitte Holm', 120),
  intro: text('Certificeret coach med hjertet i Fredericia …', 300),
  filosofi: z.array(z.strictObject({ titel: text('Empati', 60), tekst: longText('Du bliver mødt, som du er …', 600) })).min(1).max(6),
  erfaring: z.array(text('Certificeret coach, uddannet hos …', 200)).min(1).max(10),
  forside: longText('Jeg har arbejdet som coach siden 2007 …', 800),
  citater: z.strictObject({ forside: longText('Forandring begynder, når …', 400), om: longText('Du behøver ikke have alle svarene …', 400), ydelser: longText('Det handler ikke om at blive en anden …', 400) }),
  eksempel: sampleMark,
})

/** content/om.md: her story as paragraphs (blank lines between), the rest in the front matter. */
export function checkAboutText(file: string, source: string): ContentCheck<About> {
  const parts = splitFrontMatter(source)
  if (!parts) return { ok: false, errors: [`content/${file}, linje 1: filen skal begynde med en linje »---«, oplysningerne, en linje »---« og så din historie`] }
  const front = checkYaml(file, parts.yaml, aboutFrontMatterSchema, 1)
  const story = parts.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  const errors = front.ok ? [] : [...front.errors]
  if (story.length === 0) errors.push(`content/${file}, linje ${parts.bodyLine}: din historie mangler – skriv den under den sidste »---«, med en tom linje mellem afsnittene`)
  if (!front.ok || errors.length > 0) return { ok: false, errors }
  const about = front.value
  return {
    ok: true,
    value: {
      heroTitle: about.overskrift,
      heroIntro: about.intro,
      story,
      pillars: about.filosofi.map((pillar) => ({ title: pillar.titel, text: pillar.tekst })),
      experience: about.erfaring,
      homeText: about.forside,
      quotes: { home: about.citater.forside, about: about.citater.om, services: about.citater.ydelser },
      ...(about.eksempel ? { sample: true as const } : {}),
    },
  }
}

/** faq.yaml: the contact page's questions; {{foerste_samtale}} is the one sentence about the free first conversation. */
export const faqFileSchema = z
  .strictObject({
    faq: z
      .array(
        z.strictObject({
          spoergsmaal: text('Hvor lang tid varer en samtale?', 200),
          svar: longText('En samtale varer normalt 60–90 minutter.', 1200).refine(
            (value) => [...value.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].every((match) => match[1] === 'foerste_samtale'),
            'har en pladsholder, siden ikke kender – brug kun {{foerste_samtale}}',
          ),
        }),
      )
      .min(1)
      .max(20),
  })
  .transform(({ faq }): FaqEntry[] => faq.map((entry) => ({ question: entry.spoergsmaal, answer: entry.svar })))

/**
 * A help line's number as it should stand (70 201 201, 112, 116 111): shown with no-break spaces,
 * called as tel:+45… (eight digits) or as the short number itself.
 */
// YAML reads a number without spaces (112) as a number: it is the same digits.
const helpLineNumber = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text('70 201 201', 20)).transform((value, ctx) => {
  const digits = value.replace(/\s/g, '')
  if (!/^\d{3,8}$/.test(digits)) {
    ctx.addIssue({ code: 'custom', message: `er ikke et telefonnummer (»${value}«) – skriv cifrene, fx 70 201 201 eller 112` })
    return z.NEVER
  }
  return { display: value.trim().split(/\s+/).join('\u00a0'), href: digits.length === 8 ? `tel:+45${digits}` : `tel:${digits}` }
})

/** »alle dage kl. 11.00–5.00«: a no-break space after »kl.«, so the time never stands alone at the start of a line (no word joiners: a plain-text e-mail shows them). */
const openingHours = text('alle dage kl. 11.00–5.00', 80).transform((value) => value.replace(/kl\. /g, 'kl.\u00a0'))

const helpLine = z
  .strictObject({ navn: text('Livslinien', 80), nummer: helpLineNumber.optional(), tekst: longText('Anonym samtale, hvis du har selvmordstanker …', 300), aabent: openingHours.optional() })
  .transform((line): CrisisLine => ({ name: line.navn, ...(line.nummer ? { number: line.nummer } : {}), text: line.tekst, ...(line.aabent ? { hours: line.aabent } : {}) }))

/** kriselinjer.yaml: the four lines the site names (which reader gets which is fixed in app/lib/content/crisis-lines.ts). */
export const crisisLinesFileSchema = z
  .strictObject({ livslinien: helpLine, akut: helpLine, laegevagt: helpLine, boernetelefonen: helpLine })
  .transform((lines): CrisisLineSet => ({ livslinien: lines.livslinien, emergency: lines.akut, doctor: lines.laegevagt, boernetelefonen: lines.boernetelefonen }))
