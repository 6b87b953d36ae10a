import { beforeEach, describe, expect, it } from 'vitest'
import { loadedAfresh, temporaryDatabase } from '../helpers'

// The small facts the server's processes share through the database: a lease on a periodic task
// (one process reads the coach's calendars at a time) and the background jobs' heartbeat (the
// coach's commands tell from it whether a running server will send what they queued).

// Loaded afresh for each test: the heartbeat's key and functions are made when the module loads.
let { HEARTBEAT, beat, claimLease, readState, serverIsRunning, writeState } = {} as typeof import('~/server/app-state.server')
beforeEach(async () => {
  ;({ HEARTBEAT, beat, claimLease, readState, serverIsRunning, writeState } = await loadedAfresh<typeof import('~/server/app-state.server')>('~/server/app-state.server'))
})

const T0 = new Date('2026-04-10T09:00:00.000Z')
const later = (ms: number) => new Date(T0.getTime() + ms)

describe('a lease on a periodic task', () => {
  it('goes to the first process that asks, and to no other until it runs out', () => {
    const { db } = temporaryDatabase()
    expect(claimLease(db, 'busy-refresh', 60_000, T0)).toBe(true)
    expect(claimLease(db, 'busy-refresh', 60_000, later(1))).toBe(false)
    expect(claimLease(db, 'busy-refresh', 60_000, later(59_999))).toBe(false)
    // Another task has a lease of its own.
    expect(claimLease(db, 'newsletter', 60_000, later(1))).toBe(true)
    // Stored under the task's name, until the time it runs out.
    expect(readState(db, 'lease:busy-refresh')).toEqual({ key: 'lease:busy-refresh', value: later(60_000).toISOString(), updatedAt: T0.toISOString() })
  })

  it('can be taken again once it has run out, for the time asked from then', () => {
    const { db } = temporaryDatabase()
    expect(claimLease(db, 'busy-refresh', 60_000, T0)).toBe(true)
    expect(claimLease(db, 'busy-refresh', 60_000, later(60_000))).toBe(false)
    expect(claimLease(db, 'busy-refresh', 60_000, later(60_001))).toBe(true)
    expect(readState(db, 'lease:busy-refresh')?.value).toBe(later(120_001).toISOString())
  })
})

describe("the background jobs' heartbeat", () => {
  it('says the server runs for three minutes after its last beat', () => {
    const { db } = temporaryDatabase()
    expect(serverIsRunning(db, T0)).toBe(false)
    beat(db, T0)
    // The key is what every version of the server and of the commands reads: stored, not renamed.
    expect(HEARTBEAT).toBe('jobs:heartbeat')
    expect(readState(db, 'jobs:heartbeat')).toEqual({ key: 'jobs:heartbeat', value: T0.toISOString(), updatedAt: T0.toISOString() })
    expect(serverIsRunning(db, later(3 * 60_000 - 1))).toBe(true)
    expect(serverIsRunning(db, later(3 * 60_000))).toBe(false)
  })

  it('keeps one row per fact, the newest value', () => {
    const { db } = temporaryDatabase()
    writeState(db, 'x', 'a', T0)
    writeState(db, 'x', 'b', later(1000))
    expect(readState(db, 'x')).toEqual({ key: 'x', value: 'b', updatedAt: later(1000).toISOString() })
    expect(readState(db, 'y')).toBeUndefined()
  })
})
