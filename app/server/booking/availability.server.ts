import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { LineCounter, isNode, parseDocument } from 'yaml'
import type { Db } from '#db/database'
import { readState, writeState } from '~/server/app-state.server'
import { getPrivacy } from '~/server/content/content.server'
import { log } from '~/server/log.server'
import { type Availability, availabilityFileSchema, toAvailability } from '~/lib/booking/availability-schema'

export const AVAILABILITY_FILE = 'content/booking.yaml'

export const availabilityPath = () => resolve(process.env.BOOKING_FILE ?? AVAILABILITY_FILE)

export type AvailabilityResult = { ok: true; availability: Availability } | { ok: false; errors: string[] }

/**
 * The line a YAML error belongs to. The parser notices an unclosed [ { or " only where the next
 * line (or the end of the file) cannot continue it, so such an error is given to the nearest line
 * at or before it that opens more than it closes; any other error keeps its own line.
 */
function openedOn(text: string, code: string, line: number | undefined) {
  if (line === undefined || (code !== 'BAD_INDENT' && code !== 'MISSING_CHAR')) return line
  const lines = text.split(/\r?\n/)
  const count = (value: string, char: string) => value.split(char).length - 1
  for (let at = Math.min(line, lines.length); at >= 1; at--) {
    const content = lines[at - 1]!.replace(/\s#.*$|^#.*$/, '')
    const value = content.replace(/^[^:]*:\s*/, '')
    const unclosed = count(content, '[') > count(content, ']') || count(content, '{') > count(content, '}') || count(content, '"') % 2 === 1 || (value.startsWith("'") && count(value, "'") % 2 === 1)
    if (unclosed) return at
  }
  return line
}

/**
 * Checks the text of the availability file. Every problem names its line, so the coach can find
 * it; a file with any problem closes booking (the pages then point to the contact form).
 */
export function checkAvailabilityText(text: string): AvailabilityResult {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line)
  if (document.errors.length > 0) {
    return {
      ok: false,
      errors: document.errors.map((error) => `linje ${openedOn(text, error.code, lineOf(error.pos[0])) ?? '?'}: filen kan ikke læses som YAML (${error.code === 'DUPLICATE_KEY' ? 'en nøgle står to gange – slet den ene' : 'tjek kolon, anførselstegn og [ ] på linjen'})`),
    }
  }
  const result = availabilityFileSchema.safeParse(document.toJS() ?? {})
  if (result.success) return { ok: true, availability: toAvailability(result.data) }
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      // The deepest node the path still reaches in the file: a missing key points at its parent.
      let line: number | undefined
      for (let depth = issue.path.length; depth >= 0 && line === undefined; depth--) {
        const node = document.getIn(issue.path.slice(0, depth) as Array<string | number>, true)
        if (isNode(node)) line = lineOf(node.range?.[0])
      }
      return `linje ${line ?? 1}: ${issue.message}`
    }),
  }
}

let cached: { path: string; mtimeMs: number; size: number; text: string; result: AvailabilityResult } | undefined

/** The file's text and settings, read again only when the coach has saved it. */
function readAvailabilityFile(path: string): { text?: string; result: AvailabilityResult } {
  let stat: { mtimeMs: number; size: number }
  try {
    stat = statSync(path)
  } catch {
    return { result: { ok: false, errors: [`filen ${path} findes ikke – læg den tilbage (se docs/vejledning.md, afsnittet »Dine bookingtider«)`] } }
  }
  if (cached && cached.path === path && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached
  const text = readFileSync(path, 'utf8')
  cached = { path, mtimeMs: stat.mtimeMs, size: stat.size, text, result: checkAvailabilityText(text) }
  return cached
}

/** The file's current settings; read again whenever the coach has saved it. */
export const loadAvailability = (path = availabilityPath()): AvailabilityResult => readAvailabilityFile(path).result

/** The last good rules of a file, and the databases they are already kept in. */
type GoodRules = { text: string; availability: Availability; keptIn: WeakSet<Db> }
const lastGood = new Map<string, GoodRules>()
const reportedErrors = new Map<string, string>()
const lastGoodKey = (path: string) => `booking.yaml:last-good:${path}`

/**
 * The rules in force: the file's, or while it has an error, the last rules it held that were good.
 * A typo saved by mistake must neither close booking nor open it wider; the error is logged once
 * and listed by check:launch and booking:tider. With a database (the server's), the last good text is
 * kept there too, so a restart keeps it. Every booking page asks: while the file is good, that costs
 * a stat and two lookups, and the database is written once per text.
 */
export function rulesInForce(db?: Db, path = availabilityPath()): { availability: Availability | undefined; errors: string[] } {
  const { text, result } = readAvailabilityFile(path)
  if (result.ok) {
    const known = lastGood.get(path)
    const good = known && known.text === text ? known : { text: text!, availability: result.availability, keptIn: new WeakSet<Db>() }
    lastGood.set(path, good)
    if (db && !good.keptIn.has(db)) {
      if (readState(db, lastGoodKey(path))?.value !== good.text) writeState(db, lastGoodKey(path), good.text)
      good.keptIn.add(db)
    }
    reportedErrors.delete(path)
    return { availability: result.availability, errors: [] }
  }
  const stored = db ? readState(db, lastGoodKey(path)) : undefined
  if (stored && lastGood.get(path)?.text !== stored.value) {
    const checked = checkAvailabilityText(stored.value)
    if (checked.ok) lastGood.set(path, { text: stored.value, availability: checked.availability, keptIn: new WeakSet([db!]) })
  }
  if (reportedErrors.get(path) !== result.errors.join('\n')) {
    reportedErrors.set(path, result.errors.join('\n'))
    log('error', 'booking.yaml has errors: the last good rules stay in force', { errors: result.errors, lastGood: lastGood.has(path) })
  }
  return { availability: lastGood.get(path)?.availability, errors: result.errors }
}

/** The settings while booking is possible; undefined when the rules close it (or never were good). */
export function openAvailability(db?: Db): Availability | undefined {
  const { availability } = rulesInForce(db)
  return availability?.open ? availability : undefined
}

/**
 * What `npm run check:launch` says about the file: its errors, that its times are still the shipped
 * sample, or that its retention differs from what the privacy policy promises.
 */
export function availabilityLaunchItems(result: AvailabilityResult = loadAvailability(), policyRetentionDays = getPrivacy().bookingRetentionDays) {
  // The server keeps the last good rules (rulesInForce); the check reads the file alone and cannot know them.
  if (!result.ok) return result.errors.map((error) => ({ what: `${error} (siden bruger de sidste gyldige regler, indtil fejlen er rettet; har filen aldrig været gyldig, er booking lukket)`, where: AVAILABILITY_FILE }))
  const items: Array<{ what: string; where: string }> = []
  if (result.availability.sample) {
    items.push({ what: 'bookingtiderne er et eksempel (eksempel: ja) – skriv dine egne tider, lukkede dage og regler, og slet linjen »eksempel: ja«', where: AVAILABILITY_FILE })
  }
  if (result.availability.purgeAfterDays !== policyRetentionDays) {
    items.push({
      what: `slet_efter_dage er ${result.availability.purgeAfterDays}, men privatlivspolitikken lover ${policyRetentionDays} dage (bookinger_dage under slettes_efter i content/privatliv.yaml) – skriv det samme tal begge steder`,
      where: AVAILABILITY_FILE,
    })
  }
  return items
}
