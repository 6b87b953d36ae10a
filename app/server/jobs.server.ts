import { getDb } from '#db/connection'
import { purgeOldBookings } from '~/server/booking/booking-admin.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { purgeOldMessages, retryPendingMessages } from '~/server/contact/contact.server'
import { getMailTransport } from '~/server/contact/mail-transport.server'
import { currentLaunchPlaceholders } from '~/server/launch-check.server'
import { log } from '~/server/log.server'

const RETRY_EVERY_MS = 60 * 1000
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000

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
    // Booking e-mails: retries, and the reminders whose time has come (within a minute of it).
    const result = await deliverBookingEmails({ db: getDb(), transport: getMailTransport() })
    if (result.tried > 0) log('info', 'booking e-mail run', result)
  } catch (error) {
    log('error', 'booking e-mail run failed', { error: error instanceof Error ? error.message : String(error) })
  } finally {
    retrying = false
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
  for (const timer of timers) timer.unref()
}

export function stopBackgroundJobs() {
  for (const timer of timers) clearInterval(timer)
  timers = []
}
