import { getDb } from '#db/connection'
import { validateBooking } from '~/lib/booking/booking-schema'
import { parseSlotKey } from '~/lib/booking/slots'
import { isoWeek } from '~/lib/booking/time'
import { HONEYPOT_FIELD } from '~/lib/contact'
import type { BookingMode } from '~/lib/booking/availability-schema'
import type { PurchaseOutcome } from '~/lib/payments/package-page-data'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { getServices } from '~/server/content/content.server'
import { currentClientAddress } from '~/server/http/client-address.server'
import { hashIp } from '~/server/limits/sender.server'
import { isTokenShaped } from '~/server/links/links.server'
import { errorFields, log } from '~/server/log.server'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { systemClock } from '~/server/outbox/outbox.server'
import { openCheckout } from '~/server/payments/checkout.server'
import { bookWithCard } from '~/server/payments/package-booking.server'
import { findCardByToken } from '~/server/payments/package-ledger.server'
import { createPackageOrder } from '~/server/payments/packages.server'
import { deliverBookingEffects } from '~/server/payments/payment-delivery.server'
import type { PaymentDeps } from '~/server/payments/payment-endpoint.server'

/**
 * The klippekort's two forms, made without JavaScript: buying one (a 303 to Stripe's checkout,
 * the same as a session's) and booking the next session from the card's page (a 303 back to it
 * with the outcome in the address, never what was written).
 */
const see = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

export async function handlePackagePurchasePost(form: FormData, deps: PaymentDeps = {}): Promise<Response> {
  const { clock = systemClock } = deps
  const db = deps.db ?? getDb()
  const { packageTypes, sessionTypes, terms } = getServices()
  const type = packageTypes.find((candidate) => candidate.id === text(form, 'klippekort'))
  if (!type) return see('/ydelser')
  const page = (status: PurchaseOutcome) => see(`/klippekort/koeb/${type.id}?status=${status}#status`)
  const honeypot = text(form, HONEYPOT_FIELD)
  if (honeypot !== undefined && honeypot !== '') return see(`/klippekort/koeb/${type.id}`)
  const payments = configuredPayments()
  const sessionType = sessionTypes.find((candidate) => candidate.id === type.sessionTypeId)
  if (!payments || !sessionType) return page('lukket')
  // The booking form's schema for name, e-mail and phone (a card's sessions are booked with them).
  const validation = validateBooking({ navn: text(form, 'navn'), email: text(form, 'email'), telefon: text(form, 'telefon'), form: sessionType.modes[0], besked: '' }, sessionType.modes)
  if (!validation.success) return page('ugyldig')
  if (text(form, 'vilkaar') !== 'ja') return page('vilkaar')
  if (text(form, 'start-tidligt') !== 'ja') return page('start-tidligt')
  const requestKey = text(form, 'formular') ?? ''
  if (!/^[0-9a-f-]{36}$/.test(requestKey)) return page('fejl')
  try {
    const outcome = createPackageOrder(db, { type, sessionType, terms, details: validation.data, ipHash: hashIp(currentClientAddress()), now: clock(), requestKey })
    if (outcome.status === 'for-mange') return page('for-mange')
    if (outcome.order.status !== 'awaiting_payment') return see(`/betaling/tak?ordre=${outcome.order.publicId}`)
    const checkout = await openCheckout({ db, payments, clock }, outcome.order)
    log('info', 'klippekort ordered', { order: outcome.order.publicId, checkout: checkout.status })
    return checkout.status === 'checkout' ? see(checkout.url) : page('stripe-nede')
  } catch (error) {
    log('error', 'klippekort order not stored', errorFields(error))
    return page('fejl')
  }
}

export async function handleCardPost(form: FormData, deps: PaymentDeps = {}): Promise<Response> {
  const { clock = systemClock } = deps
  const db = deps.db ?? getDb()
  const token = text(form, 'link') ?? ''
  const card = isTokenShaped(token) ? findCardByToken(db, token) : undefined
  if (!card) return see('/')
  const page = `/klippekort/${token}`
  const chosen = parseSlotKey(text(form, 'tidspunkt') ?? '')
  if (!chosen) return see(`${page}?status=ikke-ledig#status`)
  const availability = bookableAvailability(db, clock())
  if (!availability) return see(`${page}?status=ikke-ledig#status`)
  try {
    const outcome = bookWithCard(db, { card, availability, date: chosen.date, time: chosen.time, mode: (text(form, 'form') ?? '') as BookingMode, ipHash: hashIp(currentClientAddress()), now: clock() })
    log('info', 'klippekort session', { card: card.publicId, outcome: outcome.status })
    // The confirmation and the calendar write go out now (what is not done is retried by the worker).
    if (outcome.status === 'booket') await deliverBookingEffects(db, outcome.booking.id)
    return see(`${page}?uge=${isoWeek(chosen.date)}&status=${outcome.status}#status`)
  } catch (error) {
    log('error', 'klippekort session not booked', errorFields(error))
    return see(`${page}?status=fejl#status`)
  }
}
