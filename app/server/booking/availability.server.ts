import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { LineCounter, isNode, parseDocument } from 'yaml'
import { privacy } from '#content/privacy'
import type { Db } from '#db/connection'
import { readState, writeState } from '~/server/app-state.server'
import { log } from '~/server/log.server'
import { type Availability, availabilityFileSchema, toAvailability } from '~/lib/booking/availability-schema'

export const AVAILABILITY_FILE = 'content/booking.yaml'

export const availabilityPath = () => resolve(process.env.BOOKING_FILE ?? AVAILABILITY_FILE)

export type AvailabilityResult = { ok: true; availability: Availability } | { ok: false; errors: string[] }

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
      errors: document.errors.map((error) => `linje ${lineOf(error.pos[0]) ?? '?'}: filen kan ikke læses som YAML (${error.code === 'DUPLICATE_KEY' ? 'en nøgle står to gange – slet den ene' : 'tjek kolon, anførselstegn og [ ] på linjen'})`),
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

let cached: { path: string; mtimeMs: number; size: number; result: AvailabilityResult } | undefined

/** The file's current settings; read again whenever the coach has saved it. */
export function loadAvailability(path = availabilityPath()): AvailabilityResult {
  let stat: { mtimeMs: number; size: number }
  try {
    stat = statSync(path)
  } catch {
    return { ok: false, errors: [`filen ${path} findes ikke – læg den tilbage (se docs/vejledning.md, afsnittet »Dine bookingtider«)`] }
  }
  if (cached && cached.path === path && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.result
  const result = checkAvailabilityText(readFileSync(path, 'utf8'))
  cached = { path, mtimeMs: stat.mtimeMs, size: stat.size, result }
  return result
}

const lastGood = new Map<string, { text: string; availability: Availability }>()
const reportedErrors = new Map<string, string>()
const lastGoodKey = (path: string) => `booking.yaml:last-good:${path}`

/**
 * The rules in force: the file's, or while it has an error, the last rules it held that were good.
 * A typo saved by mistake must neither close booking nor open it wider; the error is logged once
 * and listed by check:launch and booking:tider. With a database (the server's), the last good text is
 * kept there too, so a restart keeps it.
 */
export function rulesInForce(db?: Db, path = availabilityPath()): { availability: Availability | undefined; errors: string[]; since?: string } {
  const result = loadAvailability(path)
  if (result.ok) {
    const text = readFileSync(path, 'utf8')
    if (lastGood.get(path)?.text !== text) lastGood.set(path, { text, availability: result.availability })
    if (db && readState(db, lastGoodKey(path))?.value !== text) writeState(db, lastGoodKey(path), text)
    reportedErrors.delete(path)
    return { availability: result.availability, errors: [] }
  }
  const stored = db ? readState(db, lastGoodKey(path)) : undefined
  if (stored && lastGood.get(path)?.text !== stored.value) {
    const checked = checkAvailabilityText(stored.value)
    if (checked.ok) lastGood.set(path, { text: stored.value, availability: checked.availability })
  }
  if (reportedErrors.get(path) !== result.errors.join('\n')) {
    reportedErrors.set(path, result.errors.join('\n'))
    log('error', 'booking.yaml has errors: the last good rules stay in force', { errors: result.errors, lastGood: lastGood.has(path) })
  }
  return { availability: lastGood.get(path)?.availability, errors: result.errors, since: stored?.updatedAt }
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
export function availabilityLaunchItems(result: AvailabilityResult = loadAvailability(), policyRetentionDays = privacy.bookingRetentionDays) {
  // The server keeps the last good rules (rulesInForce); the check reads the file alone and cannot know them.
  if (!result.ok) return result.errors.map((error) => ({ what: `${error} (siden bruger de sidste gyldige regler, indtil fejlen er rettet; har filen aldrig været gyldig, er booking lukket)`, where: AVAILABILITY_FILE }))
  const items: Array<{ what: string; where: string }> = []
  if (result.availability.sample) {
    items.push({ what: 'bookingtiderne er et eksempel (eksempel: ja) – skriv dine egne tider, lukkede dage og regler, og slet linjen »eksempel: ja«', where: AVAILABILITY_FILE })
  }
  if (result.availability.purgeAfterDays !== policyRetentionDays) {
    items.push({
      what: `slet_efter_dage er ${result.availability.purgeAfterDays}, men privatlivspolitikken lover ${policyRetentionDays} dage (bookingRetentionDays i content/privacy.ts) – skriv det samme tal begge steder`,
      where: AVAILABILITY_FILE,
    })
  }
  return items
}
