import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { deskLinks, deskSessions } from '#db/schema'
import { isHttpsSite, isProduction } from '~/server/http/http'
import { hashToken } from '~/server/links/links.server'
import { hashAddress } from '~/server/limits/sender.server'
import { takeAttempts } from '~/server/limits/sender-limits.server'

/**
 * The coach's way in: a one-time link by e-mail, then a session cookie. Tokens exist only in the
 * e-mail and in her browser; the database keeps their SHA-256, so a copy of it opens nothing.
 */

const MINUTE = 60_000
export const LINK_LIFETIME_MS = 15 * MINUTE
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * MINUTE
/** A session's expiry slides at most this often, so reading the desk is not a write per page. */
const SLIDE_EVERY_MS = 60 * MINUTE

/** The one address a link goes to: COACH_EMAIL, or the coach's e-mail in content/site.yaml. */
export const coachSignInAddress = () => (process.env.COACH_EMAIL || site.email).trim().toLowerCase()

const newToken = () => randomBytes(32).toString('base64url')
/** Link and session tokens look like this; anything else is not looked up. */
export const isDeskToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value)

/** Where a link may lead after sign-in: a desk address, nothing else (no open redirect). */
export const deskDestination = (value: string | null | undefined) => (value && /^\/coach(\/[a-z0-9-]+){0,2}$/.test(value) ? value : '/coach')

export type LinkRequest = { status: 'sendt'; token?: string } | { status: 'for-mange' }

/**
 * A sign-in link is asked for. Every address is counted and answered alike; only the coach's gets
 * a token (to be e-mailed). Both limits count in limits/sender-limits.server.ts.
 */
export function requestSignInLink(db: Db, { address, ipHash, destination, now }: { address: string; ipHash: string; destination: string; now: Date }): LinkRequest {
  const addressHash = hashAddress(address.trim().toLowerCase())
  return db.$client
    .transaction((): LinkRequest => {
      const counted = [
        { action: 'desk-link' as const, senderHash: ipHash },
        { action: 'desk-address' as const, senderHash: addressHash },
      ]
      if (!takeAttempts(db, counted, now)) return { status: 'for-mange' }
      if (address.trim().toLowerCase() !== coachSignInAddress()) return { status: 'sendt' }
      const token = newToken()
      db.insert(deskLinks)
        .values({ tokenHash: hashToken(token), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS).toISOString(), destination: deskDestination(destination) })
        .run()
      return { status: 'sendt', token }
    })
    .immediate()
}

/** Whether a link would still sign in (the page shows its button); reading it uses nothing up. */
export function linkIsUsable(db: Db, token: string, now: Date) {
  if (!isDeskToken(token)) return false
  return db.select({ id: deskLinks.id }).from(deskLinks).where(usable(token, now)).get() !== undefined
}

const usable = (token: string, now: Date) => and(eq(deskLinks.tokenHash, hashToken(token)), isNull(deskLinks.usedAt), gt(deskLinks.expiresAt, now.toISOString()))

/**
 * Uses a link up and opens a session, in one transaction: a link works once, within 15 minutes.
 * Returns the session's token (for the cookie) and where to go, or undefined when refused.
 */
export function redeemSignInLink(db: Db, token: string, now: Date): { sessionToken: string; destination: string } | undefined {
  if (!isDeskToken(token)) return undefined
  return db.$client
    .transaction(() => {
      const link = db.update(deskLinks).set({ usedAt: now.toISOString() }).where(usable(token, now)).returning().get()
      if (!link) return undefined
      const sessionToken = newToken()
      db.insert(deskSessions)
        .values({ tokenHash: hashToken(sessionToken), createdAt: now.toISOString(), lastSeenAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString() })
        .run()
      return { sessionToken, destination: link.destination }
    })
    .immediate()
}

export type DeskSession = { id: number; token: string; slid: boolean }

/**
 * The session a cookie's token belongs to, if it is still valid. Its expiry slides 30 days from
 * now (at most once an hour); `slid` says the cookie should be sent again with the new lifetime.
 */
export function sessionOf(db: Db, token: string | undefined, now: Date): DeskSession | undefined {
  if (!token || !isDeskToken(token)) return undefined
  const session = db
    .select()
    .from(deskSessions)
    .where(and(eq(deskSessions.tokenHash, hashToken(token)), gt(deskSessions.expiresAt, now.toISOString())))
    .get()
  if (!session) return undefined
  const slid = now.getTime() - Date.parse(session.lastSeenAt) >= SLIDE_EVERY_MS
  if (slid) {
    db.update(deskSessions)
      .set({ lastSeenAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString() })
      .where(eq(deskSessions.id, session.id))
      .run()
  }
  return { id: session.id, token, slid }
}

/** Signs this browser out. */
export const endSession = (db: Db, id: number) => db.delete(deskSessions).where(eq(deskSessions.id, id)).run()

/** "Log ud på alle enheder": every session ends, so every cookie from before is refused. */
export const endAllSessions = (db: Db) => db.delete(deskSessions).run()

/**
 * The form token of a session: every desk form carries it, and a post without the right one is
 * refused (beside SameSite=Strict and the framework's origin check). Derived from the cookie's
 * token, so nothing more is stored.
 */
export const formTokenOf = (session: DeskSession) => createHmac('sha256', session.token).update('skrivebordets formularer').digest('base64url')

export function formTokenMatches(session: DeskSession, given: unknown) {
  const expected = Buffer.from(formTokenOf(session))
  const actual = Buffer.from(typeof given === 'string' ? given : '')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * The session cookie: strictly necessary, so no consent is asked (the privacy policy says so).
 * `__Host-`: only this host sets or reads it, on every path, over HTTPS. Where the site runs over
 * plain http outside production (`npm run dev` on a phone in the same network), a browser refuses
 * a Secure cookie, so the name without the prefix is used there.
 */
export const secureCookie = () => isProduction || isHttpsSite()
export const sessionCookieName = () => (secureCookie() ? '__Host-skrivebord' : 'skrivebord')

export function sessionCookie(token: string | undefined) {
  const lifetime = token === undefined ? 0 : SESSION_LIFETIME_MS / 1000
  return [`${sessionCookieName()}=${token ?? ''}`, 'Path=/', `Max-Age=${lifetime}`, 'HttpOnly', 'SameSite=Strict', ...(secureCookie() ? ['Secure'] : [])].join('; ')
}

/** The session token in a Cookie header, if there is one. */
export function sessionTokenIn(cookieHeader: string | null) {
  const name = sessionCookieName()
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}
