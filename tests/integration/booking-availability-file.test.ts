import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { availabilityPath, loadAvailability, openAvailability, rulesInForce } from '~/server/booking/availability.server'
import { loadedAfresh, temporaryDatabase } from '../helpers'
import { TEST_FILE } from './booking-helpers'

// The availability file as the server reads it while it runs: from BOOKING_FILE (a folder of the
// test's own), read again whenever the coach has saved it, kept while it is unchanged.

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coach-availability-'))
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const SAVED = new Date('2026-04-01T10:00:00Z')
/** Writes the file with a given modification time, as an editor saving it would leave it. */
function save(name: string, text: string, at = SAVED) {
  const path = join(dir, name)
  writeFileSync(path, text)
  utimesSync(path, at, at)
  return path
}
const duration = (path: string) => {
  const result = loadAvailability(path)
  return result.ok ? result.availability.durationMinutes : result.errors
}

describe('the availability file', () => {
  it('is the file BOOKING_FILE names', () => {
    vi.stubEnv('BOOKING_FILE', join(dir, 'tider.yaml'))
    expect(availabilityPath()).toBe(join(dir, 'tider.yaml'))
  })

  it('is read once while unchanged, and again when saved with other content or at another time', () => {
    const path = save('booking.yaml', TEST_FILE)
    const first = loadAvailability(path)
    expect(loadAvailability(path)).toBe(first)
    // Only the size and the time are looked at on each request: an edit that keeps both is not seen yet.
    save('booking.yaml', TEST_FILE.replace('varighed: 30', 'varighed: 45'))
    expect(loadAvailability(path)).toBe(first)
    // The same text saved a minute later is read again.
    utimesSync(path, new Date(SAVED.getTime() + 60_000), new Date(SAVED.getTime() + 60_000))
    expect(duration(path)).toBe(45)
    // Another length at the same time is read again.
    save('booking.yaml', TEST_FILE.replace('varighed: 30', 'varighed: 120'), new Date(SAVED.getTime() + 60_000))
    expect(duration(path)).toBe(120)
  })

  it('is read for its own path: another file of the same length and time is not taken for it', () => {
    const one = save('en.yaml', TEST_FILE)
    const other = save('anden.yaml', TEST_FILE.replace('varighed: 30', 'varighed: 45'))
    expect(duration(one)).toBe(30)
    expect(duration(other)).toBe(45)
  })

  it('is read by a freshly started server from the path it is given, or from BOOKING_FILE', async () => {
    const started = await loadedAfresh<typeof import('~/server/booking/availability.server')>('~/server/booking/availability.server')
    const path = save('booking.yaml', TEST_FILE.replace('varighed: 30', 'varighed: 45'))
    expect(started.loadAvailability(path)).toMatchObject({ ok: true, availability: { durationMinutes: 45 } })
    vi.stubEnv('BOOKING_FILE', save('tider.yaml', TEST_FILE))
    expect(started.loadAvailability()).toMatchObject({ ok: true, availability: { durationMinutes: 30 } })
  })

  it('says where it is missing, and booking is closed without it, with errors, or when it says so', () => {
    const missing = join(dir, 'væk.yaml')
    expect(loadAvailability(missing)).toEqual({ ok: false, errors: [`filen ${missing} findes ikke – læg den tilbage (se docs/vejledning.md, afsnittet »Dine bookingtider«)`] })
    vi.stubEnv('BOOKING_FILE', missing)
    expect(openAvailability()).toBeUndefined()
    vi.stubEnv('BOOKING_FILE', save('fejl.yaml', 'varighed: tredive\n'))
    expect(openAvailability()).toBeUndefined()
    vi.stubEnv('BOOKING_FILE', save('lukket.yaml', `aaben: nej\n${TEST_FILE}`))
    expect(openAvailability()).toBeUndefined()
    vi.stubEnv('BOOKING_FILE', save('aaben.yaml', TEST_FILE))
    expect(openAvailability()?.durationMinutes).toBe(30)
  })
})

describe('a file saved with a mistake', () => {
  it('keeps the last good rules in force, also after a restart, until the mistake is put right', async () => {
    const { db } = temporaryDatabase()
    const path = save('booking.yaml', TEST_FILE)
    vi.stubEnv('BOOKING_FILE', path)
    expect(rulesInForce(db).availability?.durationMinutes).toBe(30)

    save('booking.yaml', TEST_FILE.replace('varighed: 30', 'varighed: tredive'), new Date('2026-04-02T10:00:00Z'))
    const broken = rulesInForce(db)
    expect([broken.availability?.durationMinutes, broken.errors]).toEqual([30, ['linje 1: varighed skal være et tal, fx varighed: 30']])
    expect(openAvailability(db)?.durationMinutes).toBe(30)

    // A new process knows nothing in memory: the rules come from the database.
    const restarted = await loadedAfresh<typeof import('~/server/booking/availability.server')>('~/server/booking/availability.server')
    // Without the database (a command in a shell) nothing good is known, and booking is closed.
    expect(restarted.rulesInForce(undefined).availability).toBeUndefined()
    expect(restarted.rulesInForce(db).availability?.durationMinutes).toBe(30)

    save('booking.yaml', TEST_FILE.replace('varighed: 30', 'varighed: 45'), new Date('2026-04-03T10:00:00Z'))
    expect(restarted.rulesInForce(db)).toEqual({ availability: expect.objectContaining({ durationMinutes: 45 }), errors: [] })
  })
})

