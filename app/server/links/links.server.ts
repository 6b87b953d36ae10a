import { createHash, createHmac, randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { databasePath } from '#db/database'

/**
 * The manage link's token is derived from the booking's public id with a server secret, so every
 * e-mail (the reminder days later, a retry) can carry the link while the database keeps only its
 * hash: a copy of the database alone opens no booking. The secret comes from BOOKING_LINK_SECRET,
 * or is made once and kept beside the database file (not inside it). Changing it voids old links.
 */
let secret: string | undefined

function linkSecret() {
  return (secret ??= process.env.BOOKING_LINK_SECRET || storedLinkSecret(databasePath()))
}

/** The secret kept beside the database file, made by whichever process needs it first. */
export function storedLinkSecret(databaseFile: string) {
  const file = join(dirname(databaseFile), 'booking-link-secret')
  try {
    // 'wx' fails when the file exists: two processes starting at once end up with the same secret.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(file, 'utf8').trim()
}

/** `purpose` keeps the links apart: a booking's token never opens anything else, nor the other way round. */
export const tokenWithSecret = (linkSecret: string, publicId: string, purpose = 'booking') =>
  createHmac('sha256', linkSecret).update(`${purpose}:${publicId}`).digest('base64url').slice(0, 32)

export const manageToken = (publicId: string) => tokenWithSecret(linkSecret(), publicId)

/** A link token of another purpose, from the same secret. */
const linkToken = (purpose: string, publicId: string) => tokenWithSecret(linkSecret(), publicId, purpose)

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const managePath = (publicId: string) => `/booking/${manageToken(publicId)}`

/** The site's public origin, as the e-mails must carry it (also from the coach's scripts). */
export const siteOrigin = () => (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '')

/** An address on the coach's desk, as her e-mails link to it (without a session it opens the sign-in). */
export const deskUrl = (path: string) => `${siteOrigin()}${path}`

export const manageUrl = (publicId: string) => `${siteOrigin()}${managePath(publicId)}`

/** Tokens look like this; anything else is not looked up at all. */
export const isTokenShaped = (value: string) => /^[A-Za-z0-9_-]{32}$/.test(value)

/** The newsletter's one-time confirmation link and its unsubscribe link. */
export const confirmToken = (publicId: string) => linkToken('nyhedsbrev-bekraeft', publicId)
export const unsubscribeToken = (publicId: string) => linkToken('nyhedsbrev-afmeld', publicId)

/** The order page's link (its withdrawal function, its receipt): like a booking's manage link, from the same secret. */
export const orderToken = (publicId: string) => linkToken('ordre', publicId)
export const orderUrl = (publicId: string) => `${siteOrigin()}/ordre/${orderToken(publicId)}`

/** A klippekort's page (what is left, booking the next session): like a booking's manage link, from the same secret. */
export const cardToken = (publicId: string) => linkToken('klippekort', publicId)
export const cardPath = (publicId: string) => `/klippekort/${cardToken(publicId)}`
export const cardUrl = (publicId: string) => `${siteOrigin()}${cardPath(publicId)}`

/** Fields no export hands on: hashes that open or trace something, and the outbox's claim. */
const SECRET_FIELDS = new Set(['ipHash', 'claimToken', 'manageTokenHash', 'confirmTokenHash', 'unsubscribeTokenHash', 'tokenHash', 'requestKey'])
/** The tokens of the site's live links, in an e-mail's text, HTML, headers or calendar file. */
const LIVE_LINK = /(\/booking\/|\/ordre\/|\/klippekort\/|\/nyhedsbrev\/(?:bekraeft|afmeld)\/|\/coach\/link\/)[A-Za-z0-9_-]{16,}/g

/**
 * An export as it may leave the site (the desk's »Eksportér«, contact:export): without the salted
 * IP hash, token hashes and claims, and every live link (manage, confirm, unsubscribe, sign-in)
 * replaced by `[link fjernet]`, so a forwarded file opens nothing. A calendar file's folded lines
 * are unfolded first, so a link split over two lines is found too.
 */
export function withoutSecrets<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('BEGIN:VCALENDAR') ? value.replace(/\r?\n[ \t]/g, '') : value).replace(LIVE_LINK, '$1[link fjernet]') as T
  if (Array.isArray(value)) return value.map(withoutSecrets) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_FIELDS.has(key)).map(([key, inner]) => [key, withoutSecrets(inner)])) as T
  }
  return value
}
