import { eq } from 'drizzle-orm'
import { getDb } from '#db/connection'
import { bookings } from '#db/schema'
import { checkCoachAlerts } from '~/server/alerts/coach-alerts.server'
import { beat, claimLease } from '~/server/app-state.server'
import { completeErasures, purgeOldBookings, retentionDays } from '~/server/booking/booking-admin.server'
import { purgeBookkeeping } from '~/server/bookkeeping/retention.server'
import { rulesInForce } from '~/server/booking/availability.server'
import { siteOrigin } from '~/server/links/links.server'
import { configuredBusySources, refreshBusySources } from '~/server/calendar/busy-sources.server'
import { queueCalendarWrite } from '~/server/calendar/calendar-writes.server'
import { purgeOldMessages } from '~/server/contact/contact.server'
import { purgeSenderAttempts } from '~/server/limits/sender-limits.server'
import { purgeDeskAuth } from '~/server/desk/desk-auth.server'
import { currentLaunchPlaceholders } from '~/server/launch-check.server'
import { log } from '~/server/log.server'
import { purgeNewsletter } from '~/server/newsletter/newsletter.server'
import { queueNewArticleNotices } from '~/server/newsletter/newsletter-mail.server'
import { configuredHandlers, configuredPayments } from '~/server/outbox/handlers.server'
import { catchUpPayments, queueExpiredHolds } from '~/server/payments/holds.server'
import { expireCards } from '~/server/payments/package-ledger.server'
import { runOutbox } from '~/server/outbox/worker.server'

/** The outbox's due effects go out this often (OUTBOX_EVERY_SECONDS; a minute unless set). */
const RETRY_EVERY_MS = Number(process.env.OUTBOX_EVERY_SECONDS) > 0 ? Number(process.env.OUTBOX_EVERY_SECONDS) * 1000 : 60 * 1000
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000
/** The coach's calendars are read this often (by one process at a time). */
export const BUSY_REFRESH_MS = Number(process.env.BUSY_REFRESH_SECONDS) > 0 ? Number(process.env.BUSY_REFRESH_SECONDS) * 1000 : 5 * 60 * 1000

let timers: NodeJS.Timeout[] = []
let running = false

/**
 * Once a minute: the outbox's due effects go out (new ones queued by the coach's commands, retries,
 * reminders whose time has come), erasures whose cancellation went out are completed, and an
 * article whose date has come is announced.
 */
async function runDueEffects() {
  // A slow run (a mail outage with many effects) must not overlap the next one.
  if (running) return
  running = true
  try {
    const db = getDb()
    beat(db)
    storeMissingUids()
    // Before the run: an alert that a problem started (or ended) goes out in this run.
    checkCoachAlerts(db)
    const announced = queueNewArticleNotices(db, new Date())
    if (announced.queued > 0) log('info', 'new articles announced', { articles: announced.articles, queued: announced.queued })
    // Holds past their end are expired at Stripe (the outbox, in this run); paid sessions whose
    // webhook never came are fulfilled.
    queueExpiredHolds({ db })
    // Klippekort past their validity: marked expired, their unused sessions paid back as the terms say.
    const cards = expireCards(db, new Date())
    if (cards.expired > 0) log('info', 'klippekort expired', cards)
    const payments = configuredPayments()
    if (payments) await catchUpPayments({ db, payments })
    const result = await runOutbox({ db, handlers: configuredHandlers({ payments }) })
    if (result.tried > 0) log('info', 'outbox run', result)
    const erased = await completeErasures()
    if (erased > 0) log('info', 'erased bookings deleted after their cancellation went out', { bookings: erased })
  } catch (error) {
    log('error', 'outbox run failed', { error: error instanceof Error ? error.message : String(error) })
  } finally {
    running = false
  }
}

const failingSources = new Set<string>()
/** The events each calendar skipped when last logged: logged again only when they change. */
const skippedEvents = new Map<string, string>()

/** Reads the coach's calendars; a source that starts or stops failing is logged by its label, never its address. */
export async function refreshCalendars() {
  const db = getDb()
  if (configuredBusySources().length === 0 || !claimLease(db, 'busy-refresh', BUSY_REFRESH_MS - 5_000)) return
  try {
    const windowMinutes = rulesInForce(db).availability?.windowMinutes ?? 28 * 1440
    for (const result of await refreshBusySources({ db, windowMinutes })) {
      if (!result.ok) log('error', 'busy calendar failing: its last good copy is used', { source: result.label, error: result.error })
      else if (failingSources.has(result.label)) log('info', 'busy calendar read again', { source: result.label })
      if (result.ok) failingSources.delete(result.label)
      else failingSources.add(result.label)
      // By line number only (text 1 for a feed, the object's number in a CalDAV calendar): the lines are hers.
      const skipped = JSON.stringify(result.skipped ?? [])
      if (result.ok && skipped !== (skippedEvents.get(result.label) ?? '[]')) {
        if (result.skipped) log('warn', 'busy calendar: events skipped, the rest is read', { source: result.label, events: result.skipped.length, at: result.skipped })
        skippedEvents.set(result.label, skipped)
      }
    }
    // A calendar that now closes booking (or opens it again) is told at once, not at the next outbox run.
    checkCoachAlerts(db)
  } catch (error) {
    log('error', 'busy calendar run failed', { error: error instanceof Error ? error.message : String(error) })
  }
}

/**
 * Bookings from before UIDs were stored get theirs once, from the server whose SITE_URL made their
 * invitations, and then their calendar write (none could be queued without a UID).
 */
function storeMissingUids() {
  const db = getDb()
  const host = new URL(siteOrigin()).host
  const now = new Date()
  for (const booking of db.select().from(bookings).where(eq(bookings.uid, '')).all()) {
    db.$client
      .transaction(() => {
        const stored = db.update(bookings).set({ uid: `${booking.publicId}@${host}` }).where(eq(bookings.id, booking.id)).returning().get()!
        queueCalendarWrite(db, stored, now)
      })
      .immediate()
  }
}

async function purge() {
  try {
    const removed = await purgeOldMessages()
    if (removed.messages + removed.outboxFiles > 0) log('info', 'old contact messages deleted', removed)
  } catch (error) {
    log('error', 'contact purge failed', { error: error instanceof Error ? error.message : String(error) })
  }
  try {
    const removed = await purgeNewsletter()
    if (removed.unconfirmed > 0) log('info', 'unconfirmed newsletter sign-ups deleted', removed)
    purgeSenderAttempts(getDb())
    purgeDeskAuth(getDb())
  } catch (error) {
    log('error', 'newsletter purge failed', { error: error instanceof Error ? error.message : String(error) })
  }
  try {
    const removed = await purgeOldBookings()
    if (removed.bookings + removed.outboxFiles > 0) log('info', 'old bookings deleted', removed)
  } catch (error) {
    log('error', 'booking purge failed', { error: error instanceof Error ? error.message : String(error) })
  }
  try {
    // Receipts and credit notes: five years after their financial year (bogføringsloven), not the bookings' days.
    const removed = purgeBookkeeping(getDb(), new Date(), await retentionDays())
    if (removed.documents + removed.orders > 0) log('info', 'bookkeeping records past retention deleted', removed)
  } catch (error) {
    log('error', 'bookkeeping purge failed', { error: error instanceof Error ? error.message : String(error) })
  }
}

/** Retries unsent e-mails with backoff and deletes messages past retention, from server start on. */
export function startBackgroundJobs() {
  if (timers.length > 0 || process.env.BACKGROUND_JOBS === 'off') return
  if (process.env.NODE_ENV === 'production') {
    const placeholders = currentLaunchPlaceholders()
    if (placeholders.length > 0) {
      log('warn', 'not ready for launch: placeholders remain (npm run check:launch lists them)', {
        placeholders: placeholders.map((item) => `${item.what} (${item.where})`),
      })
    }
  }
  void purge()
  void runDueEffects()
  timers = [setInterval(runDueEffects, RETRY_EVERY_MS), setInterval(purge, PURGE_EVERY_MS)]
  if (configuredBusySources().length > 0) {
    void refreshCalendars()
    timers.push(setInterval(refreshCalendars, BUSY_REFRESH_MS))
  }
  for (const timer of timers) timer.unref()
}

export function stopBackgroundJobs() {
  for (const timer of timers) clearInterval(timer)
  timers = []
}
