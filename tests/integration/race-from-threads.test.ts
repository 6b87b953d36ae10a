import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, bookkeepingDocuments, contactMessages, orders, packageCards } from '#db/schema'
import { createBooking } from '~/server/booking/bookings.server'
import { holdTime } from '~/server/payments/hold-time.server'
import { issueCard, createPackageOrder } from '~/server/payments/packages.server'
import { CARD, PAID, TERMS } from './payments/payment-harness'
import type { RaceTask } from './race/race-task'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'
import { temporaryDatabase } from '../helpers'

// Races for real: each racer is a worker thread with its own SQLite connection (as two server
// processes are), all held at a barrier and released at the same instant, so their transactions
// overlap. A deferred transaction (BEGIN instead of BEGIN IMMEDIATE) lets two of them read the
// same free time or the same count, and the second writer then fails with SQLITE_BUSY: these tests
// see that as an error instead of an outcome.

const RACERS = 4
/** Each racer compiles and loads the app's modules in its own thread first: seconds on a busy machine. */
const RACE_TIMEOUT_MS = 30_000
/** Every time free on Monday 20 April 2026 for every racer, an hour apart. */
const HOURLY = `varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
uge:
  mandag: ["09:00", "10:00", "11:00", "12:00", "13:00"]
`

/** Receipts each racer issues, one fulfilment after another, while the others do the same. */
const RECEIPTS_PER_RACER = 5
/** A short session every quarter of an hour on Monday 20 April 2026, for twenty held paid times. */
const EVERY_QUARTER = `varighed: 15
mellemrum: 0
tidligst: 24 timer
senest: 28 dage
uge:
  mandag: [${Array.from({ length: 20 }, (_, n) => `"${String(8 + Math.floor(n / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}"`).join(', ')}]
`

/** Hour-long sessions (the klippekort's) two hours apart, so every racer's time is free on its own. */
const HOURLY_LONG = `varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
uge:
  mandag: ["09:00", "11:00", "13:00", "15:00"]
`

type Outcome = { outcomes?: string[]; failure?: string }

// The racers are started once for all the races: loading the app in a thread is most of a race's time.
let racers: Worker[] = []
beforeAll(() => {
  racers = Array.from(
    { length: RACERS },
    () =>
      new Worker(new URL('./race/race-worker.mjs', import.meta.url), {
        workerData: { tsconfig: resolve('tsconfig.json') },
        // One salt for every racer, as server.ts gives its workers: the limit counts one sender once.
        env: { ...process.env, IP_HASH_SALT: 'et-fælles-salt', LOG_LEVEL: 'silent' },
      }),
  )
})
afterAll(async () => {
  await Promise.all(racers.map((racer) => racer.terminate()))
})

async function raceTogether(tasks: RaceTask[]): Promise<Outcome[]> {
  const barrier = new Int32Array(new SharedArrayBuffer(8))
  const outcomes = tasks.map(
    (task, index) =>
      new Promise<Outcome>((done, fail) => {
        const racer = racers[index]!
        racer.once('message', done).once('error', fail)
        racer.postMessage({ task, barrier: barrier.buffer })
      }),
  )
  // Everybody prepared and waiting; then one store releases them all.
  for (const deadline = Date.now() + RACE_TIMEOUT_MS; Atomics.load(barrier, 1) < tasks.length; await new Promise((done) => setTimeout(done, 5))) {
    if (Date.now() > deadline) throw new Error('the racers did not get ready')
  }
  Atomics.store(barrier, 0, 1)
  Atomics.notify(barrier, 0)
  return Promise.all(outcomes)
}

const all = (outcomes: Outcome[]) => outcomes.flatMap(({ outcomes: statuses, failure }) => statuses ?? [`fejl: ${failure}`])
const sorted = (values: string[]) => [...values].sort()

describe('raced from worker threads with connections of their own, released together', () => {
  it(`${RACERS} visitors book one time: one booking, the others are told it was taken`, async () => {
    const { db, dir } = temporaryDatabase()
    const raced = await raceTogether(
      Array.from({ length: RACERS }, (_, racer) => ({ kind: 'book', racer, databaseFile: resolve(dir, 'site.db'), availability: HOURLY, date: MONDAY, time: '10:00', now: NOW.toISOString() })),
    )
    expect(sorted(all(raced))).toEqual(['booket', ...Array(RACERS - 1).fill('taget')])
    expect(db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'bekraeftet')).get()!.n).toBe(1)
  }, RACE_TIMEOUT_MS)

  it(`${RACERS} visitors move their bookings to one free time: one moves, the others are told it was taken`, async () => {
    const { db, dir } = temporaryDatabase()
    const availability = testAvailability(HOURLY)
    const ids = ['09:00', '11:00', '12:00', '13:00'].map((time, racer) => {
      const booked = createBooking(db, { availability, date: MONDAY, time, details: details(`flytter${racer}@eksempel.dk`), ipHash: `ip-${racer}`, now: NOW })
      if (booked.status !== 'booket') throw new Error(booked.status)
      return booked.booking.id
    })
    const raced = await raceTogether(
      ids.map((bookingId, racer) => ({ kind: 'move', racer, bookingId, databaseFile: resolve(dir, 'site.db'), availability: HOURLY, date: MONDAY, time: '10:00', now: NOW.toISOString() })),
    )
    expect(sorted(all(raced))).toEqual(['flyttet', ...Array(RACERS - 1).fill('taget')])
    expect(db.select({ n: count() }).from(bookings).where(eq(bookings.startsAt, '2026-04-20T08:00:00.000Z')).get()!.n).toBe(1)
  }, RACE_TIMEOUT_MS)

  it(`${RACERS} fulfilments at once, ${RECEIPTS_PER_RACER} orders each: every receipt numbered, no number twice, no hole`, async () => {
    const { db, dir } = temporaryDatabase()
    const availability = testAvailability(EVERY_QUARTER)
    const orderIds = Array.from({ length: RACERS * RECEIPTS_PER_RACER }, (_, n) => {
      const time = `${String(8 + Math.floor(n / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}`
      const held = holdTime(db, { availability, type: { ...PAID, minutes: 15 }, terms: TERMS, date: MONDAY, time, details: details(`kvittering${n}@eksempel.dk`), ipHash: `ip-${n}`, now: NOW, requestKey: `formular-${n}`, expressStart: true, payNow: true })
      if (held.status !== 'holdt') throw new Error(`${time}: ${held.status}`)
      return held.order.id
    })
    // Each racer fulfils every RACERS-th order, so all four write into the one series at the same time.
    const raced = await raceTogether(
      Array.from({ length: RACERS }, (_, racer) => ({ kind: 'fulfil', racer, databaseFile: resolve(dir, 'site.db'), orderIds: orderIds.filter((_, n) => n % RACERS === racer), now: NOW.toISOString() })),
    )
    expect(all(raced)).toEqual(Array(RACERS * RECEIPTS_PER_RACER).fill('betalt'))
    const numbers = db.select({ number: bookkeepingDocuments.number }).from(bookkeepingDocuments).all().map((row) => row.number)
    expect(sorted(numbers)).toEqual(Array.from({ length: RACERS * RECEIPTS_PER_RACER }, (_, n) => `2026-${String(n + 1).padStart(4, '0')}`))
  }, RACE_TIMEOUT_MS)

  it(`${RACERS} bookings of one klippekort's last session at ${RACERS} free times: one booked, the balance 0, never below`, async () => {
    const { db, dir } = temporaryDatabase()
    const created = createPackageOrder(db, { type: CARD, sessionType: PAID, terms: TERMS, details: { navn: 'Mette Sørensen', email: 'kort@eksempel.dk', telefon: '20 30 40 50' }, ipHash: 'ip-kort', now: NOW, requestKey: 'kort-1' })
    if (created.status !== 'oprettet') throw new Error(created.status)
    // Paid (the fulfilment's part without Stripe), then used down to its last session.
    const paid = db.update(orders).set({ status: 'paid', paidAt: NOW.toISOString() }).where(eq(orders.id, created.order.id)).returning().get()!
    const card = issueCard(db, paid, NOW)
    db.update(packageCards).set({ remaining: 1 }).where(eq(packageCards.id, card.id)).run()
    const raced = await raceTogether(
      ['09:00', '11:00', '13:00', '15:00'].slice(0, RACERS).map((time, racer) => ({ kind: 'card', racer, cardId: card.id, databaseFile: resolve(dir, 'site.db'), availability: HOURLY_LONG, date: MONDAY, time, now: NOW.toISOString() })),
    )
    expect(sorted(all(raced))).toEqual(['booket', ...Array(RACERS - 1).fill('ingen-klip')])
    expect(db.select().from(packageCards).where(eq(packageCards.id, card.id)).get()!.remaining).toBe(0)
    expect(db.select({ n: count() }).from(bookings).where(eq(bookings.packageCardId, card.id)).get()!.n).toBe(1)
  }, RACE_TIMEOUT_MS)

  it(`one sender from ${RACERS} threads at once, 3 messages each: exactly the limit (5) is stored`, async () => {
    const { db, dir } = temporaryDatabase()
    const raced = await raceTogether(
      Array.from({ length: RACERS }, (_, racer) => ({ kind: 'contact', racer, databaseFile: resolve(dir, 'site.db'), messages: 3, ip: '203.0.113.7', now: NOW.toISOString() })),
    )
    const statuses = all(raced)
    expect(statuses.filter((status) => status === 'sendt')).toHaveLength(5)
    expect(statuses.filter((status) => status === 'for-mange')).toHaveLength(RACERS * 3 - 5)
    expect(db.select({ n: count() }).from(contactMessages).get()!.n).toBe(5)
  }, RACE_TIMEOUT_MS)
})
