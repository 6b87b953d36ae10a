import { purgeOldMessages, retryPendingMessages } from '~/server/contact.server'
import { log } from '~/server/log.server'

const RETRY_EVERY_MS = 60 * 1000
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000

let timers: NodeJS.Timeout[] = []

async function retryDueMessages() {
  try {
    const result = await retryPendingMessages()
    if (result.tried > 0) log('info', 'contact retry run', result)
  } catch (error) {
    log('error', 'contact retry run failed', { error: error instanceof Error ? error.message : String(error) })
  }
}

function purge() {
  try {
    const removed = purgeOldMessages()
    if (removed > 0) log('info', 'old contact messages deleted', { removed })
  } catch (error) {
    log('error', 'contact purge failed', { error: error instanceof Error ? error.message : String(error) })
  }
}

/** Retries unsent e-mails with backoff and deletes messages past retention, from server start on. */
export function startBackgroundJobs() {
  if (timers.length > 0 || process.env.BACKGROUND_JOBS === 'off') return
  purge()
  void retryDueMessages()
  timers = [setInterval(retryDueMessages, RETRY_EVERY_MS), setInterval(purge, PURGE_EVERY_MS)]
  for (const timer of timers) timer.unref()
}

export function stopBackgroundJobs() {
  for (const timer of timers) clearInterval(timer)
  timers = []
}
