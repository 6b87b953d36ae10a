import { eq } from 'drizzle-orm'
import { getDb } from '#db/connection'
import { bookings } from '#db/schema'
import { bookingFields } from '~/lib/booking/booking-form'
import type { BookingStatus } from '~/lib/booking/booking-status'
import type { PaidBookingStatus } from '~/lib/payments/paid-booking-status'
import { validateBooking } from '~/lib/booking/booking-schema'
import { parseSlotKey } from '~/lib/booking/slots'
import { isoWeek } from '~/lib/booking/time'
import { HONEYPOT_FIELD } from '~/lib/contact'
import { bookableAvailability } from '~/server/booking/bookable.server'
import type { BookingDeps } from '~/server/booking/booking-endpoint.server'
import { cancelBooking } from '~/server/booking/bookings.server'
import { getServices } from '~/server/content/content.server'
import { currentClientAddress } from '~/server/http/client-address.server'
import { hashIp } from '~/server/limits/sender.server'
import { isTokenShaped } from '~/server/links/links.server'
import { errorFields, log } from '~/server/log.server'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { systemClock } from '~/server/outbox/outbox.server'
import { withdrawOrder } from '~/server/payments/cancellation.server'
import { withdrawCard } from '~/server/payments/package-ledger.server'
import { deliverOrderEffects } from '~/server/payments/payment-delivery.server'
import { openCheckout } from '~/server/payments/checkout.server'
import { holdTime, rulesFor } from '~/server/payments/hold-time.server'
import { findOrderByToken } from '~/server/payments/orders.server'
import { startsWithinWithdrawalPeriod } from '~/server/payments/payment-pages.server'

/**
 * The paid booking form's post and the order page's withdrawal, made without JavaScript. Every
 * answer is a 303: to Stripe's checkout, or to a page that shows the outcome (a status in the
 * address, never what the visitor wrote).
 */
export type PaymentDeps = BookingDeps

const see = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

export async function handleSessionBookingPost(form: FormData, deps: PaymentDeps = {}): Promise<Response> {
  const { clock = systemClock } = deps
  const db = deps.db ?? getDb()
  const payments = configuredPayments()
  const typeId = text(form, 'session') ?? ''
  const key = text(form, 'tidspunkt') ?? ''
  const type = getServices().sessionTypes.find((candidate) => candidate.id === typeId)
  const chosen = parseSlotKey(key)
  if (!type) return see('/ydelser')
  const base = `/book/${type.id}`
  if (!chosen) return see(`${base}?status=ikke-ledig`)
  const slotPage = (status: BookingStatus | PaidBookingStatus, fields?: string[]) => see(`${base}/${key}?status=${status}${fields?.length ? `&felter=${fields.join(',')}` : ''}#bookingformular`)
  const honeypot = text(form, HONEYPOT_FIELD)
  if (honeypot !== undefined && honeypot !== '') return see(base)
  const availability = bookableAvailability(db, clock())
  if (!availability) return see(`${base}?status=lukket`)
  const rules = rulesFor(availability, type)
  const validation = validateBooking(Object.fromEntries(bookingFields.map((field) => [field, text(form, field)])), rules.modes)
  if (!validation.success) return slotPage('ugyldig', Object.keys(validation.fieldErrors))
  // Never pre-ticked, always asked: the terms, and within 14 days the express request to start early.
  if (text(form, 'vilkaar') !== 'ja') return slotPage('vilkaar')
  const within = startsWithinWithdrawalPeriod(key, clock())
  if (within && text(form, 'start-tidligt') !== 'ja') return slotPage('start-tidligt')
  const requestKey = text(form, 'formular') ?? ''
  if (!/^[0-9a-f-]{36}$/.test(requestKey)) return slotPage('fejl')
  const payNow = type.payment === 'ved-booking' && payments !== undefined
  try {
    const outcome = holdTime(db, { availability, type, terms: getServices().terms, date: chosen.date, time: chosen.time, details: validation.data, ipHash: hashIp(currentClientAddress()), now: clock(), requestKey, expressStart: within, payNow })
    if (!('order' in outcome)) return outcome.status === 'for-mange' ? slotPage('for-mange') : see(`${base}?uge=${isoWeek(chosen.date)}&status=${outcome.status}#dag-${chosen.date}`)
    const order = outcome.order
    if (!payNow || order.payment === 'bagefter') {
      // Its confirmation (the order's e-mail, the coach's notification, the calendar write) goes out now.
      if (outcome.status === 'holdt') await deliverOrderEffects(db, order.id)
      return see(`${base}?status=tjek-email-betaling#status`)
    }
    if (order.status !== 'awaiting_payment') return see(`/betaling/tak?ordre=${order.publicId}`)
    // The same form posted again (a double click): its order's session, the same by its idempotency key.
    const booking = outcome.status === 'holdt' ? outcome.booking : db.select().from(bookings).where(eq(bookings.id, order.bookingId ?? -1)).get()
    if (!booking) return slotPage('fejl')
    const checkout = await openCheckout({ db, payments: payments!, clock }, order, booking)
    log('info', 'paid session held', { order: order.publicId, checkout: checkout.status })
    return checkout.status === 'checkout' ? see(checkout.url) : slotPage('stripe-nede')
  } catch (error) {
    log('error', 'paid booking not stored', errorFields(error))
    return slotPage('fejl')
  }
}

/**
 * The order page's withdrawal function (§ 20 a): the first button (»Fortryd aftalen«) only leads
 * to the confirmation step; the second (»Bekræft, at du fortryder«) withdraws. The refund and the
 * acknowledgement go out at once.
 */
export async function handleOrderPost(form: FormData, deps: PaymentDeps = {}): Promise<Response> {
  const { clock = systemClock } = deps
  const db = deps.db ?? getDb()
  const token = text(form, 'link') ?? ''
  const order = isTokenShaped(token) ? findOrderByToken(db, token) : undefined
  if (!order) return see('/')
  const page = `/ordre/${token}`
  const step = text(form, 'handling')
  if (step === 'fortryd') return see(`${page}?trin=bekraeft#fortryd`)
  if (step !== 'bekraeft-fortrydelse') return see(`${page}?status=fejl`)
  try {
    const cancel = (booking: { id: number }) => void cancelBooking(db, { id: booking.id, by: 'gaest', availability: undefined, now: clock() })
    // A klippekort's withdrawal pays back its unused sessions pro rata; a session's, the whole amount.
    const outcome = order.packageTypeId !== null ? withdrawCard(db, order.id, clock(), cancel) : withdrawOrder(db, order.id, clock(), cancel)
    log('info', 'order withdrawal', { order: order.publicId, outcome: outcome.status })
    // The refund and the acknowledgement go out now (what is not done is retried by the worker).
    if (outcome.status === 'fortrudt') await deliverOrderEffects(db, order.id)
    return see(`${page}?status=${outcome.status}#status`)
  } catch (error) {
    log('error', 'withdrawal not stored', errorFields(error))
    return see(`${page}?status=fejl`)
  }
}
