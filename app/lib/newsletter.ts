import type { NewsletterStatus } from '~/lib/newsletter-status'

/**
 * "Få besked om nye artikler": what the answer page says about each outcome. A sign-up is
 * answered the same whether the address is new, waits for its confirmation or is confirmed
 * already: the page never tells a stranger whether someone follows the blog.
 */

/** Unconfirmed sign-ups are deleted after this many days (the privacy policy says so). */
export const UNCONFIRMED_RETENTION_DAYS = 3

export const newsletterAnswers: Record<NewsletterStatus, { title: string; text: string; refused?: true }> = {
  'tjek-din-mail': {
    title: 'Tjek din indbakke',
    text: `Hvis adressen ikke allerede er tilmeldt, har jeg sendt en e-mail med et link. Først når du har bekræftet via linket, får du besked om nye artikler. Bekræfter du ikke, slettes adressen efter ${UNCONFIRMED_RETENTION_DAYS} dage.`,
  },
  ugyldig: { title: 'Tjek e-mailadressen', text: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.', refused: true },
  'for-mange': { title: 'For mange forsøg', text: 'Der er sendt for mange tilmeldinger herfra på kort tid. Prøv igen om et kvarter.', refused: true },
  fejl: { title: 'Noget gik galt', text: 'Tilmeldingen kunne ikke gemmes lige nu. Prøv igen om lidt.', refused: true },
  bekraeftet: { title: 'Du er tilmeldt', text: 'Tak! Du får en e-mail, når der kommer en ny artikel. Hver e-mail har et link, så du kan afmelde dig igen.' },
  afmeldt: { title: 'Du er afmeldt', text: 'Du får ikke flere e-mails om nye artikler, og din e-mailadresse er slettet.' },
  'ugyldigt-link': {
    title: 'Linket virker ikke',
    text: `Linket er allerede brugt, eller det er udløbet (en tilmelding, der ikke bekræftes, slettes efter ${UNCONFIRMED_RETENTION_DAYS} dage). Du kan tilmelde dig igen nederst på bloggen.`,
    refused: true,
  },
}

/** An address that has not confirmed gets at most one confirmation an hour, however often it is typed in. */
export const CONFIRMATION_INTERVAL_MS = 60 * 60 * 1000
