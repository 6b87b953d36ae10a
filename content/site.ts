/**
 * The coach's own facts, kept in one place. Change a value here and every page, the footer,
 * the e-mails and the structured data follow.
 *
 * THE SITE SHIPS WITH EXAMPLE VALUES: the name, e-mail, phone, address, CVR and profile links below
 * are invented. `npm run check:launch` lists every one that has not been replaced yet.
 */
export const site = {
  name: 'Birgitte Holm',
  /** Used as the full page title of the home page and as the suffix of every other title. */
  tagline: 'Birgitte Holm - Din Personlige Coach',
  description:
    'Certificeret coach i Fredericia med over 20 års erfaring. Personlig udvikling, stresshåndtering, parcoaching og karrierecoaching – i Fredericia, Vejle og online.',
  keywords: [
    'coach Fredericia',
    'coaching Vejle',
    'personlig coach',
    'stresscoaching',
    'parcoaching',
    'teenagecoaching',
    'karrierecoaching',
  ],
  email: 'kontakt@holmcoaching.dk',
  // Non-breaking spaces keep the number on one line.
  phone: { display: '+45\u00a021\u00a043\u00a065\u00a087', href: 'tel:+4521436587' },
  phoneHours: 'Mandag–fredag kl. 9:00–17:00',
  address: {
    street: 'Brøndstedvej 14',
    postalCode: '7000',
    city: 'Fredericia',
    region: 'Brøndsted ved Vejle',
    country: 'DK',
  },
  geo: { latitude: 55.5658, longitude: 9.7402 },
  mapsUrl: 'https://www.openstreetmap.org/?mlat=55.5658&mlon=9.7402#map=15/55.5658/9.7402',
  cvr: '31 62 84 57',
  foundingYear: 2007,
  profiles: {
    linkedin: 'https://www.linkedin.com/in/birgitte-holm-coach',
    facebook: 'https://www.facebook.com/holmcoaching',
  },
  /** How long contact messages are kept before they are deleted (also stated in the privacy policy). */
  contactRetentionDays: 365,
} as const

export type Site = typeof site
