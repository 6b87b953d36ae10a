import type { BookingMode } from '~/lib/booking/availability-schema'
import type { BookingStatus } from '~/lib/booking/booking-status'
import { NAME_PATTERN, PHONE_PATTERN, contactLimits, fieldHints } from '~/lib/contact'

/** The booking form's vocabulary, without zod (the pages import it; the schema is booking-schema.ts). */

export const bookingFields = ['navn', 'email', 'telefon', 'form', 'besked'] as const
export type BookingField = (typeof bookingFields)[number]
export type BookingFieldErrors = Partial<Record<BookingField, string>>

export const modeLabels: Record<BookingMode, string> = {
  telefon: 'Telefon – jeg ringer til dig',
  video: 'Video – du får et link i mailen',
  fremmoede: 'Fremmøde i Fredericia',
}

export const bookingLimits = {
  navn: { maxLength: 100 },
  email: contactLimits.email,
  telefon: contactLimits.phone,
  besked: { maxLength: 500 },
} as const

export { NAME_PATTERN, PHONE_PATTERN }

export const bookingHints: Record<BookingField, string> = {
  navn: 'Skriv dit navn med bogstaver, fx Anne-Marie Jensen (højst 100 tegn).',
  email: fieldHints.email,
  telefon: fieldHints.phone,
  form: 'Vælg, hvordan vi skal tale sammen.',
  besked: 'Skriv højst 500 tegn.',
}

/** What a post without JavaScript is told, by the status in the redirect's query. */
export const bookingStatusText: Record<BookingStatus, string> = {
  'tjek-email': 'Tak! Tjek din e-mail: jeg har sendt en bekræftelse til den adresse, du skrev, med et link, hvor du kan se, flytte eller aflyse samtalen. Kommer der ingen e-mail inden for et par minutter, så kig i spam-mappen.',
  flyttet: 'Din samtale er flyttet. Du får en ny kalenderinvitation på e-mail.',
  'samme-tid': 'Samtalen ligger allerede på det tidspunkt, så intet er ændret.',
  aflyst: 'Din samtale er aflyst. Du får en bekræftelse på e-mail.',
  ugyldig: 'Bookingen blev ikke gemt. Ret venligst de markerede felter, og prøv igen.',
  taget: 'Tiden blev netop taget. Vælg venligst en anden tid.',
  'for-mange': 'Der er prøvet at booke mange gange fra din forbindelse i dag. Prøv igen i morgen, eller skriv til mig via kontaktformularen.',
  'for-sent': 'Samtalen ligger så tæt på, at den ikke længere kan ændres her. Ring eller skriv til mig i stedet.',
  'for-mange-flytninger': 'Samtalen er flyttet det antal gange, der er muligt her. Ring eller skriv til mig, hvis den skal flyttes igen.',
  'ikke-ledig': 'Den tid kan ikke længere bookes. Vælg venligst en anden.',
  lukket: 'Det er ikke muligt at booke en tid her lige nu. Skriv eller ring til mig i stedet.',
  fejl: 'Der opstod en fejl, og intet blev gemt. Prøv venligst igen.',
}
