/**
 * The shapes of the coach's content (content/*.yaml, content/om.md) as the pages use them. The
 * files are read while the server runs (app/server/content/); only these types are shared with the
 * browser's code, never the facts: they reach a page as its data.
 */

export type Site = {
  name: string
  /** Used as the full page title of the home page and as the suffix of every other title. */
  tagline: string
  description: string
  keywords: readonly string[]
  email: string
  /** `display` keeps the number on one line (no-break spaces); `href` is the tel: link. */
  phone: { display: string; href: string }
  phoneHours: string
  /** Whether the contact form asks for a phone number. */
  contactPhoneRequired: boolean
  address: { street: string; postalCode: string; city: string; region: string; country: 'DK' }
  geo: { latitude: number; longitude: number }
  mapsUrl: string
  cvr: string
  /** Registered for moms: her receipts then show the amount without moms, the rate and the moms; otherwise no moms lines. */
  vat: { registered: boolean; sample?: true }
  foundingYear: number
  /** Where the coach trained and was certified: shown wherever the site says »certificeret«. */
  certifiedBy: string
  /** The ethical guidelines the coach works by. */
  ethics: string
  profiles: { linkedin: string; facebook: string }
  /** How long contact messages are kept before they are deleted (also stated in the privacy policy). */
  contactRetentionDays: number
  /** A message whose sender did not become a client is deleted this many days after it came. */
  enquiryRetentionDays: number
}

export type ServicePrice = { price: string; duration: string; sample?: true; /** The sessions the price comes from (booked on /book/<id>). */ sessionTypeIds?: readonly string[] }

export type Service = {
  id: string
  title: string
  summary: string
  description: string
  features: readonly string[]
  pricing: ServicePrice
}

export type ProcessStep = { title: string; text: string }

export type Services = {
  services: readonly Service[]
  homeSpecialtyIds: readonly string[]
  processSteps: readonly ProcessStep[]
  /** The sessions clients book (and pay for) on the site; a service's price on /ydelser comes from its sessions. */
  sessionTypes: readonly SessionType[]
  /** Klippekort she sells: a number of one session type's sessions, paid at once, valid for some months. */
  packageTypes: readonly PackageType[]
  terms: PaymentTerms
}

/** A klippekort (content/ydelser.yaml, »klippekort«): `sessions` of the session type `sessionTypeId` for `amountOere` incl. moms. */
export type PackageType = {
  id: string
  name: string
  sessionTypeId: string
  sessions: number
  amountOere: number
  validMonths: number
  sample?: true
}

/** A session the coach sells: its price in øre incl. moms, paid at booking (Stripe) or afterwards (a link from her desk). */
export type SessionType = {
  id: string
  name: string
  serviceId?: string
  minutes: number
  amountOere: number
  modes: ReadonlyArray<'telefon' | 'video' | 'fremmoede'>
  payment: 'ved-booking' | 'bagefter'
  sample?: true
}

/** Her terms for paid sessions (content/ydelser.yaml, »vilkaar«); `version` names them and the prices together. */
export type PaymentTerms = {
  cancelHours: number
  lateCancelRefundPercent: number
  noShowRefundPercent: number
  prepaymentReason: string
  complaints: string
  /** Whether a klippekort's unused sessions are paid back pro rata when it expires (»klippekort_refusion_ved_udloeb«). */
  refundExpiredPackages: boolean
  version: string
}

export type Client = { name: string; url?: string; sample?: true }
export type Testimonial = { quote: string; name: string; context: string; sample?: true }
export type References = { clients: readonly Client[]; testimonials: readonly Testimonial[]; testimonialCheck: { text: string; sample?: true } }

/** Her own story and words (content/om.md): /om, the home page's »Om mig« and the signed quotations. */
export type About = {
  heroTitle: string
  heroIntro: string
  /** The paragraphs of »Min historie« on /om. */
  story: readonly string[]
  pillars: readonly { title: string; text: string }[]
  experience: readonly string[]
  /** The paragraph under »Om mig« on the home page. */
  homeText: string
  quotes: { home: string; about: string; services: string }
  sample?: true
}

/** One question on the contact page (and in its FAQPage structured data). */
export type FaqEntry = { question: string; answer: string }
