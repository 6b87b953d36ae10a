import type { contactStatuses } from '~/lib/contact-status'

/** The contact form's vocabulary, without zod (the schema itself lives in contact-schema.ts). */

/** The service types a visitor can choose; the empty value means "not specified". */
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

/**
 * The spam trap's field name lives with its component, so the newsletter's small form on /blog loads
 * the trap without the contact form's vocabulary.
 */
export { HONEYPOT_FIELD } from '~/components/ui/honeypot'

/**
 * The outcome the form shows, told honestly: 'sendt' when the message is stored and the
 * confirmation e-mail has gone out, 'modtaget' when it is stored and the e-mails follow later
 * (a filled honeypot gets 'modtaget' too, so robots learn nothing).
 */
export type ContactStatus = (typeof contactStatuses)[number]
export type ContactResult = { status: ContactStatus; fieldErrors?: FieldErrors }
/**
 * A refused plain (no-JavaScript) post, rendered again on the page that answers it: the outcome and
 * everything the visitor typed, so nothing is lost and nothing personal goes into a URL.
 */
export type ContactDraft = { result: ContactResult; values: Partial<Record<ContactField, string>> }

export const isReceived = (status: ContactStatus | undefined) => status === 'sendt' || status === 'modtaget'

export const contactStatusText = {
  sendt: 'Tak for din besked! Jeg har modtaget den og sendt dig en bekræftelse på e-mail. Du hører fra mig inden for én hverdag.',
  modtaget: 'Tak for din besked! Jeg har modtaget den, og du hører fra mig inden for én hverdag.',
  fejl: 'Der opstod en fejl ved afsendelse. Prøv venligst igen.',
  ugyldig: 'Beskeden blev ikke sendt. Ret venligst de markerede felter, og prøv igen.',
  'for-mange': 'Du har sendt flere beskeder på kort tid. Vent venligst et kvarter, og prøv igen – eller ring til mig på',
} satisfies Record<ContactStatus, string>
