import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Client, type Testimonial, clients, testimonials } from '#content/references'
import { site } from '#content/site'

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
  /** sha256 of the generated stand-in portrait (content/portrait.jpg). */
  portrait: '672b5845aa0252fb23900a1a91df44077a40da0fb1afa3b988388c5f9450666e',
}

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
const ENVIRONMENT = 'miljøvariabel på serveren'

export function launchPlaceholders({ site, clients, testimonials, portrait, env }: LaunchFacts): LaunchItem[] {
  const items: LaunchItem[] = []
  const flag = (still: boolean, what: string, where = SITE_FILE) => still && items.push({ what, where })

  flag(site.name === shipped.name, `navnet (${site.name}) er et eksempel`)
  flag(site.email === shipped.email, `e-mailadressen (${site.email}) er et eksempel`)
  flag(site.phone.href === shipped.phone, `telefonnummeret (${site.phone.display.replace(/\u00a0/g, ' ')}) er et eksempel`)
  flag(site.address.street === shipped.street, `adressen (${site.address.street}) er et eksempel – ret også geo og mapsUrl`)
  flag(site.cvr === shipped.cvr, `CVR-nummeret (${site.cvr}) er et eksempel`)
  flag(site.profiles.linkedin === shipped.linkedin, 'LinkedIn-profilen er et eksempel')
  flag(site.profiles.facebook === shipped.facebook, 'Facebook-profilen er et eksempel')

  const sampleClients = clients.filter((client) => client.sample).length
  const sampleTestimonials = testimonials.filter((testimonial) => testimonial.sample).length
  flag(sampleClients > 0, `${sampleClients} af kunderne under Referencer er eksempler (sample: true)`, 'content/references.ts')
  flag(sampleTestimonials > 0, `${sampleTestimonials} af udtalelserne under Referencer er eksempler (sample: true)`, 'content/references.ts')

  const portraitHash = portrait && createHash('sha256').update(portrait).digest('hex')
  flag(!portrait || portraitHash === shipped.portrait, 'portrættet er den tegnede pladsholder – læg et foto af dig selv her, og kør npm run images', 'content/portrait.jpg')

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
  return launchPlaceholders({ site, clients, testimonials, portrait, env: process.env })
}

export function describeLaunchItems(items: LaunchItem[]) {
  return items.map((item) => `- ${item.what} (${item.where})`).join('\n')
}
