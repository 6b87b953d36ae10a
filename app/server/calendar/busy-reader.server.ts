import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { ParseJob, ParseOutcome } from '~/server/calendar/busy-worker.server'
import type { BusyReading } from '~/server/calendar/ics-busy.server'

/**
 * Reads a calendar's text into busy times in a worker thread with a time limit. The serving thread
 * only hands the text over and waits: a feed with a series every minute, or a VTIMEZONE repeating
 * every second since 1601, costs the worker its time limit and the source its reading, never a page.
 */

/** Two thousand events take about 0.2 s; the limit is for a calendar that would never finish. */
export const PARSE_TIME_LIMIT_MS = 20_000
/** A 10 MB feed parsed event by event stays far below; above, the worker ends instead of the process. */
const MEMORY_LIMIT_MB = 512

const WORKER_NAME = './busy-worker.server.ts'
/**
 * Beside this module in the source tree (dev, tests, scripts). The production bundle is elsewhere
 * (dist/server/assets), and the server runs from the checkout (as server.ts loads dist/ from it).
 * The name is a variable, so the bundler leaves the address alone rather than copying the file.
 */
function workerFile() {
  const beside = new URL(WORKER_NAME, import.meta.url)
  return beside.protocol === 'file:' && existsSync(fileURLToPath(beside)) ? beside : pathToFileURL(resolve('app/server/calendar/busy-worker.server.ts'))
}

const REASONS: Record<Exclude<ParseOutcome, { ok: true }>['reason'], string> = {
  'not-a-calendar': 'svaret er ikke en kalender (iCal)',
  'too-heavy': 'kalenderens gentagelser er for mange at udregne',
  unreadable: 'kalenderen kunne ikke læses',
}

export class ParseFailure extends Error {}

export function readBusyOffThread(job: ParseJob, { timeLimitMs = PARSE_TIME_LIMIT_MS }: { timeLimitMs?: number } = {}): Promise<BusyReading> {
  return new Promise((resolveReading, reject) => {
    const worker = new Worker(workerFile(), { workerData: job, resourceLimits: { maxOldGenerationSizeMb: MEMORY_LIMIT_MB }, stdout: true, stderr: true })
    let settled = false
    const settle = (action: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      action()
      void worker.terminate()
    }
    const timer = setTimeout(() => settle(() => reject(new ParseFailure(`kalenderen tog mere end ${(timeLimitMs / 1000).toLocaleString('da-DK')} s at læse og blev afbrudt`))), timeLimitMs)
    worker.once('message', (outcome: ParseOutcome) => settle(() => (outcome.ok ? resolveReading(outcome.reading) : reject(new ParseFailure(REASONS[outcome.reason])))))
    // The worker's own error (out of memory, a module that failed to load): its message can quote the calendar.
    worker.once('error', () => settle(() => reject(new ParseFailure(REASONS.unreadable))))
    worker.once('exit', () => settle(() => reject(new ParseFailure(REASONS.unreadable))))
  })
}
