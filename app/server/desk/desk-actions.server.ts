import { getRequest } from '@tanstack/react-start/server'
import { and, eq, isNull } from 'drizzle-orm'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { contactMessages } from '#db/schema'
import { parseSlotKey } from '~/lib/booking/slots'
import { CONTROL_CHARS, INVISIBLE_CHARS } from '~/lib/contact-schema'
import type { DeskStatus } from '~/lib/desk/desk-data'
import { openAvailability } from '~/server/booking/availability.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { deleteBookings, exportBookings } from '~/server/booking/booking-admin.server'
import { sendQueued } from '~/server/booking/booking-endpoint.server'
import { cancelBooking, findByCode, markNoShow, moveBooking, undoNoShow } from '~/server/booking/bookings.server'
import { deletePerson, exportPerson } from '~/server/contact/contact-admin.server'
import { type Clock, reviveEffects, systemClock } from '~/server/outbox/outbox.server'
import { type MailTransport, getMailTransport } from '~/server/mail/mail-transport.server'
import { hashIp } from '~/server/limits/sender.server'
import {
  type DeskSession,
  deskDestination,
  endAllSessions,
  endSession,
  formTokenMatches,
  redeemSignInLink,
  requestSignInLink,
  sessionCookie,
  sessionOf,
  sessionTokenIn,
} from '~/server/desk/desk-auth.server'
import { parseMonth } from '~/server/bookkeeping/documents.server'
import { monthArchive } from '~/server/bookkeeping/month-archive.server'
import { eraseOrders } from '~/server/bookkeeping/retention.server'
import { recordDeskEvent } from '~/server/desk/desk-events.server'
import { deliverDeskLinks } from '~/server/desk/desk-link-mail.server'
import { withoutSecrets } from '~/server/links/links.server'
import { deleteArticle, saveArticle } from '~/server/desk/desk-articles.server'
import { isContentId, saveContent } from '~/server/desk/desk-content.server'
import { uploadCover } from '~/server/desk/desk-cover.server'
import { currentClientAddress } from '~/server/http/client-address.server'
import { errorFields, log } from '~/server/log.server'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { deliverOrderEffectsOfBooking } from '~/server/payments/payment-delivery.server'
import { refundByHand, sendPaymentLink } from '~/server/payments/payment-desk.server'
import { adjustCard } from '~/server/payments/package-ledger.server'

/**
 * The desk's posts (plain HTML forms, with or without JavaScript). Each answers with a 303 to the
 * page that shows the outcome, carrying only a status; an export answers with the JSON file.
 */

export type DeskDeps = {
  clock?: Clock
  db?: Db
  transport?: MailTransport
  cookieHeader?: string | null
  clientAddress?: string
  /** Runs the work that follows the answer (the sign-in e-mail); tests pass one to await it. */
  afterAnswer?: (work: () => Promise<unknown>) => void
}

const NOTE_MAX = 500

const see = (location: string, cookie?: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store, private', ...(cookie ? { 'Set-Cookie': cookie } : {}) } })

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** The coach's own words to a visitor: optional, at most 500 characters, no invisible or control characters. */
function noteIn(form: FormData, name: string): string | undefined | false {
  const note = text(form, name).replace(/\r\n?/g, '\n').trim()
  if (note.length > NOTE_MAX || INVISIBLE_CHARS.test(note) || CONTROL_CHARS.test(note.replace(/\n/g, ''))) return false
  return note || undefined
}

/**
 * A sign-in link is asked for: every address does the same work (the sender counted, one row
 * queued) and gets the same answer; the worker makes and sends the link after the answer
 * (desk-link-mail.server.ts). A request from a browser signed in to the desk is hers (`asked`).
 */
export async function handleLinkRequest(form: FormData, deps: DeskDeps = {}): Promise<Response> {
  const { clock = systemClock, db = getDb() } = deps
  const address = text(form, 'email').slice(0, 254)
  const asked = currentSession(deps) !== undefined
  const request = requestSignInLink(db, { address, ipHash: hashIp(deps.clientAddress ?? currentClientAddress()), destination: deskDestination(text(form, 'til')), asked, now: clock() })
  if (request.status === 'for-mange') {
    log('info', 'desk link refused', { reason: 'for-mange' })
    return see('/coach?status=for-mange')
  }
  const send = () => deliverDeskLinks({ db, transport: deps.transport ?? getMailTransport(), clock, key: request.effectKey })
  // After the answer; the server's worker (once a minute) takes the row over if this run fails.
  ;(deps.afterAnswer ?? ((work) => setImmediate(() => void work().catch((error) => log('error', 'desk link not sent', errorFields(error))))))(send)
  return see('/coach?status=tjek-email')
}

/** The button on the link's page: the link is used up, and the browser gets its session. */
export function handleSignIn(form: FormData, deps: DeskDeps = {}): Response {
  const { clock = systemClock, db = getDb() } = deps
  const now = clock()
  const signedIn = redeemSignInLink(db, text(form, 'link'), now)
  if (!signedIn) {
    log('info', 'desk link refused', { reason: 'ugyldig' })
    return see('/coach?status=link-ugyldig')
  }
  recordDeskEvent(db, 'logget-ind', now)
  return see(signedIn.destination, sessionCookie(signedIn.sessionToken))
}

/** The session of this request (its cookie), for the pages and the posts. */
export function currentSession(deps: DeskDeps = {}): DeskSession | undefined {
  const { clock = systemClock, db = getDb() } = deps
  return sessionOf(db, sessionTokenIn(deps.cookieHeader !== undefined ? deps.cookieHeader : getRequest().headers.get('cookie')), clock())
}

/** Every other desk post: only with a session and its form token. */
export async function handleDeskAction(form: FormData, deps: DeskDeps = {}): Promise<Response> {
  const { clock = systemClock, db = getDb() } = deps
  const session = currentSession(deps)
  const back = deskDestination(text(form, 'tilbage'))
  if (!session) return see(back)
  if (!formTokenMatches(session, form.get('formular'))) return see(`${back}?status=udloebet`)
  const now = clock()
  const action = text(form, 'handling')
  try {
    if (action === 'log-ud') {
      endSession(db, session.id)
      recordDeskEvent(db, 'logget-ud', now)
      return see('/coach?status=logget-ud', sessionCookie(undefined))
    }
    if (action === 'log-ud-overalt') {
      endAllSessions(db)
      recordDeskEvent(db, 'logget-ud-overalt', now)
      return see('/coach?status=logget-ud-overalt', sessionCookie(undefined))
    }
    if (action === 'haandteret') return see(`${back}?status=${markHandled(db, text(form, 'besked'), now)}`)
    if (action === 'blev-klient') return see(`${back}?status=${markBecameClient(db, text(form, 'besked'), now)}`)
    if (action === 'send-igen') {
      // The running server's worker sends what is revived, with its own settings, within a minute.
      reviveEffects(db, { now })
      recordDeskEvent(db, 'send-igen', now)
      return see('/coach?status=sendes-igen')
    }
    if (action === 'gem-indhold') {
      const id = text(form, 'fil')
      if (!isContentId(id)) return see('/coach/indhold?status=fejl')
      const saved = await saveContent(db, id, form, now)
      return see(`/coach/indhold/${id}?status=${saved.status}${saved.draft ? `&kladde=${saved.draft}` : ''}`)
    }
    if (action === 'gem-artikel') return see((await saveArticle(db, form, now)).location)
    if (action === 'slet-artikel') {
      // As with a person: only the confirmation page's button says »ja«.
      if (text(form, 'bekraeft') !== 'ja') return see('/coach/artikler')
      return see((await deleteArticle(db, text(form, 'artikel'), now)).location)
    }
    if (action === 'forsidebillede') return see((await uploadCover(db, form, now)).location)
    if (action === 'klip') {
      // The coach adds or removes one session on a client's klippekort, with her reason.
      const change = text(form, 'aendring') === 'plus' ? 1 : -1
      const outcome = adjustCard(db, { cardId: Number(text(form, 'kort')), change, reason: text(form, 'grund'), now })
      const statuses = { justeret: 'klip-justeret', 'mangler-grund': 'klip-mangler-grund', 'ingen-klip': 'klip-ingen', ukendt: 'fejl' } as const
      return see(`${back}?email=${encodeURIComponent(text(form, 'email'))}&status=${statuses[outcome.status]}`)
    }
    if (action === 'eksporter') return await exportAnswer(db, text(form, 'email'), now)
    if (action === 'regnskab') return await monthArchiveAnswer(db, text(form, 'maaned'), now)
    if (action === 'slet') {
      // Only the confirmation page's button says »ja«: the first step only shows what would go.
      if (text(form, 'bekraeft') !== 'ja') return see('/coach')
      return see(`/coach?status=${await erase(db, text(form, 'email'), now, deps)}`)
    }
    const booking = findByCode(db, text(form, 'kode'))
    if (!booking) return see('/coach')
    const status = await bookingAction(db, action, booking.id, booking.publicId, form, now, deps)
    return see(`/coach/booking/${booking.publicId}?status=${status}`)
  } catch (error) {
    log('error', 'desk action failed', { action, ...errorFields(error) })
    return see(`${back}?status=fejl`)
  }
}

async function bookingAction(db: Db, action: string, id: number, code: string, form: FormData, now: Date, deps: DeskDeps): Promise<DeskStatus> {
  if (action === 'udeblevet' || action === 'udeblevet-fortrudt') {
    const changed = action === 'udeblevet' ? markNoShow(db, { id, now }) : undoNoShow(db, { id, now })
    if (!changed) return 'ikke-begyndt'
    recordDeskEvent(db, action, now, { bookingCode: code })
    return action
  }
  if (action === 'refunder') {
    const status = refundByHand(db, id, Number(text(form, 'beloeb').trim()), now)
    if (status === 'refunderet') await deliverOrderEffectsOfBooking(db, id)
    return status
  }
  if (action === 'betalingslink') {
    const payments = configuredPayments()
    if (!payments) return 'ingen-betaling'
    const status = await sendPaymentLink({ db, payments, clock: () => now }, id)
    if (status === 'link-sendt') await deliverOrderEffectsOfBooking(db, id)
    return status
  }
  const note = noteIn(form, action === 'aflys' ? 'begrundelse' : 'besked')
  if (note === false) return 'ugyldig-tekst'
  let outcome
  if (action === 'aflys') {
    outcome = cancelBooking(db, { id, by: 'coach', availability: openAvailability(db), now, reason: note })
    if (outcome.status === 'aflyst' && !('booking' in outcome)) return 'allerede-aflyst'
  } else if (action === 'flyt') {
    const availability = openAvailability(db) && bookableAvailability(db, now)
    const chosen = parseSlotKey(text(form, 'tidspunkt'))
    if (!availability) return 'lukket'
    if (!chosen) return 'ikke-ledig'
    outcome = moveBooking(db, { id, availability, date: chosen.date, time: chosen.time, now, by: 'coach', note })
    if (outcome.status === 'aflyst') return 'allerede-aflyst'
  } else {
    return 'fejl'
  }
  if (!('booking' in outcome)) return outcome.status === 'for-mange-flytninger' ? 'fejl' : outcome.status
  recordDeskEvent(db, outcome.status, now, { bookingCode: code })
  await sendQueued(id, { ...deps, db })
  // Her cancellation of a paid session refunds it in full: the refund goes out now too.
  if (outcome.status === 'aflyst') await deliverOrderEffectsOfBooking(db, id)
  return outcome.status
}

function markHandled(db: Db, id: string, now: Date): DeskStatus {
  if (!/^\d{1,9}$/.test(id)) return 'fejl'
  db.update(contactMessages)
    .set({ handledAt: now.toISOString(), readAt: now.toISOString() })
    .where(and(eq(contactMessages.id, Number(id)), isNull(contactMessages.handledAt)))
    .run()
  recordDeskEvent(db, 'besked-haandteret', now, { messageId: Number(id) })
  return 'haandteret'
}

/** The sender became a client: the message is kept for the full period instead of the enquiry's shorter one. */
function markBecameClient(db: Db, id: string, now: Date): DeskStatus {
  if (!/^\d{1,9}$/.test(id)) return 'fejl'
  db.update(contactMessages)
    .set({ becameClientAt: now.toISOString() })
    .where(and(eq(contactMessages.id, Number(id)), isNull(contactMessages.becameClientAt)))
    .run()
  recordDeskEvent(db, 'besked-blev-klient', now, { messageId: Number(id) })
  return 'blev-klient'
}

/** Everything stored about one person, as contact:export gives it, for the coach to hand on. */
async function exportAnswer(db: Db, email: string, now: Date) {
  const person = withoutSecrets({ ...(await exportPerson(email, { db })), ...(await exportBookings(email, { db })) })
  recordDeskEvent(db, 'person-eksporteret', now)
  return new Response(JSON.stringify(person, null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': 'attachment; filename="oplysninger.json"', 'Cache-Control': 'no-store, private' },
  })
}

/** The month's receipts and credit notes as one ZIP (a download that changes nothing but the desk's log). */
async function monthArchiveAnswer(db: Db, value: string, now: Date) {
  const month = parseMonth(value)
  if (!month) return see('/coach?status=ugyldig-maaned')
  const archive = await monthArchive(db, month)
  recordDeskEvent(db, 'regnskab-hentet', now)
  return new Response(archive.zip, {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${archive.fileName}"`, 'Cache-Control': 'no-store, private' },
  })
}

/** Erases one person (after the confirmation page): upcoming bookings are cancelled first, as contact:delete does. */
async function erase(db: Db, email: string, now: Date, deps: DeskDeps): Promise<DeskStatus> {
  if (!email.trim()) return 'fejl'
  await deletePerson(email, { db })
  const { cancelled } = await deleteBookings(email, { db, now })
  const { keptDocuments } = eraseOrders(db, email)
  recordDeskEvent(db, 'person-slettet', now)
  for (const booking of cancelled) await sendQueued(booking.id, { ...deps, db })
  return keptDocuments > 0 ? 'slettet-bogfoering-gemt' : 'slettet'
}
