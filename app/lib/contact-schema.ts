import { z } from 'zod'

/** SPEC 3: the service types; the empty value means "not specified". */
export const serviceTypeLabels = {
  'personlig-coaching': 'Personlig coaching',
  'teenager-coaching': 'Teenagecoaching',
  'stress-coaching': 'Stresscoaching',
  parcoaching: 'Parcoaching',
  virksomhed: 'Virksomhed – foredrag, workshops eller ledercoaching',
  andet: 'Andet',
} as const
export type ServiceType = keyof typeof serviceTypeLabels
const serviceTypes = Object.keys(serviceTypeLabels) as [ServiceType, ...ServiceType[]]

// Control characters never belong in a form field; line breaks only in the message. A line break
// in a one-line field is also how e-mail header injection is attempted.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/
const LINE_BREAK = /[\r\n]/

const oneLine = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} må højst være ${max} tegn.`)
    .refine((value) => !CONTROL_CHARS.test(value) && !LINE_BREAK.test(value), `${field} indeholder ugyldige tegn.`)

const required = (field: string, max: number, missing: string) => oneLine(field, max).refine((value) => value.length > 0, missing)

export const contactSchema = z.object({
  firstName: required('Fornavn', 100, 'Skriv dit fornavn.'),
  lastName: required('Efternavn', 100, 'Skriv dit efternavn.'),
  email: required('E-mail', 254, 'Skriv din e-mailadresse.').pipe(z.email('Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.')),
  phone: required('Telefon', 30, 'Skriv dit telefonnummer.').refine(
    (value) => /^\+?[0-9 ]+$/.test(value) && value.replace(/\D/g, '').length >= 8,
    'Skriv et gyldigt telefonnummer med mindst 8 cifre (kun tal, mellemrum og +).',
  ),
  serviceType: z.enum(['', ...serviceTypes], 'Vælg en af ydelserne på listen.').default(''),
  address: oneLine('Adresse', 200).default(''),
  message: z
    .string()
    .trim()
    .min(1, 'Skriv en besked.')
    .max(5000, 'Beskeden må højst være 5000 tegn.')
    .refine((value) => !CONTROL_CHARS.test(value.replace(/\t/g, ' ')), 'Beskeden indeholder ugyldige tegn.'),
})

export type ContactInput = z.input<typeof contactSchema>
export type ContactMessageData = z.output<typeof contactSchema>
export type ContactField = keyof ContactMessageData
export const contactFields = Object.keys(contactSchema.shape) as ContactField[]
export type FieldErrors = Partial<Record<ContactField, string>>

/** The hidden field that people never fill in and simple spam robots do. */
export const HONEYPOT_FIELD = 'website'

/** The first Danish message for each field that failed. */
export function validateContact(values: Record<string, unknown>) {
  const result = contactSchema.safeParse(values)
  if (result.success) return { success: true as const, data: result.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField
    fieldErrors[field] ??= issue.message
  }
  return { success: false as const, fieldErrors }
}

/** The outcome the form shows; 'sendt' also answers a filled honeypot, so robots learn nothing. */
export type ContactStatus = 'sendt' | 'ugyldig' | 'for-mange' | 'fejl'
export type ContactResult = { status: ContactStatus; fieldErrors?: FieldErrors }

export const contactStatusText = {
  sendt: 'Tak for din besked! Vi har sendt dig en bekræftelse på e-mail.',
  fejl: 'Der opstod en fejl ved afsendelse. Prøv venligst igen.',
  ugyldig: 'Beskeden blev ikke sendt. Ret venligst de markerede felter, og prøv igen.',
  'for-mange': 'Du har sendt flere beskeder på kort tid. Vent venligst et kvarter, og prøv igen – eller ring til mig.',
} satisfies Record<ContactStatus, string>

/** Without JavaScript only the names of the wrong fields travel in the URL; these say what to fix. */
export const fieldHints: Record<ContactField, string> = {
  firstName: 'Skriv dit fornavn (højst 100 tegn).',
  lastName: 'Skriv dit efternavn (højst 100 tegn).',
  email: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.',
  phone: 'Skriv et gyldigt telefonnummer med mindst 8 cifre (kun tal, mellemrum og +).',
  serviceType: 'Vælg en af ydelserne på listen.',
  address: 'Adressen må højst være 200 tegn og kun stå på én linje.',
  message: 'Skriv en besked på højst 5000 tegn.',
}
