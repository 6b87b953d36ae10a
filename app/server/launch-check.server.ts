import { readFileSync } from 'node:fs'
import { type Client, type Testimonial, clients, testimonials } from '#content/references'
import { site } from '#content/site'
import { availabilityLaunchItems } from '~/server/booking/availability.server'

/**
 * What must be replaced before the site goes live: the stand-ins it ships with, recognised by
 * their values, so replacing a value is all the coach has to do. Used by `npm run check:launch`
 * and by the production server, which names them in one warning at start.
 */
const shipped = {
  name: 'Birgitte Holm',
  email: 'kontakt@holmcoaching.dk',
  emailDomain: 'holmcoaching.dk',
  phone: 'tel:+4521436587',
  street: 'Brøndstedvej 14',
  cvr: '31 62 84 57',
  linkedin: 'https://www.linkedin.com/in/birgitte-holm-coach',
  facebook: 'https://www.facebook.com/holmcoaching',
}

/**
 * The generated stand-in portrait carries this in its EXIF description (scripts/lib/portrait.ts),
 * so it is known by its bytes, without an image library on the server.
 */
export const STAND_IN_PORTRAIT_MARKER = 'coach-site stand-in portrait: replace with a photo of the coach'

export type LaunchItem = { what: string; where: string }

export type LaunchFacts = {
  site: {
    name: string
    email: string
    phone: { display: string; href: string }
    address: { street: string }
    cvr: string
    profiles: { linkedin: string; facebook: string }
  }
  clients: readonly Client[]
  testimonials: readonly Testimonial[]
  portrait: Buffer | undefined
  env: Record<string, string | undefined>
}

const SITE_FILE = 'content/site.ts'
const ENVIRONMENT = 'miljøvariabler på serveren'

export function launchPlaceholders({ site, clients, testimonials, portrait, env }: LaunchFacts): LaunchItem[] {
  const items: LaunchItem[] = []
  const flag = (still: boolean, what: string, where = SITE_FILE) => still && items.push({ what, where })

  flag(site.name === shipped.name, `navnet (${site.name}) er et eksempel`)
  flag(site.email === shipped.email, `e-mailadressen (${site.email}) er et eksempel`)
  flag(site.phone.href === shipped.phone, `telefonnummeret (${site.phone.display.replace(/\u00a0/g, ' ')}) er et eksempel`)
  flag(site.address.street === shipped.street, `adressen (${site.address.street}) er et eksempel – ret også region, geo og mapsUrl`)
  flag(site.cvr === shipped.cvr, `CVR-nummeret (${site.cvr}) er et eksempel`)
  flag(site.profiles.linkedin === shipped.linkedin, 'LinkedIn-profilen er et eksempel')
  flag(site.profiles.facebook === shipped.facebook, 'Facebook-profilen er et eksempel')

  const sampleClients = clients.filter((client) => client.sample).length
  const sampleTestimonials = testimonials.filter((testimonial) => testimonial.sample).length
  flag(sampleClients > 0, `${sampleClients} af kunderne under Referencer er eksempler (sample: true)`, 'content/references.ts')
  flag(sampleTestimonials > 0, `${sampleTestimonials} af udtalelserne under Referencer er eksempler (sample: true)`, 'content/references.ts')

  flag(!portrait || portrait.includes(STAND_IN_PORTRAIT_MARKER), 'portrættet er den tegnede pladsholder – læg et foto af dig selv her (stående, mindst 960 px bredt), og kør npm run images og npm run build', 'content/portrait.jpg')

  const siteUrl = env.SITE_URL ?? ''
  flag(!/^https:\/\//.test(siteUrl) || /localhost|127\.0\.0\.1/.test(siteUrl), `SITE_URL er ${siteUrl ? `»${siteUrl}«` : 'ikke sat'} – sæt den til sidens rigtige adresse, fx https://www.ditnavn.dk`, ENVIRONMENT)
  flag(!env.RESEND_API_KEY, 'RESEND_API_KEY er ikke sat – uden den når e-mails ikke frem, de lægges kun i udbakke-mappen', ENVIRONMENT)
  const mailFrom = env.MAIL_FROM ?? ''
  flag(
    !mailFrom || mailFrom.toLowerCase().includes(shipped.emailDomain),
    `MAIL_FROM er ${mailFrom ? `»${mailFrom}«` : 'ikke sat'} – brug en afsender på dit eget domæne, som er bekræftet hos Resend`,
    ENVIRONMENT,
  )
  return items
}

/** The facts of this installation: the content files and this process's environment. */
export function currentLaunchPlaceholders() {
  let portrait: Buffer | undefined
  try {
    portrait = readFileSync('content/portrait.jpg')
  } catch {
    portrait = undefined
  }
  return [...launchPlaceholders({ site, clients, testimonials, portrait, env: process.env }), ...availabilityLaunchItems()]
}

/** The list grouped by the file (or setting) to change, as the coach works through it. */
export function describeLaunchItems(items: LaunchItem[]) {
  const places = [...new Set(items.map((item) => item.where))]
  return places
    .map((where) => [`${where}:`, ...items.filter((item) => item.where === where).map((item) => `  - ${item.what}`)].join('\n'))
    .join('\n\n')
}
