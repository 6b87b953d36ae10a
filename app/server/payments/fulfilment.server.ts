import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Db } from '#db/database'
import { type Order, bookings, orders } from '#db/schema'
import { coachRules, queueEmails, refusal, takenAround } from '~/server/booking/bookings.server'
import { openAvailability } from '~/server/booking/availability.server'
import { issueReceipt } from '~/server/bookkeeping/documents.server'
import { getSite } from '~/server/content/content.server'
import { busyBetween } from '~/server/calendar/busy-sources.server'
import { log } from '~/server/log.server'
import { queueEffects } from '~/server/outbox/outbox.server'
import { rulesFor } from '~/server/payments/hold-time.server'
import { findOrder, moveOrder, orderEmail } from '~/server/payments/orders.server'
import { formatKroner } from '~/lib/payments/money'
import { type PaymentContext, nowOf } from '~/server/payments/payments.server'
import { queueRefund } from '~/server/payments/refunds.server'
import { issueCard } from '~/server/payments/packages.server'

/**
 * The one fulfilment. The webhook, the return page and the catch-up job all call it with nothing
 * but the order's id: it asks Stripe for the session itself (never trusting what an event or an
 * address says), checks amount, currency and live/test mode against the order, and then, in one
 * immediate transaction that moves the order only forward, confirms the booking, gives the receipt
 * its number and queues the e-mails and the calendar write. Called twice at once, the second finds
 * the order paid and changes nothing.
 */
export type FulfilOutcome =
  | { status: 'betalt' | 'allerede-betalt'; order: Order }
  | { status: 'refunderet-tiden-var-taget'; order: Order }
  | { status: 'ikke-betalt' | 'ukendt' | 'afvist' }

export async function fulfilOrder(context: PaymentContext, orderId: number): Promise<FulfilOutcome> {
  const { db, payments } = context
  const order = findOrder(db, orderId)
  if (!order?.stripeSessionId) return { status: 'ukendt' }
  if (order.status !== 'awaiting_payment' && order.status !== 'expired') return { status: 'allerede-betalt', order }
  const session = await payments.stripe.checkout.sessions.retrieve(order.stripeSessionId)
  if (session.status !== 'complete' || session.payment_status !== 'paid') return { status: 'ikke-betalt' }
  const mismatch = mismatchOf(order, session, payments.livemode)
  if (mismatch) {
    log('error', 'payment refused: it does not match its order', { order: order.publicId, session: session.id, mismatch })
    db.update(orders)
      .set({ problem: `Betalingen passer ikke til ordren (${mismatch}) og er ikke godtaget – se den i Stripe, og tilbagebetal den dér, hvis den er rigtig.`, updatedAt: nowOf(context).toISOString() })
      .where(eq(orders.id, order.id))
      .run()
    return { status: 'afvist' }
  }
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
  return confirmPaid(db, order.id, { intent, livemode: session.livemode }, nowOf(context))
}

/** What differs between a paid session and its order, in words for the coach; undefined when they match. */
export function mismatchOf(order: Order, session: Pick<Stripe.Checkout.Session, 'amount_total' | 'currency' | 'livemode' | 'client_reference_id'>, livemode: boolean) {
  const problems: string[] = []
  if (session.amount_total !== order.amountOere) problems.push(`beløb ${session.amount_total} øre, ordren ${order.amountOere} øre`)
  if (session.currency?.toLowerCase() !== order.currency) problems.push(`valuta ${session.currency}, ordren ${order.currency}`)
  if (session.livemode !== livemode) problems.push(session.livemode ? 'en rigtig betaling til en testnøgle' : 'en testbetaling til en rigtig nøgle')
  if (session.client_reference_id !== String(order.id)) problems.push(`reference ${session.client_reference_id}, ordren ${order.id}`)
  return problems.length > 0 ? problems.join('; ') : undefined
}

export function confirmPaid(db: Db, orderId: number, paid: { intent: string | null; livemode: boolean }, now: Date): FulfilOutcome {
  return db.$client
    .transaction((): FulfilOutcome => {
      const order = findOrder(db, orderId)!
      if (order.status !== 'awaiting_payment' && order.status !== 'expired') return { status: 'allerede-betalt', order }
      const stored = moveOrder(db, order, 'paid', { paidAt: now.toISOString(), stripePaymentIntent: paid.intent, livemode: paid.livemode }, now)!
      const booking = order.bookingId === null ? undefined : db.select().from(bookings).where(eq(bookings.id, order.bookingId)).get()
      // Every paid order gets its receipt here, whatever it bought: gapless, because the number is
      // taken in the transaction that stores it (a rollback leaves no hole).
      const receipt = issueReceipt(db, stored, booking, getSite(), now)
      // A klippekort: no time was held; the card and its balance are made with the payment.
      if (stored.packageTypeId !== null) {
        issueCard(db, stored, now)
        return { status: 'betalt', order: stored }
      }
      // Paid afterwards (through her payment link): the booking stands already; the receipt goes out.
      if (booking?.status === 'bekraeftet') {
        queueEffects(db, [orderEmail(stored, 'kvittering')], now)
        return { status: 'betalt', order: stored }
      }
      if (booking?.status === 'holdt' || (booking?.status === 'udloebet' && timeStillFree(db, booking, stored, now))) {
        const confirmed = db.update(bookings).set({ status: 'bekraeftet', updatedAt: now.toISOString() }).where(eq(bookings.id, booking.id)).returning().get()
        queueEmails(db, confirmed, 'bekraeftelse', now, { availability: openAvailability(db), paymentNote: `betalt ${formatKroner(stored.amountOere)} (kvittering nr. ${receipt.number})` })
        queueEffects(db, [orderEmail(stored, 'bekraeftelse')], now)
        return { status: 'betalt', order: stored }
      }
      // The hold ran out and the time was given to someone else: the money goes back at once,
      // with an apology to the client and a note on the coach's desk.
      const refunded = queueRefund(db, stored, 'tiden-var-givet-vaek', stored.amountOere, now)!.order
      db.update(orders)
        .set({ problem: 'Betalingen kom, efter tiden var givet til en anden. Pengene er sendt retur, og klienten har fået en undskyldning – ring eventuelt og find en ny tid.' })
        .where(eq(orders.id, order.id))
        .run()
      queueEffects(db, [orderEmail(stored, 'undskyldning', { refundCause: 'tiden-var-givet-vaek' })], now)
      log('warn', 'payment arrived for a time given away: refunded', { order: order.publicId })
      return { status: 'refunderet-tiden-var-taget', order: refunded }
    })
    .immediate()
}

/** Whether a released time can still be given to the order that has now been paid: no booking or hold took it, nor her calendar. */
function timeStillFree(db: Db, booking: NonNullable<ReturnType<typeof bookingOf>>, order: Order, now: Date) {
  const availability = openAvailability(db)
  if (!availability) return false
  const type = (order.termsSnapshot as { sessionType?: Parameters<typeof rulesFor>[1] }).sessionType
  const rules = coachRules(type ? rulesFor(availability, type) : availability)
  const slot = { date: booking.localDate, time: '', start: new Date(booking.startsAt), end: new Date(booking.endsAt) }
  // Notice and window do not apply: the visitor chose the time while it was offered.
  return !refusal({ ...rules, windowMinutes: Number.MAX_SAFE_INTEGER }, slot, takenAround(db, booking.localDate, booking.id), busyBetween(db, booking.localDate, booking.localDate), now)
}

const bookingOf = (db: Db, id: number) => db.select().from(bookings).where(eq(bookings.id, id)).get()
