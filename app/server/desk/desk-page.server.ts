import { setResponseHeader } from '@tanstack/react-start/server'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import type { DeskPage, DeskPageRequest } from '~/lib/desk/desk-data'
import { type DeskDeps, currentSession } from '~/server/desk/desk-actions.server'
import { formTokenOf, linkIsUsable, sessionCookie } from '~/server/desk/desk-auth.server'
import { deskBookingPage, deskClosedTimes, deskMessage, deskOverview, deskPerson } from '~/server/desk/desk-views.server'
import { articleEditor, articleList } from '~/server/desk/desk-articles.server'
import { contentOverview, contentPage, isContentId } from '~/server/desk/desk-content.server'

/**
 * One desk page for this request: the sign-in without a session (whatever the address), the page
 * with one. A session whose expiry slid gets its cookie again, with the new lifetime.
 */
export function deskPage({ page, key, draft, whole }: DeskPageRequest, deps: DeskDeps = {}): DeskPage {
  const db: Db = deps.db ?? getDb()
  const now = (deps.clock ?? (() => new Date()))()
  if (page === 'link') return { signedIn: false, linkUsable: linkIsUsable(db, key, now) }
  const session = currentSession({ ...deps, db, clock: () => now })
  if (!session) return { signedIn: false }
  if (session.slid && deps.cookieHeader === undefined) setResponseHeader('Set-Cookie', sessionCookie(session.token))
  const signedIn = { signedIn: true as const, formToken: formTokenOf(session) }
  if (page === 'booking') return { ...signedIn, page, booking: deskBookingPage(db, key, now) }
  if (page === 'besked') return { ...signedIn, page, message: deskMessage(db, key, now) }
  if (page === 'person') return { ...signedIn, page, person: deskPerson(db, key, now) }
  if (page === 'lukket') return { ...signedIn, page, closed: deskClosedTimes(db, now) }
  if (page === 'ukendt') return { ...signedIn, page }
  if (page === 'indhold' && !key) return { ...signedIn, page, content: contentOverview() }
  if (page === 'indhold') return { ...signedIn, page: 'indhold-fil', file: isContentId(key) ? contentPage(db, key, { draft, whole }, now) : undefined }
  if (page === 'artikler' && !key) return { ...signedIn, page, articles: articleList(now) }
  if (page === 'artikler') return { ...signedIn, page: 'artikel', article: articleEditor(db, key, draft, now) }
  return { ...signedIn, page: 'oversigt', overview: deskOverview(db, now, key) }
}
