import { eq } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Order, type PackageCard, orders, packageCards, packageLedger } from '#db/schema'
import { addDays, fromLocal, toLocal } from '~/lib/booking/time'
import type { PackageType, PaymentTerms, SessionType } from '~/lib/content/content-types'
import { newPublicId } from '~/server/booking/bookings.server'
import { cardToken, hashToken, orderToken } from '~/server/links/links.server'
import { takeAttempt } from '~/server/limits/sender-limits.server'
import { queueEffects } from '~/server/outbox/outbox.server'
import { HOLD_MINUTES } from '~/server/payments/hold-time.server'
import { orderEmail } from '~/server/payments/orders.server'
import type { PackageSnapshot } from '~/server/payments/package-ledger.server'

/**
 * Buying a klippekort: an order like a paid session's, but with no time held (bookingId null) and
 * the package type in its snapshot. It goes through the same checkout and the same fulfilment
 * (fulfilment.server.ts), which makes the card (issueCard) in its own transaction when the order
 * is paid: the card exists only for money that has arrived.
 */

export type PackageOrderOutcome = { status: 'oprettet' | 'samme-formular'; order: Order } | { status: 'for-mange' }

type PackageOrderRequest = {
  type: PackageType
  sessionType: SessionType
  terms: PaymentTerms
  details: { navn: string; email: string; telefon: string }
  ipHash: string
  now: Date
  /** The form's own key: the same form posted twice finds the first order. */
  requestKey: string
}

/** Records a klippekort's order, awaiting payment; the checkout lasts as long as a hold (Stripe's minimum, 30 minutes). */
export function createPackageOrder(db: Db, { type, sessionType, terms, details, ipHash, now, requestKey }: PackageOrderRequest): PackageOrderOutcome {
  return db.$client
    .transaction((): PackageOrderOutcome => {
      const earlier = db.select().from(orders).where(eq(orders.requestKey, requestKey)).get()
      if (earlier) return { status: 'samme-formular', order: earlier }
      if (takeAttempt(db, 'booking', ipHash, now) === undefined) return { status: 'for-mange' }
      const publicId = newPublicId()
      const snapshot: PackageSnapshot = { ...terms, sessionType, packageType: type }
      const order = db
        .insert(orders)
        .values({
          publicId,
          tokenHash: hashToken(orderToken(publicId)),
          requestKey,
          packageTypeId: type.id,
          sessionTypeId: sessionType.id,
          sessionName: type.name,
          minutes: sessionType.minutes,
          amountOere: type.amountOere,
          currency: 'dkk',
          payment: 'ved-booking',
          customerName: details.navn,
          customerEmail: details.email,
          customerPhone: details.telefon,
          holdUntil: new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString(),
          termsVersion: terms.version,
          termsSnapshot: snapshot,
          // The purchase form asks for it (never pre-ticked): sessions may be booked at once.
          expressStart: true,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        })
        .returning()
        .get()
      return { status: 'oprettet', order }
    })
    .immediate()
}

/** The last Danish date a card bought on `purchased` is valid: the same day of the month `months` later (or that month's last day). */
export function lastValidDate(purchased: Date, months: number) {
  const [year, month, day] = toLocal(purchased).date.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  return `${target.getUTCFullYear()}-${String(target.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}

/**
 * Called by the one fulfilment, inside its transaction, when a package's order is paid: the card
 * with its balance, the ledger's +n, and the confirmation e-mail (with the card's page).
 */
export function issueCard(db: Db, order: Order, now: Date): PackageCard {
  const snapshot = order.termsSnapshot as unknown as PackageSnapshot
  const type = snapshot.packageType
  const publicId = newPublicId()
  const validThrough = lastValidDate(now, type.validMonths)
  const card = db
    .insert(packageCards)
    .values({
      publicId,
      tokenHash: hashToken(cardToken(publicId)),
      orderId: order.id,
      packageTypeId: type.id,
      name: type.name,
      sessionTypeId: snapshot.sessionType.id,
      total: type.sessions,
      remaining: type.sessions,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      emailKey: order.customerEmail.toLowerCase(),
      phone: order.customerPhone ?? '',
      createdAt: now.toISOString(),
      expiresAt: fromLocal(addDays(validThrough, 1), '00:00')!.toISOString(),
    })
    .returning()
    .get()
  db.insert(packageLedger).values({ cardId: card.id, change: type.sessions, cause: 'koebt', createdAt: now.toISOString() }).run()
  queueEffects(db, [orderEmail(order, 'bekraeftelse')], now)
  return card
}

export const cardOfOrder = (db: Db, orderId: number) => db.select().from(packageCards).where(eq(packageCards.orderId, orderId)).get()
