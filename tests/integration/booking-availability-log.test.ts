import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeState } from '~/server/app-state.server'
import { temporaryDatabase } from '../helpers'
import { captureLogLines } from '../log-capture'
import { TEST_FILE } from './booking-helpers'

// The rules in force while the coach edits content/booking.yaml, as the server's log and the booking
// pages see them: a mistake is logged once (not on every page), the last good rules stay, and they
// are the last good ones, not the first. The server module is loaded with the log on.

let availabilityServer: typeof import('~/server/booking/availability.server')
const lines: Array<Record<string, unknown>> = []

// Loaded once, before the tests (see tests/integration/booking-log.test.ts): the log is read when it loads.
beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'info')
  vi.resetModules()
  availabilityServer = await import('~/server/booking/availability.server')
}, 60_000)
afterAll(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coach-availability-log-'))
  captureLogLines(lines)
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

/** Saves the file at a given minute, so that each save is read anew. */
function save(path: string, text: string, minute: number) {
  writeFileSync(path, text)
  const at = new Date(Date.UTC(2026, 3, 1, 10, minute))
  utimesSync(path, at, at)
}

const MESSAGE = 'booking.yaml has errors: the last good rules stay in force'
const loggedErrors = () => lines.filter((line) => line.msg === MESSAGE).map(({ level, errors, lastGood }) => ({ level, errors, lastGood }))

describe('a mistake in the availability file', () => {
  it('is logged once while it stays, again when it changes, and again when it comes back after the file was good', () => {
    const { db } = temporaryDatabase()
    const path = join(dir, 'booking.yaml')
    const twoMistakes = TEST_FILE.replace('varighed: 30', 'varighed: tredive').replace('mellemrum: 15', 'mellemrum: kvarter')
    const errors = ['linje 1: varighed skal være et tal, fx varighed: 30', 'linje 2: mellemrum skal være et tal, fx mellemrum: 15']
    save(path, TEST_FILE, 0)
    availabilityServer.rulesInForce(db, path)
    expect(loggedErrors()).toEqual([])

    save(path, twoMistakes, 1)
    for (let page = 0; page < 3; page++) expect(availabilityServer.rulesInForce(db, path).errors).toEqual(errors)
    expect(loggedErrors()).toEqual([{ level: 'error', errors, lastGood: true }])

    save(path, twoMistakes.replace('mellemrum: kvarter', 'mellemrum: 15'), 2)
    availabilityServer.rulesInForce(db, path)
    availabilityServer.rulesInForce(db, path)
    expect(loggedErrors()).toHaveLength(2)
    expect(loggedErrors()[1]).toEqual({ level: 'error', errors: [errors[0]], lastGood: true })

    save(path, TEST_FILE, 3)
    availabilityServer.rulesInForce(db, path)
    save(path, twoMistakes.replace('mellemrum: kvarter', 'mellemrum: 15'), 4)
    availabilityServer.rulesInForce(db, path)
    expect(loggedErrors()).toHaveLength(3)
  })

  it('says when no good rules are known, also when the database keeps rules this version no longer accepts', () => {
    const { db } = temporaryDatabase()
    const path = join(dir, 'booking.yaml')
    // Rules kept by an earlier version, which this one reads differently: they are not used.
    writeState(db, `booking.yaml:last-good:${path}`, 'varighed: tredive\n')
    save(path, 'varighed: 5\n', 0)
    expect(availabilityServer.rulesInForce(db, path)).toEqual({ availability: undefined, errors: ['linje 1: varighed skal være mindst 10, fx varighed: 30'] })
    expect(loggedErrors()).toEqual([{ level: 'error', errors: ['linje 1: varighed skal være mindst 10, fx varighed: 30'], lastGood: false }])
  })
})

describe('the last good rules', () => {
  it('are those of the latest good save, also without a database', () => {
    const path = join(dir, 'booking.yaml')
    save(path, TEST_FILE, 0)
    expect(availabilityServer.rulesInForce(undefined, path).availability?.durationMinutes).toBe(30)
    save(path, TEST_FILE.replace('varighed: 30', 'varighed: 45'), 1)
    expect(availabilityServer.rulesInForce(undefined, path).availability?.durationMinutes).toBe(45)
    save(path, TEST_FILE.replace('varighed: 30', 'varighed: tredive'), 2)
    expect(availabilityServer.rulesInForce(undefined, path)).toEqual({ availability: expect.objectContaining({ durationMinutes: 45 }), errors: ['linje 1: varighed skal være et tal, fx varighed: 30'] })
    expect(loggedErrors()).toEqual([{ level: 'error', errors: ['linje 1: varighed skal være et tal, fx varighed: 30'], lastGood: true }])
  })
})
