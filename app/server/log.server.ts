type Level = 'debug' | 'info' | 'warn' | 'error'

/** LOG_LEVEL=silent turns logging off (tests and benchmarks). */
export const loggingEnabled = process.env.LOG_LEVEL !== 'silent'

/**
 * One JSON object per line on stdout, ready for any log collector. Callers pass ids and hashes,
 * never personal data: no names, e-mails, message bodies or raw IP addresses.
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (!loggingEnabled) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}
