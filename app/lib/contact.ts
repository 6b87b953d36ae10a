/**
 * The contact form's vocabulary, without zod: the route's search validation imports this and must
 * stay in every page's JavaScript, so the schema itself lives in contact-schema.ts.
 */

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

export type ContactMessageData = {
  firstName: string
  lastName: string
  email: string
  phone: string
  serviceType: ServiceType | ''
  address: string
  message: string
}
export type ContactField = keyof ContactMessageData
export const contactFields: ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'address', 'message']
export type FieldErrors = Partial<Record<ContactField, string>>

/** The hidden field that people never fill in and simple spam robots do. */
export const HONEYPOT_FIELD = 'website'

/** The outcome the form shows; 'sendt' also answers a filled honeypot, so robots learn nothing. */
export type ContactStatus = 'sendt' | 'ugyldig' | 'for-mange' | 'fejl'
export type ContactResult = { status: ContactStatus; fieldErrors?: FieldErrors }

export const contactStatusText = {
  sendt: 'Tak for din besked! Vi har sendt dig en bekræftelse på e-mail.',
  fejl: 'Der opstod en fejl ved afsendelse. Prøv venligst igen.',
  ugyldig: 'Beskeden blev ikke sendt. Ret venligst de markerede felter, og prøv igen.',
  'for-mange': 'Du har sendt flere beskeder på kort tid. Vent venligst et kvarter, og prøv igen – eller ring til mig på',
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
