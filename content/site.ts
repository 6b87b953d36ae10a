/**
 * The coach's own facts, kept in one place. Change a value here and every page, the footer,
 * the e-mails and the structured data follow.
 *
 * THE SITE SHIPS WITH EXAMPLE VALUES: the name, e-mail, phone, address, CVR and profile links below
 * are invented, each marked »EKSEMPEL«. `npm run check:launch` lists every one that has not been
 * replaced yet (it recognises the example values, so replacing the value is all it takes).
 */
const name = 'Birgitte Holm' // EKSEMPEL: skriv dit navn
const foundingYear = 2007

export const site = {
  name,
  /** Used as the full page title of the home page and as the suffix of every other title. */
  tagline: `${name} - Din Personlige Coach`,
  description:
    // The start year, not a count of years: a count written here goes stale every New Year.
    `Certificeret coach med egen praksis i Fredericia siden ${foundingYear}. Personlig udvikling, stresshåndtering, parcoaching og karrierecoaching – i Fredericia og online.`,
  keywords: [
    'coach Fredericia',
    'coaching Vejle',
    'personlig coach',
    'stresscoaching',
    'parcoaching',
    'teenagecoaching',
    'karrierecoaching',
  ],
  email: 'kontakt@holmcoaching.dk', // EKSEMPEL: skriv din egen
  // Non-breaking spaces keep the number on one line. EKSEMPEL: skriv dit eget nummer (begge steder).
  phone: { display: '+45\u00a021\u00a043\u00a065\u00a087', href: 'tel:+4521436587' },
  phoneHours: 'Mandag–fredag kl. 9.00–17.00',
  /** Skal man skrive sit telefonnummer i kontaktformularen? false: det er valgfrit (e-mailen er nok til at svare). */
  contactPhoneRequired: false,
  address: {
    street: 'Brøndstedvej 14', // EKSEMPEL: skriv din egen adresse (og region, geo og mapsUrl herunder)
    postalCode: '7000',
    city: 'Fredericia',
    region: 'Region Syddanmark',
    country: 'DK',
  },
  geo: { latitude: 55.5658, longitude: 9.7402 },
  mapsUrl: 'https://www.openstreetmap.org/?mlat=55.5658&mlon=9.7402#map=15/55.5658/9.7402',
  cvr: '31 62 84 57', // EKSEMPEL: skriv dit eget
  foundingYear,
  /** Where the coach trained and was certified: shown wherever the site says »certificeret«. */
  certifiedBy: 'Eksempel Coachakademi', // EKSEMPEL: skriv navnet på den uddannelse eller organisation, der har certificeret dig
  /** The ethical guidelines the coach works by, named wherever the site says she works by any. */
  ethics: 'Eksempel Coachakademis etiske retningslinjer', // EKSEMPEL: skriv navnet på de etiske regler, du arbejder efter, fx ICF's etiske regler
  profiles: {
    linkedin: 'https://www.linkedin.com/in/birgitte-holm-coach', // EKSEMPEL: skriv din egen profil
    facebook: 'https://www.facebook.com/holmcoaching', // EKSEMPEL: skriv din egen side
  },
  /** How long contact messages are kept before they are deleted (also stated in the privacy policy). */
  contactRetentionDays: 365,
} as const

export type Site = typeof site
