import { z } from 'zod'
import { type ContactField, type ContactMessageData, type FieldErrors, type ServiceType, serviceTypeLabels } from '~/lib/contact'

// Zod compiles parsers with `new Function` unless told not to; the site's CSP forbids eval, and
// even zod's probe for it would be reported as a violation.
z.config({ jitless: true })

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
}) satisfies z.ZodType<ContactMessageData> // the schema and the form's vocabulary describe one message

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

