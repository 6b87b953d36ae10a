import { type SQL, eq, or, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { outbox } from '#db/schema'
import { errorFields, log } from '~/server/log.server'
import { configuredHandlers } from '~/server/outbox/handlers.server'
import { runOutbox } from '~/server/outbox/worker.server'
import { findOrder, orderOfBooking } from '~/server/payments/orders.server'

const VISITOR_WAIT_MS = 8 * 1000

/**
 * Carries out what a change to an order queued (its e-mails, its booking's e-mails and calendar
 * write, its refund) right away, waiting a little for it: the visitor's confirmation should not
 * wait for the next run of the worker. Whatever is not done by then goes out in the background.
 */
export async function deliverOrderEffects(db: Db, orderId: number) {
  const order = findOrder(db, orderId)
  if (!order) return
  const where = or(sql`json_extract(${outbox.payload}, '$.orderId') = ${orderId}`, order.bookingId === null ? undefined : eq(outbox.bookingId, order.bookingId))
  await deliverWaiting(db, where, { order: order.publicId })
}

/** A session booked with a klippekort: its confirmation and calendar write, the same way. */
export const deliverBookingEffects = (db: Db, bookingId: number) => deliverWaiting(db, eq(outbox.bookingId, bookingId), { booking: bookingId })

async function deliverWaiting(db: Db, where: SQL | undefined, about: Record<string, unknown>) {
  const delivery = runOutbox({ db, handlers: configuredHandlers(), where }).catch((error) => log('error', 'effects not carried out', { ...about, ...errorFields(error) }))
  await Promise.race([delivery, new Promise((resolve) => setTimeout(resolve, VISITOR_WAIT_MS).unref())])
}

/** The same for the order of a booking (the desk's actions know the booking), when it has one. */
export async function deliverOrderEffectsOfBooking(db: Db, bookingId: number) {
  const order = orderOfBooking(db, bookingId)
  if (order) await deliverOrderEffects(db, order.id)
}
