/**
 * The coach's CalDAV calendar (iCloud, Fastmail, Nextcloud, Radicale…): plain HTTP with basic
 * auth, a timeout on every request. The address and password live only in the environment and are
 * never logged; a log line names the calendar by its host.
 */

export type CaldavConfig = { url: string; authorization?: string }

const TIMEOUT_MS = 10_000
/** What the coach is told about a calendar address typed without https:// (or otherwise no address). */
const INVALID_ADDRESS = 'ugyldig adresse – den skal begynde med https://'

export function caldavConfig(env: NodeJS.ProcessEnv = process.env): CaldavConfig | undefined {
  const address = env.CALDAV_URL?.trim()
  if (!address) return undefined
  const { url, ...signInInUrl } = withoutSignIn(address)
  // The two variables are the sign-in when either is set; otherwise the one the address carried.
  const { user, password } = env.CALDAV_USER || env.CALDAV_PASSWORD ? { user: env.CALDAV_USER ?? '', password: env.CALDAV_PASSWORD ?? '' } : signInInUrl
  return {
    // The calendar is a collection: its members are addressed below it.
    url: url.endsWith('/') ? url : `${url}/`,
    authorization: user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined,
  }
}

/**
 * An address copied with its sign-in (https://coach:kode@caldav.eksempel.dk/…): fetch refuses such an
 * address, so the user and password go where CALDAV_USER and CALDAV_PASSWORD go, the Authorization
 * header, and never into an address that a message could quote.
 */
function withoutSignIn(address: string) {
  const parsed = URL.parse(address)
  if (!parsed || (!parsed.username && !parsed.password)) return { url: address, user: '', password: '' }
  const signIn = { user: decoded(parsed.username), password: decoded(parsed.password) }
  parsed.username = ''
  parsed.password = ''
  return { url: parsed.href, ...signIn }
}

/** A password typed with a bare % (50%rabat) is meant as it stands. */
function decoded(text: string) {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * Why a request to one of the coach's calendars (a feed or CalDAV) failed, in words that never carry
 * the address (fetch's own messages can); `otherwise`: what to say when the error's words cannot be used.
 */
export function calendarFailure(error: unknown, otherwise: string) {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'intet svar i tide'
  const { code: ownCode, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } }
  // An address typed without https:// (fetch's error has the code in its cause, URL's in itself).
  if (ownCode === 'ERR_INVALID_URL' || cause?.code === 'ERR_INVALID_URL') return INVALID_ADDRESS
  const code = cause?.code
  if (code) return `kunne ikke forbinde (${code})`
  if (error instanceof Error && error.message === 'fetch failed') return 'kunne ikke forbinde'
  return error instanceof Error && !/https?:\/\//i.test(error.message) ? error.message : otherwise
}

/** The host a calendar's label names, never the rest of its address (its path can be the secret). */
export const hostOf = (address: string) => URL.parse(address)?.host || 'ugyldig adresse'

export const caldavLabel = (config: CaldavConfig) => `CalDAV-kalenderen (${hostOf(config.url)})`

export function caldavRequest(config: CaldavConfig, method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {}) {
  return fetch(new URL(path, config.url), {
    method,
    headers: { ...(config.authorization ? { Authorization: config.authorization } : {}), ...headers },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
}

/** The address of a booking's event in the calendar: its UID, made safe for a path. */
export const eventPath = (uid: string) => `${encodeURIComponent(uid.replace(/[^A-Za-z0-9@._-]/g, '-'))}.ics`

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#' ? String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))) : (entities[name] ?? whole),
  )

/** The calendar texts in a CalDAV multistatus answer (RFC 4791 calendar-data), whatever its namespace prefix. */
export function calendarDataOf(xml: string) {
  return [...xml.matchAll(/<(?:[\w-]+:)?calendar-data\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?calendar-data>/g)].map(([, inner]) => {
    const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(inner!)
    return cdata ? cdata[1]! : unescapeXml(inner!)
  })
}

const icalUtc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/** The events of the calendar that touch a period: a calendar-query REPORT with a time-range. */
export async function eventsBetween(config: CaldavConfig, from: number, to: number) {
  const body = `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="${icalUtc(from)}" end="${icalUtc(to)}"/></C:comp-filter></C:comp-filter></C:filter>
</C:calendar-query>`
  const response = await caldavRequest(config, 'REPORT', '', { headers: { Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' }, body })
  if (response.status !== 207) throw new Error(`CalDAV REPORT svarede ${response.status}`)
  return calendarDataOf(await response.text())
}
