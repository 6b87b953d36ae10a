import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDb } from '#db/connection'
import type { Db } from '#db/database'
import { type Order, bookings } from '#db/schema'
import { parseSlotKey } from '~/lib/booking/slots'
import { formatInstantWithYear, formatPeriodWithYear, fromLocal } from '~/lib/booking/time'
import type { SessionType } from '~/lib/content/content-types'
import { formatKroner, proRataOere } from '~/lib/payments/money'
import type { OrderView, SessionSlotPage, SessionSummary, SessionWeekPage, TermsPage } from '~/lib/payments/payment-page-data'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { bookingWeek, chosenSlot } from '~/server/booking/booking-pages.server'
import { getServices, getSite } from '~/server/content/content.server'
import { cardPath, isTokenShaped } from '~/server/links/links.server'
import { cardOfOrder } from '~/server/payments/packages.server'
import { upcomingOf } from '~/server/payments/package-ledger.server'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'
import { withinWithdrawalPeriod } from '~/server/payments/terms.server'
import { rulesFor } from '~/server/payments/hold-time.server'
import { documentContent } from '~/server/bookkeeping/document-content.server'
import { documentsOfOrder, snapshotOf } from '~/server/bookkeeping/documents.server'
import { findOrderByToken } from '~/server/payments/orders.server'
import { WITHDRAWAL_DAYS, termsSections } from '~/server/payments/terms.server'

/** The paid booking pages, the return from Checkout, the order page and /vilkaar, as plain data. */
export type PaymentPageSources = { clock?: Clock; db?: Db }

export const sessionTypeById = (id: string): SessionType | undefined => getServices().sessionTypes.find((type) => type.id === id)

/** Paid at booking only while the site takes payments (STRIPE_SECRET_KEY); otherwise afterwards. */
export const paysAtBooking = (type: SessionType) => type.payment === 'ved-booking' && configuredPayments() !== undefined

const summary = (type: SessionType): SessionSummary => ({ id: type.id, name: type.name, minutes: type.minutes, price: `${formatKroner(type.amountOere)} inkl. moms`, paidAtBooking: paysAtBooking(type), sample: !!type.sample })

export function sessionWeek(typeId: string, week: string, { clock = systemClock, db = getDb() }: PaymentPageSources = {}): SessionWeekPage {
  const type = sessionTypeById(typeId)
  const availability = bookableAvailability(db, clock())
  if (!type) return { session: null, week: { open: false } }
  return { session: summary(type), week: bookingWeek(week || undefined, { clock, db, availability: availability && rulesFor(availability, type) }) }
}

export function sessionSlot(typeId: string, key: string, { clock = systemClock, db = getDb() }: PaymentPageSources = {}): SessionSlotPage {
  const type = sessionTypeById(typeId)
  const now = clock()
  const availability = bookableAvailability(db, now)
  const slot = type ? chosenSlot(key, { clock, db, availability: availability && rulesFor(availability, type) }) : ({ state: 'lukket' } as const)
  return { session: type ? summary(type) : null, slot, withinWithdrawalPeriod: startsWithinWithdrawalPeriod(key, now), requestKey: randomUUID() }
}

/** Whether a time (its slot key) lies within the 14 days from now: then the express request to start early is needed. */
export function startsWithinWithdrawalPeriod(key: string, now: Date) {
  const parsed = parseSlotKey(key)
  const start = parsed && fromLocal(parsed.date, parsed.time)
  return !!start && start.getTime() <= now.getTime() + WITHDRAWAL_DAYS * 86_400_000
}

const statusTexts: Record<Order['status'], string> = {
  awaiting_payment: 'Venter på betaling',
  paid: 'Betalt',
  partially_refunded: 'Betalt, delvist refunderet',
  refunded: 'Refunderet',
  expired: 'Ikke betalt – tiden er frigivet',
}

export function orderView(db: Db, order: Order, now: Date, base: string): OrderView {
  const booking = order.bookingId === null ? undefined : db.select().from(bookings).where(eq(bookings.id, order.bookingId)).get()
  const card = order.packageTypeId === null ? undefined : cardOfOrder(db, order.id)
  const until = new Date(Date.parse(order.paidAt ?? order.createdAt) + WITHDRAWAL_DAYS * 86_400_000)
  // A klippekort is active while its card exists (the order paid); a session while its booking stands.
  const active = card ? order.status === 'paid' || order.status === 'partially_refunded' : booking?.status === 'bekraeftet'
  const reason = order.withdrawnAt
    ? 'Du har fortrudt aftalen.'
    : order.status === 'refunded' || order.status === 'expired' || !active
      ? 'Aftalen er ikke længere aktiv.'
      : !withinWithdrawalPeriod(order, now)
        ? `Fortrydelsesfristen udløb ${formatInstantWithYear(until)}.`
        : booking && Date.parse(booking.startsAt) <= now.getTime()
          ? 'Sessionen er begyndt, så aftalen kan ikke længere fortrydes her. Skriv eller ring til mig.'
          : undefined
  return {
    code: order.publicId,
    sessionName: order.sessionName,
    period: booking ? formatPeriodWithYear(new Date(booking.startsAt), new Date(booking.endsAt)) : null,
    amount: `${formatKroner(order.amountOere)} inkl. moms`,
    status: order.status,
    statusText: statusTexts[order.status],
    refunded: order.refundedOere > 0 ? formatKroner(order.refundedOere) : null,
    documents: documentsOfOrder(db, order.id).map((document) => ({ title: documentContent(snapshotOf(document)).title, href: `${base}/kvittering/${document.number}` })),
    paidAt: order.paidAt ? formatInstantWithYear(new Date(order.paidAt)) : null,
    withdrawnAt: order.withdrawnAt ? formatInstantWithYear(new Date(order.withdrawnAt)) : null,
    withdrawal: reason ? { possible: false, reason } : { possible: true, until: formatInstantWithYear(until) },
    checkoutUrl: order.status === 'awaiting_payment' && order.holdUntil && Date.parse(order.holdUntil) > now.getTime() ? order.checkoutUrl : null,
    withdrawalEffect: card
      ? `Dine kommende sessioner bliver aflyst, og du får de ubrugte klip betalt tilbage forholdsmæssigt – lige nu ${formatKroner(proRataOere(order.amountOere, card.remaining + upcomingOf(db, card.id, now), card.total))}. De sessioner, der er holdt, betaler du for.`
      : 'Tiden bliver frigivet, og du får hele beløbet tilbage på det betalingsmiddel, du brugte.',
    cardPath: card ? cardPath(card.publicId) : null,
  }
}

export function orderPage(token: string, { clock = systemClock, db = getDb() }: PaymentPageSources = {}) {
  if (!isTokenShaped(token)) return undefined
  const order = findOrderByToken(db, token)
  return order ? orderView(db, order, clock(), `/ordre/${token}`) : undefined
}

export function termsPage(): TermsPage {
  const { sessionTypes, packageTypes, terms } = getServices()
  if (sessionTypes.length === 0) return null
  return { sections: termsSections(terms, sessionTypes, getSite(), packageTypes), version: terms.version, sample: sessionTypes.some((type) => type.sample) || packageTypes.some((type) => type.sample) }
}
