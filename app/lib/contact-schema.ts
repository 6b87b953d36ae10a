import * as z from 'zod/mini'
import {
  type ContactField,
  type ContactMessageData,
  type FieldErrors,
  type ServiceType,
  serviceTypeLabels,
} from '~/lib/contact'
import { NAME_PATTERN, PHONE_PATTERN, contactLimits, fieldHints } from '~/lib/field-rules'

// Zod compiles parsers with `new Function` unless told not to; the site's CSP forbids eval, and
// even zod's probe for it would be reported as a violation.
z.config({ jitless: true })

const serviceTypes = Object.keys(serviceTypeLabels) as [ServiceType, ...ServiceType[]]

// Control characters never belong in a form field; line breaks only in the message. A line break
// in a one-line field is also how e-mail header injection is attempted.
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/
const LINE_BREAK = /[\r\n]/
/**
 * Characters that show nothing themselves but change what the coach reads: direction overrides
 * and isolates (a name or a link shown backwards), zero-width characters and fillers (a word that
 * looks like another, a name that looks empty: U+3164, U+115F), soft hyphens, the invisible tag
 * characters, and the blank braille cell (U+2800), which is not formally "ignorable" but shows as
 * nothing. That is Unicode's whole Default_Ignorable_Code_Point set, except the variation selectors
 * a phone's emoji keyboard adds (❤️ is U+2764 U+FE0F). Refused in every free-text field, with a
 * message that says why.
 */
export const INVISIBLE_CHARS = /(?![\uFE00-\uFE0F])[\p{Default_Ignorable_Code_Point}\u2800]/u
export const invisibleMessage = (field: string) => `${field} indeholder usynlige tegn (fx retningstegn), som ikke kan sendes. Skriv teksten igen uden at indsætte den.`

/**
 * At most `max` characters as the browser counts them for `maxlength`: UTF-16 code units, which
 * is what String.length counts (zod's maxLength counts code points, so an emoji would count once
 * here and twice in the form).
 */
export const atMost = (max: number, message: string) => z.refine<string>((value) => value.length <= max, message)

const oneLine = (field: string, max: number) =>
  z
    .string(`${field} skal være tekst.`)
    .check(
      z.trim(),
      atMost(max, `${field} må højst være ${max} tegn.`),
      z.refine((value) => !CONTROL_CHARS.test(value) && !LINE_BREAK.test(value), `${field} indeholder ugyldige tegn.`),
      z.refine((value) => !INVISIBLE_CHARS.test(value), invisibleMessage(field)),
    )

const required = (field: string, max: number, missing: string) => oneLine(field, max).check(z.refine((value) => value.length > 0, missing))

/**
 * An address at a domain with æ, ø or å (an IDN such as anne@blåbær.dk) in the ASCII form every mail
 * server knows (anne@xn--blbr-roah.dk): checked, stored and written to in that form. The browser's
 * and Node's URL parser do the conversion. Only a domain of letters, digits, periods and hyphens is
 * converted; anything else stays as typed, for the e-mail check to refuse.
 */
export function withAsciiDomain(address: string) {
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1)
  if (at < 0 || /^[\x21-\x7E]*$/.test(domain) || !/^[\p{L}\p{M}\p{N}.-]+$/u.test(domain)) return address
  try {
    return `${address.slice(0, at)}@${new URL(`http://${domain}`).hostname}`
  } catch {
    return address
  }
}

// The same patterns as the form's HTML pattern attributes, which match the whole value.
const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v')
const namePattern = whole(NAME_PATTERN)
const phonePattern = whole(PHONE_PATTERN)
/** "www.eksempel.dk" is letters and periods too, but not a name: a name carries no address. */
const LOOKS_LIKE_DOMAIN = /\p{L}\.\p{L}{2,}/u

// An empty name or phone number also fails its pattern, but the "missing" message comes first, and
// only the first message of a field is shown (validateContact).
const personName = (field: string, missing: string, hint: string) =>
  required(field, contactLimits.firstName.maxLength, missing).check(z.refine((value) => namePattern.test(value) && !LOOKS_LIKE_DOMAIN.test(value), hint))

/** Optional unless the coach's file (content/site.yaml) asks for it; a number given must look like one. */
const phone = (isRequired: boolean) =>
  (isRequired ? required('Telefon', contactLimits.phone.maxLength, 'Skriv dit telefonnummer.') : oneLine('Telefon', contactLimits.phone.maxLength)).check(
    z.refine((value) => value === '' || phonePattern.test(value), fieldHints.phone),
  )

export const contactSchemaFor = ({ contactPhoneRequired }: { contactPhoneRequired: boolean }) => z.object({
  firstName: personName('Fornavn', 'Skriv dit fornavn.', fieldHints.firstName),
  lastName: personName('Efternavn', 'Skriv dit efternavn.', fieldHints.lastName),
  email: z.pipe(required('E-mail', contactLimits.email.maxLength, 'Skriv din e-mailadresse.').check(z.overwrite(withAsciiDomain)), z.email(fieldHints.email)),
  phone: z._default(phone(contactPhoneRequired), ''),
  serviceType: z._default(z.enum(['', ...serviceTypes], fieldHints.serviceType), ''),
  address: z._default(oneLine('Adresse', contactLimits.address.maxLength), ''),
  message: z
    .string('Beskeden skal være tekst.')
    .check(
      z.trim(),
      z.minLength(1, 'Skriv en besked.'),
      atMost(contactLimits.message.maxLength, `Beskeden må højst være ${contactLimits.message.maxLength} tegn.`),
      // Line breaks and tabs are not among CONTROL_CHARS: a message may have them.
      z.refine((value) => !CONTROL_CHARS.test(value), 'Beskeden indeholder ugyldige tegn.'),
      z.refine((value) => !INVISIBLE_CHARS.test(value), invisibleMessage('Beskeden')),
    ),
}) satisfies z.ZodMiniType<ContactMessageData> // the schema and the form's vocabulary describe one message

/** With the phone optional: the shape the booking and newsletter forms share; the contact form's own follows content/site.yaml. */
export const contactSchema = contactSchemaFor({ contactPhoneRequired: false })

/** The first Danish message for each field that failed (`schema`: the site's, unless a test builds one). */
export function validateContact(values: Record<string, unknown>, schema: typeof contactSchema = contactSchema) {
  const result = schema.safeParse(values)
  if (result.success) return { success: true as const, data: result.data }
  const fieldErrors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField
    fieldErrors[field] ??= issue.message
  }
  return { success: false as const, fieldErrors }
}

