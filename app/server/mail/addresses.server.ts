import { site } from '~/server/content/content.server'

/** Who the site's e-mails come from, and where the coach's copies go (contact and booking alike). */
export const sender = () => process.env.MAIL_FROM ?? `${site.name} <${site.email}>`
export const coachAddress = () => process.env.CONTACT_TO ?? site.email
/** Where the site's alerts to the coach go (booking closed, a calendar write given up): her own address first. */
export const coachAlertAddress = () => process.env.COACH_EMAIL?.trim() || coachAddress()
