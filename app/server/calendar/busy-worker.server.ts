import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { type BusyReading, type Limits, parseBusyTimes } from './ics-busy.server.ts'
import { NotACalendar } from './ics/blocks.server.ts'
import { FeedTooHeavy } from './ics/expand.server.ts'

/**
 * One calendar read in a worker thread of its own: the serving thread never waits on a calendar's
 * series or time zones, and a reading that runs too long is ended from outside (busy-reader.server.ts).
 * Plain TypeScript with relative imports: Node runs it as it stands, in `npm run dev`, the tests and
 * production alike, without the bundler.
 */

export type ParseJob = { texts: string[]; window: { from: number; to: number }; owners: string[]; limits?: Limits }
/** What went wrong is a reason, never an error's message: ical.js's messages quote her calendar's lines. */
export type ParseOutcome = { ok: true; reading: BusyReading } | { ok: false; reason: 'not-a-calendar' | 'too-heavy' | 'unreadable' }

function outcome({ texts, window, owners, limits }: ParseJob): ParseOutcome {
  try {
    return { ok: true, reading: parseBusyTimes(texts, window, { owners, limits }) }
  } catch (error) {
    return { ok: false, reason: error instanceof NotACalendar ? 'not-a-calendar' : error instanceof FeedTooHeavy ? 'too-heavy' : 'unreadable' }
  }
}

/**
 * The serving thread comes first: on a machine with few cores this thread yields to it (Linux gives
 * each thread its own niceness; /proc/thread-self names this one). Elsewhere it runs as it is.
 */
function yieldToServing() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), 19)
  } catch {
    // Not Linux, or not allowed: the time limit still bounds the reading.
  }
}

yieldToServing()
parentPort?.postMessage(outcome(workerData as ParseJob))
