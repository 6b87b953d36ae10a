import type { ContactField } from '~/lib/contact'

/*
 * The rules of the fields a visitor types in, shared by the contact form and the booking form (and
 * their zod schemas): a module of their own, so a booking page loads them without the contact form's
 * vocabulary (its service types and outcome texts).
 */

/**
 * The bounds of each field, shared by the zod schema (the authority, on the server) and the
 * form's HTML attributes, so a browser without JavaScript stops the same mistakes before posting.
 * Patterns are written for both RegExp's `v` flag and HTML's pattern attribute (which uses it).
 */
export const contactLimits = {
  firstName: { maxLength: 100 },
  lastName: { maxLength: 100 },
  email: { maxLength: 254 },
  phone: { maxLength: 30 },
  address: { maxLength: 200 },
  message: { maxLength: 5000 },
} as const
/** Letters of any alphabet (æøå, é, ü …), spaces, hyphens, apostrophes and periods; nothing else. */
export const NAME_PATTERN = "[\\p{L}\\p{M}][\\p{L}\\p{M} '’.\\-]*"
/** 8–15 digits, optionally after + or 00, in groups separated by single spaces or hyphens. */
export const PHONE_PATTERN = '(\\+|00)?[0-9]([ \\-]?[0-9]){7,14}'

/** Without JavaScript only the names of the wrong fields travel in the URL; these say what to fix. */
export const fieldHints: Record<ContactField, string> = {
  firstName: 'Skriv dit fornavn med bogstaver, fx Anne-Marie eller O’Brien (højst 100 tegn).',
  lastName: 'Skriv dit efternavn med bogstaver, fx Jensen eller Due-Hansen (højst 100 tegn).',
  email: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.',
  phone: 'Skriv et telefonnummer på mindst 8 cifre, fx 12 34 56 78 eller +45 12 34 56 78.',
  serviceType: 'Vælg en af ydelserne på listen.',
  address: 'Adressen må højst være 200 tegn og kun stå på én linje.',
  message: 'Skriv en besked på højst 5000 tegn.',
}
