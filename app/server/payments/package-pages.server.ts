import { randomUUID } from 'node:crypto'
import { getDb } from '#db/connection'
import type { Db } from '#db/database'
import type { PackageCard } from '#db/schema'
import { modeLabels } from '~/lib/booking/booking-form'
import { formatDayWithYear, formatPeriodWithYear } from '~/lib/booking/time'
import type { PackageType } from '~/lib/content/content-types'
import { formatKroner } from '~/lib/payments/money'
import type { CardPage, PackagePurchasePage, PackageSummary } from '~/lib/payments/package-page-data'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { bookingWeek } from '~/server/booking/booking-pages.server'
import { getServices } from '~/server/content/content.server'
import { isTokenShaped, managePath, orderToken } from '~/server/links/links.server'
import { configuredPayments } from '~/server/outbox/handlers.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'
import { rulesFor } from '~/server/payments/hold-time.server'
import { bookingsOfCard, findCardByToken, snapshotOf, usable } from '~/server/payments/package-ledger.server'
import { lastValidDate } from '~/server/payments/packages.server'
import { findOrder } from '~/server/payments/orders.server'

/** The klippekort on /ydelser, its purchase page and the client's card page, as plain data. */
export type PackagePageSources = { clock?: Clock; db?: Db }

export function packageSummary(type: PackageType): PackageSummary {
  const session = getServices().sessionTypes.find((candidate) => candidate.id === type.sessionTypeId)
  return {
    id: type.id,
    name: type.name,
    sessions: type.sessions,
    sessionName: session?.name ?? type.sessionTypeId,
    price: `${formatKroner(type.amountOere)} inkl. moms`,
    perSession: `${formatKroner(Math.round(type.amountOere / type.sessions))} pr. session`,
    validity: `gyldigt i ${type.validMonths} måneder fra købet`,
    sample: !!type.sample,
  }
}

export const packageSummaries = () => getServices().packageTypes.map(packageSummary)

export function packagePurchasePage(id: string): PackagePurchasePage {
  const type = getServices().packageTypes.find((candidate) => candidate.id === id)
  return { card: type ? packageSummary(type) : null, open: configuredPayments() !== undefined, requestKey: randomUUID() }
}

/** The last day a card is valid, as the page and the e-mail write it. */
export const validThrough = (db: Db, card: PackageCard) => formatDayWithYear(lastValidDate(new Date(card.createdAt), snapshotOf(db, card).packageType.validMonths))

function closedReason(card: PackageCard, now: Date) {
  if (card.withdrawnAt) return 'Du har fortrudt købet af klippekortet.'
  if (!usable(card, now)) return 'Klippekortet er udløbet.'
  if (card.remaining === 0) return 'Du har brugt alle dine klip. Aflyser du en session i tide, får du klippet tilbage.'
  return null
}

export function cardPage(token: string, week: string, { clock = systemClock, db = getDb() }: PackagePageSources = {}): CardPage | undefined {
  if (!isTokenShaped(token)) return undefined
  const card = findCardByToken(db, token)
  if (!card) return undefined
  const now = clock()
  const order = findOrder(db, card.orderId)!
  const availability = bookableAvailability(db, now)
  const rules = availability && rulesFor(availability, snapshotOf(db, card).sessionType)
  const closed = closedReason(card, now)
  return {
    name: card.name,
    remaining: card.remaining,
    total: card.total,
    validThrough: validThrough(db, card),
    closed,
    sessions: bookingsOfCard(db, card.id).map((booking) => {
      const status = booking.status === 'aflyst' ? 'aflyst' : Date.parse(booking.startsAt) <= now.getTime() ? 'holdt' : 'kommende'
      return { code: booking.publicId, period: formatPeriodWithYear(new Date(booking.startsAt), new Date(booking.endsAt)), status, managePath: status === 'kommende' ? managePath(booking.publicId) : null }
    }),
    week: closed ? { open: false } : bookingWeek(week || undefined, { clock, db, availability: rules }),
    modes: (rules?.modes ?? []).map((mode) => ({ value: mode, label: modeLabels[mode] })),
    orderPath: `/ordre/${orderToken(order.publicId)}`,
  }
}
