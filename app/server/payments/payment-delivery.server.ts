import { eq, or, sql } from 'drizzle-orm'
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
  const delivery = runOutbox({ db, handlers: configuredHandlers(), where }).catch((error) => log('error', 'order effects not carried out', { order: order.publicId, ...errorFields(error) }))
  await Promise.race([delivery, new Promise((resolve) => setTimeout(resolve, VISITOR_WAIT_MS).unref())])
}

/** The same for the order of a booking (the desk's actions know the booking), when it has one. */
export async function deliverOrderEffectsOfBooking(db: Db, bookingId: number) {
  const order = orderOfBooking(db, bookingId)
  if (order) await deliverOrderEffects(db, order.id)
}
