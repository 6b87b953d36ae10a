/**
 * For `npm run test:deploy`: Caddy's log keeps what the privacy policy promises. After a booking and
 * a contact message through Varnish and Caddy, the log holds no visitor's full IP address (IPv4 or
 * IPv6), no booking's manage token, and its rolled files are deleted after at most 30 days.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { isIP } from 'node:net'
import { join } from 'node:path'
import { everyDayAvailability } from './every-day-availability.ts'

/** Where deploy/Caddyfile writes the site's log on the production machine. */
export const PRODUCTION_LOG_FILE = '/var/log/caddy/coach-site.log'

/** What the privacy policy promises for the server's logs (content/privatliv.yaml, slettes_efter → log_dage). */
const MOST_DAYS_KEPT = 30

/** Every day from 08:00 to 20:00: whatever day the test runs, a time is free to book. */
export const EVERY_DAY_AVAILABILITY = everyDayAvailability()

/** Masked as the Caddyfile masks: the last part of an IPv4 address zeroed, an IPv6 address cut to its /48 network. */
const isMasked = (address: string) => (isIP(address) === 4 ? address.endsWith('.0') : address.endsWith('::'))

/** Every string in a log line, except the site's own name (the Host header, 127.0.0.1:port in the test). */
function strings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key === 'host' ? [] : [value]
  if (Array.isArray(value)) return value.flatMap((item) => strings(item))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => strings(item, name))
  return []
}

/** The IP addresses in a string: alone, in a list (X-Forwarded-For), with a port or in brackets. */
const addressesIn = (text: string) =>
  text
    .split(/[\s,;"=]+/)
    .map((piece) => piece.replace(/^\[|\](?::\d+)?$/g, '').replace(/^((?:\d{1,3}\.){3}\d{1,3}):\d+$/, '$1'))
    .filter((piece) => isIP(piece) !== 0)

/**
 * What in Caddy's log breaks the policy: a full client address anywhere in a line, or one of the
 * secrets (manage tokens, the visitors' addresses) anywhere in the file. Empty: nothing.
 */
export function privacyBreaches(log: string, secrets: string[]): string[] {
  const breaches: string[] = []
  for (const line of log.split('\n').filter(Boolean)) {
    let entry: unknown
    try {
      entry = JSON.parse(line)
    } catch {
      breaches.push(`a line that is not JSON, so not filtered: ${line.slice(0, 80)}`)
      continue
    }
    for (const address of strings(entry).flatMap(addressesIn)) if (!isMasked(address)) breaches.push(`full address ${address}`)
  }
  for (const secret of secrets) if (log.includes(secret)) breaches.push(`secret in the log: ${secret.slice(0, 6)}…`)
  return [...new Set(breaches)]
}

type AdaptedLog = { writer?: { output?: string; filename?: string; roll_keep_days?: number; roll_disabled?: boolean } }

/** The file logs of a Caddyfile as Caddy itself reads it (`caddy adapt`), with how long each keeps its rolled files. */
export function fileLogRetention(caddyfile: string): Array<{ file: string; days: number | undefined }> {
  const adapted = JSON.parse(execFileSync('caddy', ['adapt', '--config', caddyfile, '--adapter', 'caddyfile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))
  const logs = Object.values((adapted.logging?.logs ?? {}) as Record<string, AdaptedLog>)
  return logs
    .filter((log) => log.writer?.output === 'file')
    .map(({ writer }) => ({ file: writer!.filename ?? '?', days: writer!.roll_disabled ? undefined : writer!.roll_keep_days }))
}

/** True when every file log of the Caddyfile deletes its rolled files within the policy's 30 days. */
export const keepsAtMostThirtyDays = (retention: ReturnType<typeof fileLogRetention>) =>
  retention.length > 0 && retention.every(({ days }) => days !== undefined && days > 0 && days <= MOST_DAYS_KEPT)

type Through = (path: string, init?: RequestInit) => Promise<Response>

/**
 * Books the first free time through the proxies, as a browser without JavaScript would, and opens
 * the manage page from the link in the visitor's e-mail (the answer itself says only »Tjek din
 * e-mail«). Returns the manage token (to look for in the log).
 */
export async function bookThroughProxies(through: Through, headers: Record<string, string>, outbox: string): Promise<string> {
  const week = await (await through('/book-samtale')).text()
  const href = /href="\/book-samtale\/([^"?#]+)"/.exec(week)?.[1]
  if (!href) throw new Error('/book-samtale shows no free time')
  const slotKey = decodeURIComponent(href)
  const form = await (await through(`/book-samtale/${href}`)).text()
  const action = /<form id="bookingformular"[^>]*\saction="([^"]+)"/.exec(form)?.[1]?.replace(/&amp;/g, '&')
  if (!action) throw new Error(`/book-samtale/${href} has no booking form`)
  const answer = await through(action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ tidspunkt: slotKey, navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: '', website: '' }),
  })
  const location = answer.headers.get('location') ?? ''
  if (answer.status !== 303 || !location.startsWith('/book-samtale?status=tjek-email')) throw new Error(`the booking was not made: ${answer.status} ${location}`)
  const confirmation = readdirSync(outbox).find((file) => /^booking-[a-z0-9]{8}-bekraeftelse-0-gaest\.json$/.test(file))
  const token = confirmation && /\/booking\/([A-Za-z0-9_-]{32})/.exec(readFileSync(join(outbox, confirmation), 'utf8'))?.[1]
  if (!token) throw new Error(`the booking's confirmation with its link is not in the outbox (${outbox})`)
  // The manage page, as the visitor opens it from the e-mail: the token is in the address Caddy logs.
  const manage = `/booking/${token}`
  await through(manage, { headers: { Referer: `https://www.coach-eksempel.dk${manage}` } })
  return token
}
