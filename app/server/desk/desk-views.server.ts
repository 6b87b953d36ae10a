import { documentsOfOrder } from '~/server/bookkeeping/documents.server'
import { ordersOf } from '~/server/bookkeeping/retention.server'
import { type SQLWrapper, and, asc, desc, eq, gte, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '#db/database'
import { type Booking, type ContactMessage, bookings, contactMessages } from '#db/schema'
import { modeLabelsForCoach } from '~/lib/booking/booking-form'
import { freeSlotsByDay, slotKey } from '~/lib/booking/slots'
import { formatDay, formatInstant, formatPeriod, formatTime, toLocal } from '~/lib/booking/time'
import { serviceTypeLabels, type ServiceType } from '~/lib/contact'
import type { DeskBooking, DeskBookingPage, DeskClosedTimes, DeskDay, DeskMessage, DeskMessageLine, DeskOverview, DeskPerson, DeskPersonPage } from '~/lib/desk/desk-data'
import type { Availability } from '~/lib/booking/availability-schema'
import { holidayOn } from '~/lib/booking/holidays'
import { type Slot, type Taken, plannedSlots, unavailability } from '~/lib/booking/slots'
import { addDays } from '~/lib/booking/time'
import { openProblems, problemTitles } from '~/server/alerts/coach-alerts.server'
import { openAvailability, rulesInForce } from '~/server/booking/availability.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { coachRules, findByCode, takenBetween, withLengthOf } from '~/server/booking/bookings.server'
import { type LabelledBusy, busyBetween, busySourceStates, labelledBusyBetween, movedInHerCalendar } from '~/server/calendar/busy-sources.server'
import { recordDeskEvent } from '~/server/desk/desk-events.server'
import { effectLabels, unfinishedEffects } from '~/server/outbox/outbox.server'
import { site } from '~/server/content/content.server'
import { formatDanishDate } from '~/lib/dates'
import { paymentOfBooking } from '~/server/payments/payment-desk.server'

import { cardHolders, deskCards } from '~/server/payments/package-desk.server'
import { cardsFor, usable } from '~/server/payments/package-ledger.server'
/** What the desk's pages show, read from the database for the signed-in coach. */

const DAY_MS = 86_400_000
const FREE_TIMES_SHOWN = 6
const MESSAGES_SHOWN = 30
const PERSONS_SHOWN = 20

const clock = (iso: string) => formatTime(toLocal(new Date(iso)).time)

/** »Du har flyttet … i din kalender«, when her calendar has the booking's event at another time. */
function movedInCalendar(db: Db, booking: Booking) {
  if (booking.status !== 'bekraeftet' || !booking.uid) return undefined
  const there = movedInHerCalendar(db, booking)
  if (!there) return undefined
  return `Du har flyttet samtalen med ${booking.name} (${formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))}) til ${formatPeriod(new Date(there.start), new Date(there.end))} i din kalender – flyt eller aflys for den besøgende?`
}

function deskBooking(booking: Booking, now: Date, db?: Db): DeskBooking {
  const moved = db && Date.parse(booking.endsAt) > now.getTime() ? movedInCalendar(db, booking) : undefined
  const payment = db && paymentOfBooking(db, booking)
  return {
    ...(moved ? { movedInCalendar: moved } : {}),
    ...(payment ? { payment } : {}),
    code: booking.publicId,
    time: `kl. ${clock(booking.startsAt)}–${clock(booking.endsAt)}`,
    name: booking.name,
    mode: modeLabelsForCoach[booking.mode],
    phone: booking.phone,
    email: booking.email,
    note: booking.note,
    cancelled: booking.status === 'aflyst',
    noShow: booking.outcome === 'udeblevet',
    begun: Date.parse(booking.startsAt) <= now.getTime(),
  }
}

const receivedFormat = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' })
/** "18. september kl. 10.42" */
const received = (iso: string) => receivedFormat.format(new Date(iso))

const messageLine = (message: ContactMessage): DeskMessageLine => ({
  id: message.id,
  name: `${message.firstName} ${message.lastName}`,
  received: received(message.createdAt),
  unread: message.readAt === null,
  handled: message.handledAt !== null,
})

/** Today and the week behind (for a no-show), then everything ahead, by Danish day. */
function bookingDays(db: Db, now: Date): DeskDay[] {
  const since = new Date(now.getTime() - 7 * DAY_MS).toISOString()
  // A hold that ran out unpaid was never a booking.
  const list = db.select().from(bookings).where(and(gte(bookings.endsAt, since), ne(bookings.status, 'udloebet'))).orderBy(asc(bookings.startsAt)).all()
  const days = new Map<string, DeskDay>()
  for (const booking of list) {
    const day = days.get(booking.localDate) ?? { date: booking.localDate, label: formatDay(booking.localDate), bookings: [] }
    day.bookings.push(deskBooking(booking, now, db))
    days.set(booking.localDate, day)
  }
  return [...days.values()]
}

/** The next free times as visitors see them (with the notice), or undefined while booking is closed. */
function nextFreeTimes(db: Db, now: Date) {
  const availability = bookableAvailability(db, now)
  if (!availability) return undefined
  const today = toLocal(now).date
  const last = toLocal(new Date(now.getTime() + availability.windowMinutes * 60_000)).date
  return freeSlotsByDay(availability, takenBetween(db, today, last), now, today, last, busyBetween(db, today, last))
    .flatMap((day) => day.slots)
    .slice(0, FREE_TIMES_SHOWN)
    .map((slot) => formatInstant(slot.start))
}

/** People whose name or e-mail contains the words searched for, in bookings and messages alike. */
function searchPersons(db: Db, query: string): DeskPerson[] {
  const pattern = `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
  const found = new Map<string, DeskPerson>()
  const add = (email: string, name: string, kind: 'bookings' | 'messages') => {
    const key = email.toLowerCase()
    const person = found.get(key) ?? { email: key, name, bookings: 0, messages: 0 }
    person[kind]++
    found.set(key, person)
  }
  const escaped = (column: SQLWrapper) => sql`${column} like ${pattern} escape '\\'`
  for (const booking of db.select().from(bookings).where(or(escaped(bookings.name), escaped(bookings.email))).all()) add(booking.email, booking.name, 'bookings')
  const fullName = sql`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}`
  for (const message of db
    .select()
    .from(contactMessages)
    .where(or(escaped(fullName), escaped(contactMessages.email)))
    .all())
    add(message.email, `${message.firstName} ${message.lastName}`, 'messages')
  return [...found.values()].slice(0, PERSONS_SHOWN)
}

/** What the site could not send yet, from the outbox: the desk shows it and can revive what gave up. */
function undelivered(db: Db): DeskOverview['undelivered'] {
  const unfinished = unfinishedEffects(db)
  return {
    failed: unfinished.filter((effect) => effect.status === 'failed').map((effect) => ({ what: effectLabels[effect.kind], queued: received(effect.createdAt), error: effect.lastError ?? '' })),
    retrying: unfinished.filter((effect) => effect.status !== 'failed' && effect.attempts > 0).length,
  }
}

export function deskOverview(db: Db, now: Date, query: string): DeskOverview {
  const words = query.trim().slice(0, 100)
  return {
    days: bookingDays(db, now),
    freeTimes: nextFreeTimes(db, now),
    messages: db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(MESSAGES_SHOWN).all().map(messageLine),
    search: words ? { query: words, persons: searchPersons(db, words) } : undefined,
    cardHolders: cardHolders(db, now),
    undelivered: undelivered(db),
    problems: openProblems(db).map((problem) => ({ title: problemTitles[problem.id], since: received(problem.since) })),
  }
}

/** One booking with what the coach can do to it; the free times to move to keep every rule but the notice. */
export function deskBookingPage(db: Db, code: string, now: Date): DeskBookingPage | undefined {
  const booking = /^[a-z0-9]{8}$/.test(code) ? findByCode(db, code) : undefined
  if (!booking) return undefined
  const changeable = booking.status === 'bekraeftet' && Date.parse(booking.endsAt) > now.getTime()
  const open = openAvailability(db)
  const availability = open && bookableAvailability(db, now) ? withLengthOf(coachRules(open), booking) : undefined
  const today = toLocal(now).date
  const last = availability ? toLocal(new Date(now.getTime() + availability.windowMinutes * 60_000)).date : today
  const taken = takenBetween(db, today, last).filter((other) => other.startsAt !== booking.startsAt)
  const moveTo =
    changeable && availability
      ? freeSlotsByDay(availability, taken, now, today, last, busyBetween(db, today, last)).map((day) => ({
          label: formatDay(day.date),
          slots: day.slots.filter((slot) => slot.start.toISOString() !== booking.startsAt).map((slot) => ({ key: slotKey(slot), label: formatInstant(slot.start) })),
        }))
      : []
  return {
    ...deskBooking(booking, now, db),
    period: formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt)),
    moveTo: moveTo.filter((day) => day.slots.length > 0),
    changeable,
    calendarConflict: changeable && booking.calendarConflictAt !== null,
  }
}

const CLOSED_VIEW_DAYS = 14
const MINUTE = 60_000

/** Why one time of her week cannot be booked now, in her words; undefined while it can. */
function whyClosed(availability: Availability, slot: Slot & { closed: boolean }, taken: Taken[], busy: LabelledBusy[], now: Date) {
  if (slot.closed) return availability.holidaysClosed && holidayOn(slot.date) ? 'lukket – helligdag' : 'lukket (lukket i booking.yaml)'
  const reason = unavailability(availability, slot, taken, now, busy)
  const [start, end] = [slot.start.getTime(), slot.end.getTime()]
  const overlaps = (from: number, to: number) => start < to && from < end
  switch (reason) {
    case undefined:
      return undefined
    case 'lukket':
      return 'lukket (aaben: nej i booking.yaml)'
    case 'for-tidligt':
      return 'for tæt på – varsel (tidligst)'
    case 'for-sent':
      return 'for langt ude (senest)'
    case 'taget':
      return taken.some((booking) => overlaps(Date.parse(booking.startsAt), Date.parse(booking.endsAt))) ? 'booket' : 'mellemrum/pause ved en anden samtale'
    case 'optaget': {
      const direct = busy.find((period) => overlaps(period.start, period.end))
      if (direct) return `optaget i ${direct.label}`
      const near = busy.find((period) => start < period.end + availability.bufferMinutes * MINUTE && period.start < end + availability.bufferMinutes * MINUTE)
      return `mellemrum/pause ved en aftale i ${near?.label ?? 'din kalender'}`
    }
    case 'dagen-fuld':
      return 'dagens maksimum (max_pr_dag) er nået'
  }
}

/**
 * »Hvorfor er tiden lukket?«: the next two weeks as visitors are offered them, each time of her week
 * with why it cannot be booked (booked, busy in a named calendar, closed, pause, the day's maximum,
 * too close), by the same rule the booking itself keeps (`unavailability`).
 */
export function deskClosedTimes(db: Db, now: Date): DeskClosedTimes {
  const { availability } = rulesInForce(db)
  if (!availability) return { closedNow: 'content/booking.yaml har en fejl og har aldrig været gyldig, så der er ingen tider (se vejledningen, »Dine bookingtider«).', days: [] }
  const stale = busySourceStates(db, availability.calendarMaxAgeMinutes, now).filter((source) => source.stale)
  const closedNow = !availability.open
    ? 'Bookingen er slået fra (aaben: nej i content/booking.yaml).'
    : stale.length > 0 && !bookableAvailability(db, now)
      ? `Lige nu tilbydes ingen tider, fordi ${stale.map((source) => source.label).join(' og ')} ikke er læst inden for kalender_max_alder. Tiderne herunder er, som de ville være.`
      : undefined
  const today = toLocal(now).date
  const last = addDays(today, CLOSED_VIEW_DAYS - 1)
  const taken = takenBetween(db, today, last)
  const busy = labelledBusyBetween(db, today, last)
  const days: DeskClosedTimes['days'] = []
  for (let date = today; date <= last; date = addDays(date, 1)) {
    const slots = plannedSlots(availability, date)
    const open = slots.filter((slot) => !slot.closed)
    const hours = open.length > 0 ? `kl. ${formatTime(toLocal(open[0]!.start).time)}–${formatTime(toLocal(open.at(-1)!.end).time)}` : slots.length > 0 ? 'lukket hele dagen' : 'ingen tider i din uge'
    days.push({ date, label: formatDay(date), hours, slots: slots.map((slot) => ({ time: `kl. ${formatTime(slot.time)}`, reason: whyClosed(availability, slot, taken, busy, now) })) })
  }
  return { closedNow, days }
}

/** One message; opening it marks it read (the desk's list then shows it without »ny«). */
export function deskMessage(db: Db, id: string, now: Date): DeskMessage | undefined {
  if (!/^\d{1,9}$/.test(id)) return undefined
  let message = db.select().from(contactMessages).where(eq(contactMessages.id, Number(id))).get()
  if (!message) return undefined
  if (message.readAt === null) {
    message = db.update(contactMessages).set({ readAt: now.toISOString() }).where(and(eq(contactMessages.id, message.id), isNull(contactMessages.readAt))).returning().get() ?? message
    recordDeskEvent(db, 'besked-laest', now, { messageId: message.id })
  }
  return {
    ...messageLine(message),
    email: message.email,
    phone: message.phone,
    service: message.serviceType ? serviceTypeLabels[message.serviceType as ServiceType] ?? message.serviceType : 'Ikke angivet',
    address: message.address || 'Ikke angivet',
    text: message.message,
    becameClient: message.becameClientAt !== null,
    deletedOn: formatDanishDate(new Date(Date.parse(message.createdAt) + (message.becameClientAt ? site.contactRetentionDays : site.enquiryRetentionDays) * DAY_MS).toISOString()),
    clientRetentionDays: site.contactRetentionDays,
  }
}

/** Everything stored about one person, as the confirmation of an erasure lists it. */
export function deskPerson(db: Db, email: string, now: Date): DeskPersonPage | undefined {
  const key = email.trim().toLowerCase()
  if (!key || key.length > 254) return undefined
  // A hold that ran out unpaid was never a booking.
  const theirBookings = db.select().from(bookings).where(and(eq(bookings.emailKey, key), ne(bookings.status, 'udloebet'))).orderBy(asc(bookings.startsAt)).all()
  const messages = db.select().from(contactMessages).where(sql`lower(${contactMessages.email}) = ${key}`).orderBy(desc(contactMessages.createdAt)).all()
  // Orders outlive their bookings (kept for the bookkeeping): a person with only orders is still found.
  const theirOrders = ordersOf(db, key)
  const cards = deskCards(db, key, now)
  if (theirBookings.length === 0 && messages.length === 0 && theirOrders.length === 0 && cards.length === 0) return undefined
  return {
    email: key,
    name: theirBookings[0]?.name ?? (messages[0] ? `${messages[0].firstName} ${messages[0].lastName}` : (theirOrders[0]?.customerName ?? cardsFor(db, key)[0]!.customerName)),
    cards,
    balance: cardsFor(db, key).filter((card) => usable(card, now)).reduce((sum, card) => sum + card.remaining, 0),
    bookings: theirBookings.map((booking) => ({
      code: booking.publicId,
      period: formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt)),
      status: booking.status === 'aflyst' ? 'aflyst' : booking.status === 'holdt' ? 'holdes, mens der betales' : booking.outcome === 'udeblevet' ? 'udeblev' : Date.parse(booking.endsAt) > now.getTime() ? 'kommende' : 'afholdt',
      ...(booking.sessionTypeId !== null ? { payment: paymentOfBooking(db, booking)?.line } : {}),
    })),
    messages: messages.map(messageLine),
    upcoming: theirBookings.filter((booking) => booking.status === 'bekraeftet' && Date.parse(booking.endsAt) > now.getTime()).length,
    keptDocuments: theirOrders.reduce((sum, order) => sum + documentsOfOrder(db, order.id).length, 0),
  }
}
