import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { bookingFields } from '~/lib/booking/booking-form'
import type { BookingStatus } from '~/lib/booking/booking-status'
import { validateBooking } from '~/lib/booking/booking-schema'
import { parseSlotKey } from '~/lib/booking/slots'
import { isoWeek } from '~/lib/booking/time'
import { HONEYPOT_FIELD } from '~/lib/contact'
import { openAvailability } from '~/server/booking/availability.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { cancelBooking, createBooking, findByToken, moveBooking } from '~/server/booking/bookings.server'
import { isTokenShaped } from '~/server/links/links.server'
import { currentClientAddress } from '~/server/http/client-address.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'
import { errorFields, log } from '~/server/log.server'
import { type MailTransport, getMailTransport } from '~/server/mail/mail-transport.server'
import { hashIp } from '~/server/limits/sender.server'
import { deliverOrderEffectsOfBooking } from '~/server/payments/payment-delivery.server'

/**
 * The booking forms' posts, made without JavaScript (and with it: the pages post plain forms).
 * Every answer is a 303 to a page that shows the outcome; only a status and the names of wrong
 * fields travel in the address, never what the visitor wrote.
 */

const VISITOR_WAIT_MS = 8 * 1000

/** What the posts work with; the server uses the defaults (opened only when needed), tests pass their own. */
export type BookingDeps = { clock?: Clock; db?: Db; transport?: MailTransport }

const see = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })

const text = (form: FormData, name: string) => {
  const all = form.getAll(name)
  return all.length === 0 ? undefined : all.length === 1 && typeof all[0] === 'string' ? all[0] : null
}

/** Sends what the change queued, waiting a little for it: whatever is not done goes out in the background or a later retry. */
export async function sendQueued(bookingId: number, deps: BookingDeps) {
  const delivery = deliverBookingEmails({ db: deps.db ?? getDb(), transport: deps.transport ?? getMailTransport(), clock: deps.clock, bookingId }).catch((error) => {
    log('error', 'booking e-mails not sent', { bookingId, ...errorFields(error) })
  })
  await Promise.race([delivery, new Promise((resolve) => setTimeout(resolve, VISITOR_WAIT_MS).unref())])
}

const backToDay = (date: string, status: BookingStatus) => see(`/book-samtale?uge=${isoWeek(date)}&status=${status}#dag-${date}`)

export async function handleBookingPost(form: FormData, deps: BookingDeps = {}): Promise<Response> {
  const { clock = systemClock } = deps
  const key = text(form, 'tidspunkt') ?? ''
  const chosen = parseSlotKey(key)
  if (!chosen) return see('/book-samtale?status=ikke-ledig')
  const slotPage = (status: BookingStatus, fields?: string[]) => see(`/book-samtale/${key}?status=${status}${fields?.length ? `&felter=${fields.join(',')}` : ''}#bookingformular`)
  const honeypot = text(form, HONEYPOT_FIELD)
  if (honeypot !== undefined && honeypot !== '') {
    log('info', 'booking honeypot filled')
    return see('/book-samtale')
  }
  const availability = bookableAvailability(deps.db ?? getDb(), clock())
  if (!availability) return see('/book-samtale?status=lukket')
  const validation = validateBooking(Object.fromEntries(bookingFields.map((field) => [field, text(form, field)])), availability.modes)
  if (!validation.success) return slotPage('ugyldig', Object.keys(validation.fieldErrors))
  try {
    const outcome = createBooking(deps.db ?? getDb(), { availability, date: chosen.date, time: chosen.time, details: validation.data, ipHash: hashIp(currentClientAddress()), now: clock() })
    if (outcome.status !== 'booket' && outcome.status !== 'har-booking') {
      log('info', 'booking refused', { reason: outcome.status })
      return outcome.status === 'taget' || outcome.status === 'ikke-ledig' ? backToDay(chosen.date, outcome.status) : slotPage(outcome.status)
    }
    log('info', outcome.status === 'booket' ? 'booking stored' : 'booking tried by an address with a booking', { publicId: outcome.booking.publicId })
    await sendQueued(outcome.booking.id, deps)
    // One answer whether the address was new or already had a booking: the link comes by e-mail.
    return see('/book-samtale?status=tjek-email#status')
  } catch (error) {
    log('error', 'booking not stored', errorFields(error))
    return slotPage('fejl')
  }
}

export async function handleManagePost(form: FormData, deps: BookingDeps = {}): Promise<Response> {
  const { clock = systemClock } = deps
  const db = () => deps.db ?? getDb()
  const token = text(form, 'link') ?? ''
  const booking = isTokenShaped(token) ? findByToken(db(), token) : undefined
  if (!booking) return see('/book-samtale')
  const back = (status: BookingStatus) => see(`/booking/${token}?status=${status}`)
  const action = text(form, 'handling')
  try {
    let outcome
    if (action === 'aflys') {
      outcome = cancelBooking(db(), { id: booking.id, by: 'gaest', availability: openAvailability(db()), now: clock() })
    } else if (action === 'flyt') {
      const availability = bookableAvailability(db(), clock())
      const chosen = parseSlotKey(text(form, 'tidspunkt') ?? '')
      if (!availability) return back('lukket')
      if (!chosen) return back('ikke-ledig')
      outcome = moveBooking(db(), { id: booking.id, availability, date: chosen.date, time: chosen.time, now: clock() })
    } else {
      return back('fejl')
    }
    log('info', `booking ${action}`, { publicId: booking.publicId, outcome: outcome.status })
    if ('booking' in outcome) await sendQueued(booking.id, deps)
    // A paid session's refund (its terms decided it with the cancellation) goes out now too.
    if (outcome.status === 'aflyst' && booking.sessionTypeId !== null) await deliverOrderEffectsOfBooking(deps.db ?? getDb(), booking.id)
    return back(outcome.status)
  } catch (error) {
    log('error', 'booking change not stored', errorFields(error))
    return back('fejl')
  }
}
