import { eq } from 'drizzle-orm'
import { getDb } from '#db/connection'
import { bookings } from '#db/schema'
import { beat, claimLease } from '~/server/app-state.server'
import { completeErasures, purgeOldBookings } from '~/server/booking/booking-admin.server'
import { rulesInForce } from '~/server/booking/availability.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { siteOrigin } from '~/server/booking/manage-link.server'
import { configuredBusySources, refreshBusySources } from '~/server/calendar/busy-sources.server'
import { deliverCalendarWrites } from '~/server/calendar/calendar-writes.server'
import { purgeOldMessages, retryPendingMessages } from '~/server/contact/contact.server'
import { getMailTransport } from '~/server/contact/mail-transport.server'
import { currentLaunchPlaceholders } from '~/server/launch-check.server'
import { log } from '~/server/log.server'
import { purgeNewsletter } from '~/server/newsletter/newsletter.server'
import { deliverNewsletterEmails, queueNewArticleNotices } from '~/server/newsletter/newsletter-mail.server'

const RETRY_EVERY_MS = 60 * 1000
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000
/** The coach's calendars are read this often (by one process at a time). */
export const BUSY_REFRESH_MS = Number(process.env.BUSY_REFRESH_SECONDS) > 0 ? Number(process.env.BUSY_REFRESH_SECONDS) * 1000 : 5 * 60 * 1000

let timers: NodeJS.Timeout[] = []
let retrying = false

async function retryDueMessages() {
  // A slow run (a mail outage with many messages) must not overlap the next one.
  if (retrying) return
  retrying = true
  try {
    const result = await retryPendingMessages()
    if (result.tried > 0) log('info', 'contact retry run', result)
  } catch (error) {
    log('error', 'contact retry run failed', { error: error instanceof Error ? error.message : String(error) })
  }
  try {
    beat(getDb())
    storeMissingUids()
    // Booking e-mails: new ones queued by the coach's commands, retries, and the reminders whose time has come.
    const result = await deliverBookingEmails({ db: getDb(), transport: getMailTransport() })
    if (result.tried > 0) log('info', 'booking e-mail run', result)
    const writes = await deliverCalendarWrites({ db: getDb() })
    if (writes.tried > 0) log('info', 'calendar write run', writes)
    const erased = await completeErasures()
    if (erased > 0) log('info', 'erased bookings deleted after their cancellation went out', { bookings: erased })
  } catch (error) {
    log('error', 'booking e-mail run failed', { error: error instanceof Error ? error.message : String(error) })
  }
  try {
    await newsletterRun()
  } catch (error) {
    log('error', 'newsletter run failed', { error: error instanceof Error ? error.message : String(error) })
  } finally {
    retrying = false
  }
}

/** Once per run: an article whose date has come is announced, and the newsletter's due e-mails go out. */
export async function newsletterRun(db = getDb(), now = new Date()) {
  const announced = queueNewArticleNotices(db, now)
  if (announced.queued > 0) log('info', 'new articles announced', { articles: announced.articles, queued: announced.queued })
  return deliverNewsletterEmails({ db, transport: getMailTransport() })
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
  } catch (error) {
    log('error', 'busy calendar run failed', { error: error instanceof Error ? error.message : String(error) })
  }
}

/** Bookings from before UIDs were stored get theirs once, from the server whose SITE_URL made their invitations. */
function storeMissingUids() {
  const db = getDb()
  const host = new URL(siteOrigin()).host
  for (const booking of db.select({ id: bookings.id, publicId: bookings.publicId }).from(bookings).where(eq(bookings.uid, '')).all()) {
    db.update(bookings).set({ uid: `${booking.publicId}@${host}` }).where(eq(bookings.id, booking.id)).run()
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
  } catch (error) {
    log('error', 'newsletter purge failed', { error: error instanceof Error ? error.message : String(error) })
  }
  try {
    const removed = await purgeOldBookings()
    if (removed.bookings + removed.outboxFiles > 0) log('info', 'old bookings deleted', removed)
  } catch (error) {
    log('error', 'booking purge failed', { error: error instanceof Error ? error.message : String(error) })
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
  void retryDueMessages()
  timers = [setInterval(retryDueMessages, RETRY_EVERY_MS), setInterval(purge, PURGE_EVERY_MS)]
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
