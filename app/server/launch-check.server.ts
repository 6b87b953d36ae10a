import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client, ServicePrice, Testimonial } from '~/lib/content/content-types'
import type { FirstPersonStory } from '~/lib/content/article-lists'
import type { PrivacyFacts } from '~/lib/content/privacy-facts'
import { type ContentFile, contentDir, contentFiles, contentStatus } from '~/server/content/content-file.server'
import { aboutFile, getFirstPersonStories, getPrivacy, getReferences, getServices, getSite } from '~/server/content/content.server'
import { formatInstant } from '~/lib/booking/time'
import { inGitWorkTreeNow } from '~/server/content/content-git.server'
import { type OffsiteBackup, lastOffsiteBackup, offsiteBackupLaunchItems } from '~/server/backup/offsite-backup.server'
import { type PortraitFiles, STAND_IN_PORTRAIT_MARKER, smallPortraitWarning } from '~/lib/portrait-sizes'
import { databasePath } from '#db/database'
import { getDb } from '#db/connection'
import { availabilityLaunchItems, rulesInForce } from '~/server/booking/availability.server'
import { type SourceState, storedSourceStates } from '~/server/calendar/busy-sources.server'
import { feedSecret } from '~/server/calendar/bookings-feed.server'
import { currentPortrait } from '~/server/images.server'
import { packageLaunchItems, paymentLaunchItems } from '~/server/payments/payment-launch.server'

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
  certifiedBy: 'Eksempel Coachakademi',
  hosting: 'Eksempel Hosting ApS',
  mailbox: 'Eksempel Mail A/S',
}

export type LaunchItem = { what: string; where: string }

export type LaunchFacts = {
  site: {
    name: string
    email: string
    phone: { display: string; href: string }
    address: { street: string }
    cvr: string
    vat: { registered: boolean; sample?: true }
    profiles: { linkedin: string; facebook: string }
    certifiedBy: string
  }
  privacy: Pick<PrivacyFacts, 'mailProvider' | 'hosting' | 'mailbox' | 'logRetentionDays' | 'backupHost' | 'paymentProvider'>
  clients: readonly Client[]
  testimonials: readonly Testimonial[]
  services: readonly { pricing: ServicePrice }[]
  portrait: Buffer | undefined
  /** What `npm run images` last made of the portrait (images.lock.json); undefined: nothing yet. */
  portraitFiles: Pick<PortraitFiles, 'source' | 'width'> | undefined
  env: Record<string, string | undefined>
}

/**
 * Free-mail domains: Resend sends only from a domain whose DNS the sender controls, so a sender
 * there cannot be verified (and its mail would be refused as forged).
 */
const FREE_MAIL = /@(?:gmail|googlemail|hotmail|outlook|live|msn|yahoo|ymail|icloud|me|mac|aol|gmx|proton|protonmail|mail|jubii|webspeed|ofir)\.(?:co\.)?[a-z]{2,3}>?$/i


const SITE_FILE = 'content/site.yaml'
const REFERENCES_FILE = 'content/referencer.yaml'
const SERVICES_FILE = 'content/ydelser.yaml'
const PRIVACY_FILE = 'content/privatliv.yaml'
const ENVIRONMENT = 'miljøvariabler på serveren'

export function launchPlaceholders({ site, privacy, clients, testimonials, services, portrait, portraitFiles, env }: LaunchFacts): LaunchItem[] {
  const items: LaunchItem[] = []
  const flag = (still: boolean, what: string, where = SITE_FILE) => still && items.push({ what, where })

  flag(site.name === shipped.name, `navnet (${site.name}) er et eksempel`)
  flag(site.email === shipped.email, `e-mailadressen (${site.email}) er et eksempel`)
  flag(site.phone.href === shipped.phone, `telefonnummeret (${site.phone.display.replace(/\u00a0/g, ' ')}) er et eksempel`)
  flag(site.address.street === shipped.street, `adressen (${site.address.street}) er et eksempel – ret også region, geo og mapsUrl`)
  flag(site.cvr === shipped.cvr, `CVR-nummeret (${site.cvr}) er et eksempel`)
  flag(
    site.vat.sample === true,
    `momsregistreringen (${site.vat.registered ? 'registreret' : 'ikke registreret'}) er et eksempel – kvitteringerne ${site.vat.registered ? 'viser moms' : 'siger, at du ikke er momsregistreret'}; tjek det, og slet linjen »eksempel: ja« under moms`,
  )
  flag(site.profiles.linkedin === shipped.linkedin, 'LinkedIn-profilen er et eksempel')
  flag(site.profiles.facebook === shipped.facebook, 'Facebook-profilen er et eksempel')
  flag(site.certifiedBy === shipped.certifiedBy, `certificeringen (${site.certifiedBy}) er et eksempel – skriv, hvor du er uddannet og certificeret`)

  // The privacy policy names these: a wrong one makes the policy untrue.
  const mail = privacy.mailProvider
  const basis = mail.transfer === 'dpf' ? 'EU–US Data Privacy Framework' : 'standardkontraktbestemmelserne (2021/914)'
  flag(
    mail.sample === true,
    `e-mailtjenesten (${mail.name}), overførselsgrundlaget (${basis}) og loggens ${mail.logDays} dage er eksempler – tjek dem i databehandleraftalen og på dataprivacyframework.gov, og slet »eksempel: ja«`,
    PRIVACY_FILE,
  )
  flag(
    privacy.hosting.name === shipped.hosting,
    `hostingudbyderen (${privacy.hosting.name}) er et eksempel – skriv din udbyder, og sørg for, at serverens log slettes efter ${privacy.logRetentionDays} dage`,
    PRIVACY_FILE,
  )
  flag(privacy.mailbox.name === shipped.mailbox, `e-mailudbyderen til din indbakke (${privacy.mailbox.name}) er et eksempel`, PRIVACY_FILE)
  flag(
    privacy.backupHost?.sample === true,
    `stedet for sikkerhedskopien uden for serveren (${privacy.backupHost?.name}) er et eksempel – skriv, hvor restic gemmer de krypterede kopier, og slet »eksempel: ja« (eller slet afsnittet, hvis du ikke tager kopier uden for serveren)`,
    PRIVACY_FILE,
  )
  flag(
    privacy.paymentProvider?.sample === true,
    `betalingstjenesten (${privacy.paymentProvider?.company}) er et eksempel – tjek i din Stripe-konto, hvilket Stripe-selskab din aftale er med, og slet »eksempel: ja« (eller slet afsnittet, hvis intet betales på siden)`,
    PRIVACY_FILE,
  )

  const sampleClients = clients.filter((client) => client.sample).length
  const sampleTestimonials = testimonials.filter((testimonial) => testimonial.sample).length
  flag(sampleClients > 0, `${sampleClients} af kunderne under Referencer er eksempler (eksempel: ja)`, REFERENCES_FILE)
  flag(sampleTestimonials > 0, `${sampleTestimonials} af udtalelserne under Referencer er eksempler (eksempel: ja)`, REFERENCES_FILE)

  const samplePrices = services.filter((service) => service.pricing.sample).length
  flag(samplePrices > 0, `${samplePrices} af priserne og samtalelængderne under Ydelser er eksempler (eksempel: ja)`, SERVICES_FILE)

  const standIn = !portrait || portrait.includes(STAND_IN_PORTRAIT_MARKER)
  flag(standIn, 'portrættet er den tegnede pladsholder – læg et foto af dig selv her (stående, mindst 960 px bredt), og kør npm run images', 'content/portrait.jpg')
  const portraitChanged = !!portrait && createHash('sha256').update(portrait).digest('hex') !== portraitFiles?.source
  flag(!standIn && portraitChanged, 'portrættet er skiftet, men siden viser stadig det gamle – kør npm run images', 'content/portrait.jpg')
  const small = portraitFiles && smallPortraitWarning(portraitFiles.width)
  flag(!standIn && !portraitChanged && small !== undefined, `${small}`, 'content/portrait.jpg')

  const siteUrl = env.SITE_URL ?? ''
  flag(!/^https:\/\//.test(siteUrl) || /localhost|127\.0\.0\.1/.test(siteUrl), `SITE_URL er ${siteUrl ? `»${siteUrl}«` : 'ikke sat'} – sæt den til sidens rigtige adresse, fx https://www.ditnavn.dk`, ENVIRONMENT)
  flag(!env.RESEND_API_KEY, 'RESEND_API_KEY er ikke sat – uden den når e-mails ikke frem, de lægges kun i udbakke-mappen', ENVIRONMENT)
  const mailFrom = env.MAIL_FROM ?? ''
  flag(
    !mailFrom || mailFrom.toLowerCase().includes(shipped.emailDomain),
    `MAIL_FROM er ${mailFrom ? `»${mailFrom}«` : 'ikke sat'} – brug en afsender på dit eget domæne, som er bekræftet hos Resend`,
    ENVIRONMENT,
  )
  flag(
    FREE_MAIL.test(mailFrom.trim()),
    `MAIL_FROM er »${mailFrom}«, en gratis e-mailtjeneste – Resend kan kun sende fra et domæne, du selv ejer og har bekræftet (fx kontakt@ditnavn.dk); mails fra en gmail- eller hotmail-adresse bliver afvist eller havner som spam`,
    ENVIRONMENT,
  )
  return items
}

/**
 * The coach's calendars: whether bookings reach hers, whether her busy times close slots, and
 * which source cannot be read now (from what the server last stored; never the secret address).
 */
export function calendarLaunchItems(env: Record<string, string | undefined>, states: SourceState[], provider: PrivacyFacts['calendarProvider'] = undefined): LaunchItem[] {
  const items: LaunchItem[] = []
  const secret = env.COACH_CALENDAR_SECRET?.trim() ?? ''
  // The privacy policy names the provider that keeps the bookings' copies: a calendar is configured, so it must be true.
  if ((secret || env.CALDAV_URL || env.BUSY_CALENDAR_URLS?.trim()) && (!provider || provider.sample)) {
    items.push({
      what: provider
        ? `din kalenders udbyder (${provider.name}) er et eksempel – skriv den, bookingerne kommer ind i, og slet »eksempel: ja«, når du har tjekket databehandleraftalen`
        : 'din kalenders udbyder er ikke skrevet – privatlivspolitikken skal nævne den, når bookingerne kommer ind i din kalender',
      where: PRIVACY_FILE,
    })
  }
  if (!secret && !env.CALDAV_URL) {
    items.push({ what: 'COACH_CALENDAR_SECRET og CALDAV_URL er ikke sat – bookingerne kommer ikke ind i din kalender (se vejledningen, afsnittet »Din kalender«)', where: ENVIRONMENT })
  } else if (secret && !feedSecret(env)) {
    items.push({ what: 'COACH_CALENDAR_SECRET er for kort – brug mindst 20 tilfældige tegn, fx fra openssl rand -hex 16', where: ENVIRONMENT })
  }
  if (!env.BUSY_CALENDAR_URLS?.trim() && !env.CALDAV_URL) {
    items.push({ what: 'BUSY_CALENDAR_URLS og CALDAV_URL er ikke sat – aftaler i din egen kalender lukker ikke for booking (se vejledningen, afsnittet »Din kalender«)', where: ENVIRONMENT })
  }
  for (const state of states.filter((source) => source.lastError !== null || source.stale)) {
    const since = state.goodAt ? `sidst læst ${formatInstant(new Date(state.goodAt))}` : 'aldrig læst'
    items.push({ what: `${state.label} kan ikke læses (${state.lastError ?? 'for gammel'}; ${since})${state.stale ? ' – booking viser ingen ledige tider, indtil den kan læses igen' : ''}`, where: ENVIRONMENT })
  }
  return items
}

/**
 * The facts of this installation: the content files and this process's environment. `root`: the
 * project folder, whose content/portrait.jpg is the coach's (a test passes a folder of its own).
 */
export function currentLaunchPlaceholders(root = process.cwd()) {
  let portrait: Buffer | undefined
  try {
    portrait = readFileSync(join(root, 'content/portrait.jpg'))
  } catch {
    // No file at all: left undefined, which the check names as the stand-in.
  }
  let states: SourceState[] = []
  let offsite: OffsiteBackup | undefined
  // No database yet: no calendar has been read, and the settings below still say what is missing.
  // getDb() also lets the content files fall back on their last good versions kept in the database.
  if (existsSync(databasePath())) {
    const db = getDb()
    states = storedSourceStates(db, rulesInForce(db).availability?.calendarMaxAgeMinutes ?? 180)
    offsite = lastOffsiteBackup(db)
  }
  const content = contentLaunchItems()
  // A file that was never good (and has no last good version): its mistakes are all there is to say.
  if (content.some((item) => item.broken)) return content.map(({ what, where }) => ({ what, where }))
  const site = getSite()
  const privacy = getPrivacy()
  const { clients, testimonials, testimonialCheck } = getReferences()
  return [
    ...content,
    ...launchPlaceholders({ site, privacy, clients, testimonials, services: getServices().services, portrait, portraitFiles: currentPortrait(), env: process.env }),
    ...claimsToConfirm({ stories: getFirstPersonStories(), testimonialCheck, ethics: site.ethics, clientServices: privacy.clientServices }),
    ...availabilityLaunchItems(),
    ...paymentLaunchItems(getServices().sessionTypes, process.env, [...(privacy.paymentProvider ? [privacy.paymentProvider] : []), ...(privacy.clientServices ?? [])]),
    ...packageLaunchItems(getServices().packageTypes),
    ...calendarLaunchItems(process.env, states, privacy.calendarProvider),
    ...offsiteBackupLaunchItems(offsite),
    ...contentHistoryLaunchItems(contentDir()),
  ]
}

/**
 * Her saves on the desk are commits when her content folder is a git work tree; without one the
 * files are still written, but no earlier version can be fetched back, and she should know.
 */
export function contentHistoryLaunchItems(dir: string): LaunchItem[] {
  if (inGitWorkTreeNow(dir)) return []
  return [{ what: 'det, du gemmer på skrivebordet, får ingen historik: mappen er ikke et git-repository, så en tidligere udgave kan ikke hentes frem igen (se docs/operations.md, »Indhold i git«)', where: 'content/' }]
}

/**
 * The content files as the server reads them (the same loader): each mistake with its line, and
 * whether the site shows the last good version meanwhile; her story and quotations while they are
 * the shipped example. `broken`: the file has never been good, so the site cannot show it at all.
 */
export function contentLaunchItems(files: readonly ContentFile<unknown>[] = contentFiles()): Array<LaunchItem & { broken?: true }> {
  const items: Array<LaunchItem & { broken?: true }> = []
  for (const file of files) {
    const where = `content/${file.name}`
    let status
    try {
      status = contentStatus(file)
    } catch (error) {
      items.push({ what: `filen kan ikke bruges, og der er ingen tidligere gyldig udgave – siden kan ikke vises, før fejlene er rettet:\n${(error as Error).message.split('\n').slice(1).map((line) => `    ${line}`).join('\n')}`, where, broken: true })
      continue
    }
    for (const error of status.errors) items.push({ what: `${error.replace(`${where}, `, '')} (siden viser den sidste gyldige udgave af filen, indtil fejlen er rettet)`, where })
    // A list that names an article no longer on the site: the pages leave it out, and she should know.
    const againstSite = status.errors.length === 0 && status.text !== undefined ? file.checkAgainstSite?.(status.text) : undefined
    if (againstSite && !againstSite.ok) for (const error of againstSite.errors) items.push({ what: `${error.replace(`${where}, `, '')} (siden springer den over)`, where })
    if (file === aboutFile && (status.value as { sample?: true }).sample) {
      items.push({ what: 'din historie på /om, afsnittet »Om mig« på forsiden og de tre citater med dit navn er et eksempel – skriv dine egne, og slet linjen »eksempel: ja«', where })
    }
  }
  return items
}

/** The shipped ethics line (content/site.yaml), recognised by its value like the stand-ins above. */
const SHIPPED_ETHICS = 'Eksempel Coachakademis etiske retningslinjer'

export type ClaimFacts = {
  stories: readonly FirstPersonStory[]
  testimonialCheck: { sample?: true }
  ethics: string
  clientServices: PrivacyFacts['clientServices']
}

/**
 * What the site states as fact that only the coach can vouch for (markedsføringsloven § 6 b, and the
 * privacy policy's recipients): stories in a client's own words, how testimonials are checked,
 * which ethical guidelines she works by, and which services a course uses. The mail provider's
 * transfer basis is in launchPlaceholders above, with the provider.
 */
export function claimsToConfirm({ stories, testimonialCheck, ethics, clientServices }: ClaimFacts): LaunchItem[] {
  const items: LaunchItem[] = []
  for (const story of stories.filter((candidate) => !candidate.confirmed)) {
    items.push({
      what: `artiklen ${story.slug} er skrevet med en klients egne ord – bekræft, at den er ægte, og at skribenten har sagt ja til, at den bruges (bekraeftet: ja), eller skriv i artiklen, at den er et eksempel, og slet dens linjer`,
      where: 'content/egne-ord.yaml',
    })
  }
  if (testimonialCheck.sample) {
    items.push({ what: 'teksten om, hvordan du sikrer, at udtalelserne er ægte, er et forslag – ret den, så den passer til det, du gør, og slet eksempel: ja', where: REFERENCES_FILE })
  }
  if (ethics === SHIPPED_ETHICS) items.push({ what: `de etiske retningslinjer (${ethics}) er et eksempel – skriv navnet på dem, du arbejder efter`, where: SITE_FILE })
  if (clientServices === undefined) {
    items.push({ what: 'skriv, hvilke tjenester du bruger til videosamtaler og fakturering (klienttjenester; »klienttjenester: []« hvis ingen), så privatlivspolitikken kan nævne dem', where: PRIVACY_FILE })
  }
  return items
}

/** The list grouped by the file (or setting) to change, as the coach works through it. */
export function describeLaunchItems(items: LaunchItem[]) {
  const places = [...new Set(items.map((item) => item.where))]
  return places
    .map((where) => [`${where}:`, ...items.filter((item) => item.where === where).map((item) => `  - ${item.what}`)].join('\n'))
    .join('\n\n')
}
