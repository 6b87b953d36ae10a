import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { format } from 'node:util'
import { hashIp } from '~/server/limits/sender.server'

type Level = 'debug' | 'info' | 'warn' | 'error'

/** LOG_LEVEL=silent turns logging off (benchmarks). */
export const loggingEnabled = process.env.LOG_LEVEL !== 'silent'

/**
 * Straight to the stream, as console.log and console.error would write it: a line already JSON
 * needs neither the console's formatting nor the JSON wrapper below (one per request adds up).
 */
const streamOf = { debug: 'stdout', info: 'stdout', warn: 'stderr', error: 'stderr' } as const

/**
 * One JSON object per line, ready for any log collector; JSON escapes whatever a request put
 * into a field (line breaks included). Callers pass ids and hashes, never personal data: no
 * names, e-mails, message bodies or raw IP addresses.
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (!loggingEnabled) return
  writeLine(streamOf[level], `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`)
}

/**
 * LOG_FILE sends the lines to a file instead. The coach's commands set it (package.json), so her
 * terminal shows only their Danish answers while the log still lands where it can be read after
 * a failure; the server leaves it unset and writes to stdout and stderr, for journald.
 */
const logFile = process.env.LOG_FILE
let logFolderMade = false

function writeLine(stream: 'stdout' | 'stderr', line: string) {
  if (!logFile) {
    process[stream].write(line)
    return
  }
  if (!logFolderMade) mkdirSync(dirname(logFile), { recursive: true })
  logFolderMade = true
  appendFileSync(logFile, line)
}

/** An error as log fields: its message and, for real errors, where it came from. */
export function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { error: String(error) }
  return { error: `${error.name}: ${error.message}`, stack: error.stack?.split('\n').slice(1, 6).map((line) => line.trim()) }
}

export type RequestLine = {
  method: string
  path: string
  status: number
  ms: number
  address: string
  cache?: 'hit' | 'miss'
  outcome?: 'aborted'
}

/** The one access log line per request, from the pipeline and from the production fast path. */
/**
 * A booking's manage link is a secret (it moves and cancels the booking), and so are the address of
 * the coach's bookings feed and her sign-in link: never written to the log, also not in a variant a visitor's client
 * may ask for (`//booking/…`, `/Booking/…`).
 */
export const loggablePath = (path: string) =>
  path
    .replace(/\/+booking\/+[^/?#]+/gi, '/booking/[link]')
    .replace(/\/+kalender\/+[^/?#]+/gi, '/kalender/[hemmelig]')
    // The coach's sign-in link opens her desk; the desk's queries carry a search or a person's address.
    .replace(/\/+coach\/+link\/+[^/?#]+/gi, '/coach/link/[link]')
    // The newsletter's confirmation and unsubscribe links act for one reader.
    .replace(/\/+nyhedsbrev\/+(bekraeft|afmeld)\/+[^/?#]+/gi, '/nyhedsbrev/$1/[link]')
    .replace(/^(\/+coach\b[^?#]*)[?#].*$/i, '$1')

export function logRequest({ method, path, status, ms, address, cache, outcome }: RequestLine) {
  if (!loggingEnabled) return
  const level = outcome === 'aborted' ? 'info' : status >= 500 ? 'error' : 'info'
  log(level, outcome === 'aborted' ? 'request aborted by client' : status === 404 ? 'page not found' : 'request', {
    method: method.slice(0, 10),
    path: loggablePath(path).slice(0, 300),
    status,
    ms: Math.round(ms),
    ip: hashIp(address),
    ...(cache ? { cache } : {}),
  })
}

const isClientGone = (error: unknown) => error instanceof Error && error.message === 'aborted' && (error as NodeJS.ErrnoException).code === 'ECONNRESET'

/**
 * In production every line the process writes is JSON, the framework's own messages and stack
 * traces included: console output that is not already a JSON line becomes one.
 */
export function writeConsoleAsJson() {
  for (const [method, level] of [['log', 'info'], ['info', 'info'], ['warn', 'warn'], ['error', 'error']] as const) {
    const original = console[method].bind(console)
    console[method] = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === 'string' && args[0].startsWith('{"')) return original(args[0])
      const error = args.find((arg) => arg instanceof Error)
      // Node's error for a request whose visitor left in the middle of its body, which Start prints:
      // no fault of the site, and the request's own line already says 499.
      if (isClientGone(error)) return
      original(JSON.stringify({ time: new Date().toISOString(), level, msg: format(...args.filter((arg) => arg !== error)).slice(0, 2000) || 'error', ...(error ? errorFields(error) : {}) }))
    }
  }
}
