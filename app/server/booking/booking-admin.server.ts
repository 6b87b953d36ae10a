import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { type Booking, bookings, orders, outbox as outboxTable } from '#db/schema'
import { cardsFor, ledgerOf } from '~/server/payments/package-ledger.server'
import { queueCalendarWrite } from '~/server/calendar/calendar-writes.server'
import { exportedEffect } from '~/server/outbox/outbox.server'
import { outboxDir, outboxFilesStartingWith, removeOutboxFiles } from '~/server/mail/mail-transport.server'

/**
 * The coach's tools for bookings: the list, and what the privacy policy promises (access,
 * erasure, deletion a set number of days after the appointment), beside the contact messages'.
 */

type Options = { db?: Db; outbox?: string }

/** Upcoming bookings (cancelled ones too, so the coach sees them go) and those of the last week. */
export function bookingsForList({ db = getDb(), now = new Date(), all = false }: { db?: Db; now?: Date; all?: boolean } = {}) {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString()
  return db
    .select()
    .from(bookings)
    .where(all ? undefined : gte(bookings.startsAt, since))
    .orderBy(all ? desc(bookings.startsAt) : asc(bookings.startsAt))
    .all()
}

const bookingsOf = (db: Db, email: string) =>
  db.select().from(bookings).where(eq(bookings.emailKey, email.trim().toLowerCase())).orderBy(bookings.startsAt).all()

/** Outbox files of these bookings: named `booking-<publicId>-…` (.json, .ics, or a cut-short .tmp). */
const outboxFilesOf = (list: Booking[], outbox: string) =>
  outboxFilesStartingWith(
    list.map((booking) => `booking-${booking.publicId}-`),
    outbox,
  )

/** Everything stored about one person's bookings: the rows, the e-mail log and the outbox e-mails. */
export async function exportBookings(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const list = bookingsOf(db, email)
  const emailLog = list.length === 0 ? [] : db.select().from(outboxTable).where(inArray(outboxTable.bookingId, list.map((booking) => booking.id))).orderBy(outboxTable.id).all().map(exportedEffect)
  const files = await outboxFilesOf(list, outbox)
  const emails = await Promise.all(
    files.filter((name) => name.endsWith('.json')).map(async (file) => ({ file, ...(JSON.parse(await readFile(join(outbox, file), 'utf8')) as object) })),
  )
  // The manage token's hash opens nothing by itself, but it is no one's personal data either.
  // Orders are kept for the bookkeeping (5 years) after their bookings are gone: they are hers to see too.
  const orderList = db.select().from(orders).where(sql`lower(${orders.customerEmail}) = ${email.trim().toLowerCase()}`).orderBy(orders.id).all()
  // Her klippekort with their history (the coach's reasons included: they are about her).
  const cards = cardsFor(db, email.trim().toLowerCase()).map(({ tokenHash: _token, ...card }) => ({ ...card, ledger: ledgerOf(db, card.id) }))
  return { bookings: list.map(({ manageTokenHash: _hash, ...booking }) => booking), bookingEmailLog: emailLog, bookingEmails: emails, orders: orderList.map(({ tokenHash: _token, requestKey: _key, ...order }) => order), klippekort: cards }
}

/** One person's bookings and their outbox files, as contact:delete lists them before it asks. */
export async function bookingsAbout(email: string, { db = getDb(), outbox = outboxDir() }: Options = {}) {
  const list = bookingsOf(db, email)
  return { bookings: list, outboxFiles: await outboxFilesOf(list, outbox) }
}

/**
 * Deletes bookings with their mail files; their e-mails waiting in the outbox go with the rows
 * (cascade), and in the same transaction each event is queued for removal from her calendar (a
 * booking whose cancellation removed it already queues nothing new: the same key).
 */
async function deleteWithFiles(db: Db, list: Booking[], mailFolder: string, now = new Date()) {
  const outboxFiles = await outboxFilesOf(list, mailFolder)
  await removeOutboxFiles(outboxFiles, mailFolder)
  if (list.length === 0) return outboxFiles
  db.$client
    .transaction(() => {
      for (const booking of list) if (booking.uid) queueCalendarWrite(db, booking, now, 'delete')
      db.delete(bookings).where(inArray(bookings.id, list.map((booking) => booking.id))).run()
    })
    .immediate()
  return outboxFiles
}

/**
 * Erases one person's bookings, cancelling first: an upcoming booking is cancelled as the coach
 * would (the visitor gets the CANCEL, her calendar is freed), and its row is deleted by the running
 * server once that has gone out (`completeErasures`). Everything else is deleted at once.
 */
export async function deleteBookings(email: string, { db = getDb(), outbox = outboxDir(), now = new Date() }: Options & { now?: Date } = {}) {
  const list = bookingsOf(db, email)
  const { cancelBooking } = await import('~/server/booking/bookings.server')
  const cancelled = list
    .filter((booking) => booking.status === 'bekraeftet' && Date.parse(booking.endsAt) > now.getTime())
    .flatMap((booking) => {
      const outcome = cancelBooking(db, { id: booking.id, by: 'coach', availability: undefined, now })
      return 'booking' in outcome ? [outcome.booking] : []
    })
  if (list.length > 0) db.update(bookings).set({ eraseRequestedAt: now.toISOString() }).where(inArray(bookings.id, list.map((booking) => booking.id))).run()
  const waiting = new Set(cancelled.map((booking) => booking.id))
  const outboxFiles = await deleteWithFiles(db, list.filter((booking) => !waiting.has(booking.id)), outbox)
  return { bookings: list, cancelled, outboxFiles }
}

/** Deletes the bookings an erasure cancelled, once no e-mail about them waits to go out. */
export async function completeErasures({ db = getDb(), outbox = outboxDir() }: Options = {}) {
  const waitingMail = db.select({ id: outboxTable.bookingId }).from(outboxTable).where(and(eq(outboxTable.kind, 'booking-email'), inArray(outboxTable.status, ['pending', 'sending'])))
  const done = db
    .select()
    .from(bookings)
    .where(and(isNotNull(bookings.eraseRequestedAt), sql`${bookings.id} not in ${waitingMail}`))
    .all()
  await deleteWithFiles(db, done, outbox)
  return done.length
}

/**
 * The retention of content/booking.yaml (its default while the file cannot be read). Loaded on
 * demand: contact:export and contact:delete use this module and need no YAML or zod.
 */
export async function retentionDays() {
  const { loadAvailability } = await import('~/server/booking/availability.server')
  const result = loadAvailability()
  return result.ok ? result.availability.purgeAfterDays : 90
}

/** Deletes bookings (and their outbox e-mails) the file's number of days after the appointment. */
export async function purgeOldBookings({ db = getDb(), now = new Date(), outbox = outboxDir(), days }: Options & { now?: Date; days?: number } = {}) {
  days ??= await retentionDays()
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString()
  const old = db.select().from(bookings).where(lt(bookings.endsAt, cutoff)).all()
  const outboxFiles = await deleteWithFiles(db, old, outbox)
  return { bookings: old.length, outboxFiles: outboxFiles.length }
}

/** How many booking e-mails wait, are being sent or gave up. */
export function undeliveredBookingEmails({ db = getDb() }: { db?: Db } = {}) {
  const [row] = db
    .select({ n: sql<number>`count(*)` })
    .from(outboxTable)
    .where(and(eq(outboxTable.kind, 'booking-email'), eq(outboxTable.status, 'failed')))
    .all()
  return Number(row?.n ?? 0)
}
