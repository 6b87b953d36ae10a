import type { PackageType, SessionType } from '~/lib/content/content-types'
import { formatKroner } from '~/lib/payments/money'

const SERVICES_FILE = 'content/ydelser.yaml'
const ENVIRONMENT = 'miljøvariabler på serveren'

/**
 * What `npm run check:launch` says about paid sessions: every session still a shipped sample (by
 * name), and whether payment at booking is on (STRIPE_SECRET_KEY) with its webhook secret.
 */
export function paymentLaunchItems(types: readonly SessionType[], env: Record<string, string | undefined>, paymentServices: ReadonlyArray<{ name: string }> = []) {
  const items: Array<{ what: string; where: string }> = []
  for (const type of types.filter((candidate) => candidate.sample)) {
    items.push({ what: `sessionen »${type.name}« (${formatKroner(type.amountOere)}, ${type.minutes} minutter, betales ${type.payment === 'ved-booking' ? 'ved booking' : 'bagefter'}) er et eksempel (eksempel: ja)`, where: SERVICES_FILE })
  }
  const paidAtBooking = types.filter((type) => type.payment === 'ved-booking')
  if (paidAtBooking.length > 0 && !env.STRIPE_SECRET_KEY?.trim()) {
    items.push({ what: `STRIPE_SECRET_KEY er ikke sat – ${paidAtBooking.map((type) => `»${type.name}«`).join(', ')} kan bookes, men betales bagefter med et link fra skrivebordet (se vejledningen, afsnittet »Betaling med Stripe«)`, where: ENVIRONMENT })
  }
  if (env.STRIPE_SECRET_KEY?.trim() && !env.STRIPE_WEBHOOK_SECRET?.trim()) {
    items.push({ what: 'STRIPE_WEBHOOK_SECRET er ikke sat – Stripes besked om en betaling afvises; betalinger bliver kun registreret, når klienten kommer tilbage til siden, eller ved den løbende kontrol', where: ENVIRONMENT })
  }
  // The privacy policy names every service a course with a client uses: payments go through Stripe.
  if (env.STRIPE_SECRET_KEY?.trim() && !paymentServices.some((service) => /stripe/i.test(service.name))) {
    items.push({ what: 'privatlivspolitikken nævner ikke Stripe, som klienternes betalinger går igennem – skriv Stripe under »betaling«', where: 'content/privatliv.yaml' })
  }
  if (env.STRIPE_API_URL?.trim()) items.push({ what: `STRIPE_API_URL er sat (${env.STRIPE_API_URL}) – den er kun til test; slet den, så betalinger går til Stripe`, where: ENVIRONMENT })
  return items
}

/** What `npm run check:launch` says about klippekort: every one still a shipped sample, by name. */
export const packageLaunchItems = (packages: readonly PackageType[]) =>
  packages
    .filter((type) => type.sample)
    .map((type) => ({ what: `klippekortet »${type.name}« (${type.sessions} sessioner for ${formatKroner(type.amountOere)}, gyldigt i ${type.validMonths} måneder) er et eksempel (eksempel: ja)`, where: SERVICES_FILE }))
