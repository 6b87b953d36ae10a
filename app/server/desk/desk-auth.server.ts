import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { deskLinks, deskSessions, outbox } from '#db/schema'
import { isHttpsSite, isProduction } from '~/server/http/http'
import { hashToken } from '~/server/links/links.server'
import { hashAddress } from '~/server/limits/sender.server'
import { LIMIT_WINDOW_MS, forgetAttempts, takeAttempt } from '~/server/limits/sender-limits.server'
import { queueEffects } from '~/server/outbox/outbox.server'

/**
 * The coach's way in: a one-time link by e-mail, then a session cookie. Tokens exist only in the
 * e-mail and in her browser; the database keeps their SHA-256, so a copy of it opens nothing.
 */

const MINUTE = 60_000
export const LINK_LIFETIME_MS = 15 * MINUTE
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * MINUTE
/** A session's expiry slides at most this often, so reading the desk is not a write per page. */
const SLIDE_EVERY_MS = 60 * MINUTE

/** The one address a link goes to, as written: COACH_EMAIL, or the coach's e-mail in content/site.yaml. */
export const coachSignInAddress = () => (process.env.COACH_EMAIL || site.email).trim()
const isCoachAddress = (address: string) => address.trim().toLowerCase() === coachSignInAddress().toLowerCase()

const newToken = () => randomBytes(32).toString('base64url')
/** Link and session tokens look like this; anything else is not looked up. */
export const isDeskToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value)

/** Where a link may lead after sign-in: a desk address, nothing else (no open redirect). */
export const deskDestination = (value: string | null | undefined) => (value && /^\/coach(\/[a-z0-9-]+){0,2}$/.test(value) ? value : '/coach')

export type LinkRequest = { status: 'sendt'; effectKey: string } | { status: 'for-mange' }

/** What a desk-link row in the outbox keeps: never a token, never the address typed. */
export type DeskLinkFacts = { forCoach: boolean; asked: boolean; destination: string }

/**
 * A sign-in link is asked for. Every address does the same work and gets the same answer: the
 * sender is counted (DESK_LINKS_PER_SENDER an hour) and one desk-link row is queued in the outbox.
 * Whether a link is made, and whether it counts as one she did not ask for, is the worker's
 * business after the answer (`deskLinkHandler`). `asked`: the request came from a browser signed
 * in to the desk, so it is hers; any other request for her address is a link she may not have asked for.
 */
export function requestSignInLink(
  db: Db,
  { address, ipHash, destination, asked = false, now }: { address: string; ipHash: string; destination: string; asked?: boolean; now: Date },
): LinkRequest {
  const facts: DeskLinkFacts = { forCoach: isCoachAddress(address), asked, destination: deskDestination(destination) }
  const effectKey = `desk-link-${randomUUID()}`
  return db.$client
    .transaction((): LinkRequest => {
      if (takeAttempt(db, 'desk-link', ipHash, now) === undefined) return { status: 'for-mange' }
      queueEffects(db, [{ kind: 'desk-link', idempotencyKey: effectKey, payload: facts }], now)
      return { status: 'sendt', effectKey }
    })
    .immediate()
}

/** How long after the request a link is still worth sending (a retry after that sends nothing). */
const SEND_WITHIN_MS = LINK_LIFETIME_MS
/** A link stretched for a later request never lives longer than this after it was made. */
const LONGEST_LINK_MS = LIMIT_WINDOW_MS['desk-address'] + LINK_LIFETIME_MS

export type DeskLinkDecision = { send: true; token: string } | { send: false; reason: string }

/**
 * The worker's half of a request, after the answer. A stranger's address gets nothing. Her address
 * gets a new link when she asked for it (signed in) or when no link nobody-recognised asked for went
 * to her in the last 10 minutes. Otherwise the newest usable link already in her inbox is made to
 * work 15 minutes from now (at most 25 minutes after it was made), so her own request from a new
 * phone always finds a working link, and strangers cause her at most one e-mail per 10 minutes.
 */
export function decideSignInLink(db: Db, row: { payload: unknown; createdAt: string; attempts: number }, now: Date): DeskLinkDecision {
  const facts = row.payload as DeskLinkFacts
  if (!facts.forCoach) return { send: false, reason: 'ikke skrivebordets adresse' }
  if (now.getTime() - Date.parse(row.createdAt) > SEND_WITHIN_MS) return { send: false, reason: 'for gammel til at sende' }
  return db.$client
    .transaction((): DeskLinkDecision => {
      // A retry after a failed send counts no more: the first attempt took her 10 minutes' link.
      const counted = facts.asked || row.attempts > 0 || takeAttempt(db, 'desk-address', coachAddressHash(), now) !== undefined
      if (!counted) {
        const newest = db.select().from(deskLinks).where(and(isNull(deskLinks.usedAt), gt(deskLinks.expiresAt, now.toISOString()))).orderBy(desc(deskLinks.id)).get()
        if (newest) {
          const stretched = Math.min(Math.max(Date.parse(newest.expiresAt), now.getTime() + LINK_LIFETIME_MS), Date.parse(newest.createdAt) + LONGEST_LINK_MS)
          db.update(deskLinks).set({ expiresAt: new Date(stretched).toISOString() }).where(eq(deskLinks.id, newest.id)).run()
          return { send: false, reason: 'hun fik et link for under 10 minutter siden; det virker nu 15 minutter endnu' }
        }
      }
      return { send: true, token: newSignInLink(db, facts.destination, now) }
    })
    .immediate()
}

/** A new link: its token for the e-mail, its hash in desk_links. */
export function newSignInLink(db: Db, destination: string, now: Date) {
  const token = newToken()
  db.insert(deskLinks)
    .values({ tokenHash: hashToken(token), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS).toISOString(), destination: deskDestination(destination) })
    .run()
  return token
}

const coachAddressHash = () => hashAddress(coachSignInAddress().toLowerCase())

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

/**
 * "Log ud på alle enheder": every session ends, so every cookie from before is refused, and every
 * link not yet used is void. With no link left in her inbox, the next request gets a new one.
 */
export function endAllSessions(db: Db) {
  db.$client
    .transaction(() => {
      db.delete(deskSessions).run()
      db.delete(deskLinks).run()
      forgetAttempts(db, 'desk-address', coachAddressHash())
    })
    .immediate()
}

/**
 * Used and expired links, expired sessions and desk-link rows of the outbox older than a day (they
 * concern nobody and are done) are deleted: in the six-hourly purge.
 */
export function purgeDeskAuth(db: Db, now = new Date()) {
  const nowIso = now.toISOString()
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()
  return {
    links: db.delete(deskLinks).where(or(isNotNull(deskLinks.usedAt), lte(deskLinks.expiresAt, nowIso))).run().changes,
    sessions: db.delete(deskSessions).where(lte(deskSessions.expiresAt, nowIso)).run().changes,
    requests: db.delete(outbox).where(and(eq(outbox.kind, 'desk-link'), lt(outbox.createdAt, dayAgo))).run().changes,
  }
}

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
