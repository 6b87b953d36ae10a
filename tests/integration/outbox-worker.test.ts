import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { type OutboxRow, bookings, contactMessages, newsletterSubscribers, outbox } from '#db/schema'
import { bookingEmailHandler } from '~/server/booking/booking-mail.server'
import { type CaldavConfig, caldavRequest, eventPath } from '~/server/calendar/caldav.server'
import { calendarWriteHandler, queueCalendarWrite } from '~/server/calendar/calendar-writes.server'
import { contactEmailHandler } from '~/server/contact/contact.server'
import { confirmToken, hashToken } from '~/server/links/links.server'
import { outboxTransport } from '~/server/mail/mail-transport.server'
import { newsletterEmail, newsletterEmailHandler } from '~/server/newsletter/newsletter-mail.server'
import { type Clock, LEASE_MS, type OutboxKind, queueEffects, reviveEffects } from '~/server/outbox/outbox.server'
import { type Handler, type Handlers, runOutbox } from '~/server/outbox/worker.server'
import { type Radicale, freePort, startRadicale } from '../calendar-servers'
import { temporaryDatabase } from '../helpers'

// The outbox's one worker, kind by kind, with each kind's real handler: the e-mails land in a real
// mail folder (outboxTransport), the calendar writes in a real CalDAV server (Radicale). Failures
// are real too: a mail folder whose path is a file, a calendar address on a port nobody listens on.
// Time is a clock the test sets; nothing sleeps.

let radicale: Radicale
/** A port that refuses connections: the coach's calendar while its server is down. */
let closedPort: number
beforeAll(async () => {
  ;[radicale, closedPort] = await Promise.all([startRadicale(), freePort()])
}, 30_000)
afterAll(() => radicale?.stop())

const T0 = new Date('2026-04-10T09:00:00.000Z')
const MINUTE = 60_000
const at = (ms: number) => new Date(T0.getTime() + ms)
const fixed = (date: Date): Clock => () => date

const basic = () => `Basic ${Buffer.from(`${radicale.user}:${radicale.password}`).toString('base64')}`

/** Where one test's effects go, working (`up`) or failing for real (`down`). */
type Destinations = {
  db: Db
  dir: string
  /** The mail folder while it works. */
  mailFolder: string
  /** A mail folder path that is a file: every e-mail fails (EEXIST) as on a broken disk. */
  brokenMailFolder: string
  calendar: CaldavConfig
  /** A calendar address on a closed port: as while the CalDAV server is stopped. */
  downCalendar: CaldavConfig
}

async function destinations(): Promise<Destinations> {
  const { db, dir } = temporaryDatabase()
  const brokenMailFolder = join(dir, 'ikke-en-mappe')
  writeFileSync(brokenMailFolder, 'en fil, ikke en mappe')
  return {
    db,
    dir,
    mailFolder: join(dir, 'post'),
    brokenMailFolder,
    calendar: { url: await radicale.newCalendar(), authorization: basic() },
    downCalendar: { url: `http://127.0.0.1:${closedPort}/coach/kalender/`, authorization: basic() },
  }
}

let serial = 0

/** One queued row of a kind, with what shows that it was carried out. */
type Queued = { row: OutboxRow; landed(): Promise<boolean> }

type Kind = {
  kind: OutboxKind
  queue(place: Destinations, now: Date): Queued
  handler(place: Destinations, state: 'up' | 'down'): Handler
  deliveredBy: string
  /** The error stored when its destination is down. */
  error: RegExp
}

const mailLanded = (place: Destinations, files: string[]) => async () => files.every((file) => existsSync(join(place.mailFolder, file)))

const rowOf = (db: Db, idempotencyKey: string) => db.select().from(outbox).where(eq(outbox.idempotencyKey, idempotencyKey)).get()!

function insertBooking(db: Db, now: Date) {
  const n = ++serial
  const publicId = `b${String(n).padStart(7, '0')}`
  const startsAt = new Date(Date.UTC(2026, 4, 1, 6) + n * 3_600_000)
  return db
    .insert(bookings)
    .values({
      publicId,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 30 * MINUTE).toISOString(),
      localDate: startsAt.toISOString().slice(0, 10),
      mode: 'telefon',
      name: 'Mette Sørensen',
      email: `mette${n}@eksempel.dk`,
      emailKey: `mette${n}@eksempel.dk`,
      phone: '20 30 40 50',
      manageTokenHash: hashToken(randomUUID()),
      ipHash: `ip-${n}`,
      uid: `${publicId}@www.holmcoaching.dk`,
    })
    .returning()
    .get()
}

const mailError = /EEXIST/

const kinds: Kind[] = [
  {
    kind: 'contact-email',
    queue(place, now) {
      const message = place.db
        .insert(contactMessages)
        .values({ createdAt: now.toISOString(), firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', serviceType: 'parcoaching', address: '', message: 'Vi vil gerne høre om parcoaching.', ipHash: `ip-${++serial}`, publicId: randomUUID() })
        .returning()
        .get()
      // As submitContact queues it.
      const key = `kontakt-${message.publicId}`
      queueEffects(place.db, [{ kind: 'contact-email', contactMessageId: message.id, idempotencyKey: key }], now)
      // One row is two e-mails: the coach's notification and the visitor's receipt.
      return { row: rowOf(place.db, key), landed: mailLanded(place, [`contact-${message.publicId}-notification.json`, `contact-${message.publicId}-confirmation.json`]) }
    },
    handler: (place, state) => contactEmailHandler(outboxTransport(state === 'up' ? place.mailFolder : place.brokenMailFolder)),
    deliveredBy: 'outbox',
    error: mailError,
  },
  {
    kind: 'booking-email',
    queue(place, now) {
      const booking = insertBooking(place.db, now)
      const key = `booking-${booking.publicId}-bekraeftelse-0-gaest`
      queueEffects(
        place.db,
        [{ kind: 'booking-email', bookingId: booking.id, idempotencyKey: key, payload: { kind: 'bekraeftelse', role: 'gaest', sequence: 0, startsAt: booking.startsAt, endsAt: booking.endsAt, coachNote: null } }],
        now,
      )
      // The visitor's confirmation and its invitation beside it.
      return { row: rowOf(place.db, key), landed: mailLanded(place, [`${key}.json`, `${key}.ics`]) }
    },
    handler: (place, state) => bookingEmailHandler(outboxTransport(state === 'up' ? place.mailFolder : place.brokenMailFolder)),
    deliveredBy: 'outbox',
    error: mailError,
  },
  {
    kind: 'calendar-write',
    queue(place, now) {
      const booking = insertBooking(place.db, now)
      queueCalendarWrite(place.db, booking, now)
      const row = place.db.select().from(outbox).where(eq(outbox.eventUid, booking.uid)).get()!
      return {
        row,
        landed: async () => {
          const response = await caldavRequest(place.calendar, 'GET', eventPath(booking.uid))
          return response.status === 200 && (await response.text()).includes(`UID:${booking.uid}`)
        },
      }
    },
    handler: (place, state) => calendarWriteHandler(state === 'up' ? place.calendar : place.downCalendar),
    deliveredBy: 'caldav',
    error: /^kunne ikke forbinde \(ECONNREFUSED\)$/,
  },
  {
    kind: 'newsletter-email',
    queue(place, now) {
      const n = ++serial
      const publicId = randomUUID()
      const subscriber = place.db
        .insert(newsletterSubscribers)
        .values({ publicId, email: `ny${n}@eksempel.dk`, emailKey: `ny${n}@eksempel.dk`, createdAt: now.toISOString(), confirmTokenHash: hashToken(confirmToken(publicId)), unsubscribeTokenHash: hashToken(randomUUID()), ipHash: `ip-${n}` })
        .returning()
        .get()
      // As signUpForNewsletter queues it.
      const key = `nyhedsbrev-${publicId}-bekraeftelse-${now.getTime()}`
      queueEffects(place.db, [newsletterEmail(subscriber, { kind: 'bekraeftelse', articleSlug: null }, key)], now)
      return { row: rowOf(place.db, key), landed: mailLanded(place, [`${key}.json`]) }
    },
    handler: (place, state) => newsletterEmailHandler(outboxTransport(state === 'up' ? place.mailFolder : place.brokenMailFolder)),
    deliveredBy: 'outbox',
    error: mailError,
  },
]

const reread = (db: Db, row: OutboxRow) => db.select().from(outbox).where(eq(outbox.id, row.id)).get()!
const nothing = { tried: 0, delivered: 0, failed: 0 }

/** Waits for a condition another part of the test brings about (no fixed sleeps). */
async function until(condition: () => boolean, what: string) {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 500) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * A handler that stops inside its attempt until the test lets it go on: a process that hangs (or
 * died) while it holds the claim. `finish` lets it carry on with the real handler or fail.
 */
function stalled(real: Handler) {
  let entered = false
  let finish!: (how: 'real' | Error) => void
  const decided = new Promise<'real' | Error>((resolve) => (finish = resolve))
  const handler: Handler = {
    ...real,
    async run(row, context) {
      entered = true
      const how = await decided
      if (how instanceof Error) throw how
      return real.run(row, context)
    },
  }
  return { handler, finish, entered: () => entered }
}

describe.each(kinds)('the outbox worker with the $kind handler', ({ kind, queue, handler, deliveredBy, error }) => {
  const only = (place: Destinations, state: 'up' | 'down'): Handlers => ({ [kind]: handler(place, state) })

  it('carries out a queued row once and records who did it', async () => {
    const place = await destinations()
    const { row, landed } = queue(place, T0)
    expect(row).toMatchObject({ kind, status: 'pending', attempts: 0, nextAttemptAt: T0.toISOString() })
    expect(await landed()).toBe(false)

    expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(at(1000)) })).toMatchObject({ tried: 1, delivered: 1, failed: 0 })
    expect(reread(place.db, row)).toMatchObject({ status: 'sent', attempts: 1, sentAt: at(1000).toISOString(), deliveredBy, lastError: null, nextAttemptAt: null, claimToken: null })
    expect(await landed()).toBe(true)

    const files = existsSync(place.mailFolder) ? readdirSync(place.mailFolder).sort() : []
    expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(at(60 * MINUTE)) })).toMatchObject(nothing)
    expect(existsSync(place.mailFolder) ? readdirSync(place.mailFolder).sort() : []).toEqual(files)
  })

  it('retries after 1, 2, 4 … minutes, gives up after ten attempts, and carries it out once revived', async () => {
    const place = await destinations()
    const { row, landed } = queue(place, T0)
    const delaysInMinutes = [1, 2, 4, 8, 16, 32, 64, 128, 256]
    let now = T0
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await runOutbox({ db: place.db, handlers: only(place, 'down'), clock: fixed(now) }), `attempt ${attempt}`).toMatchObject({ tried: 1, delivered: 0, failed: 1 })
      const after = reread(place.db, row)
      expect(after.lastError).toMatch(error)
      if (attempt === 10) {
        expect(after).toMatchObject({ status: 'failed', attempts: 10, nextAttemptAt: null, claimToken: null, sentAt: null })
        break
      }
      const next = new Date(now.getTime() + delaysInMinutes[attempt - 1]! * MINUTE)
      expect(after, `after attempt ${attempt}`).toMatchObject({ status: 'pending', attempts: attempt, nextAttemptAt: next.toISOString(), claimToken: null })
      // Not due a millisecond before its backoff ends, even with the destination back.
      expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(new Date(next.getTime() - 1)) })).toMatchObject(nothing)
      now = next
    }

    // Given up: never claimed again, however much later, until it is revived.
    const muchLater = new Date(now.getTime() + 365 * 24 * 60 * MINUTE)
    expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(muchLater) })).toMatchObject(nothing)
    expect(reread(place.db, row)).toMatchObject({ status: 'failed', attempts: 10 })
    expect(await landed()).toBe(false)

    // `npm run mail:retry -- --alle`.
    expect(reviveEffects(place.db, { now: muchLater })).toBe(1)
    expect(reread(place.db, row)).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: muchLater.toISOString() })
    expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(muchLater) })).toMatchObject({ tried: 1, delivered: 1, failed: 0 })
    expect(reread(place.db, row)).toMatchObject({ status: 'sent', attempts: 1, deliveredBy, lastError: null })
    expect(await landed()).toBe(true)
    expect(reviveEffects(place.db, { now: muchLater })).toBe(0)
  })

  it('takes over a row whose holder died once its lease has run out, and ignores the dead holder’s outcome', async () => {
    const place = await destinations()
    const { row, landed } = queue(place, T0)
    // The first process claims the row and hangs inside the attempt, as one killed mid-delivery leaves it.
    const dying = stalled(handler(place, 'up'))
    const first = runOutbox({ db: place.db, handlers: { [kind]: dying.handler }, clock: fixed(T0) })
    await until(dying.entered, 'the first claim')
    const claimed = reread(place.db, row)
    expect(claimed).toMatchObject({ status: 'sending', attempts: 0, nextAttemptAt: at(LEASE_MS).toISOString() })
    expect(claimed.claimToken).toEqual(expect.any(String))

    expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(at(LEASE_MS - 1)) })).toMatchObject(nothing)
    expect(await runOutbox({ db: place.db, handlers: only(place, 'up'), clock: fixed(at(LEASE_MS)) })).toMatchObject({ tried: 1, delivered: 1, failed: 0 })
    const taken = reread(place.db, row)
    expect(taken).toMatchObject({ status: 'sent', attempts: 1, sentAt: at(LEASE_MS).toISOString(), deliveredBy, claimToken: null })
    expect(await landed()).toBe(true)

    // The first holder wakes up and fails: it no longer holds the claim, so nothing of it is recorded.
    dying.finish(new Error('den gamle proces vågnede'))
    await first
    expect(reread(place.db, row)).toEqual(taken)
  })
})

describe('the outbox worker, claims', () => {
  it('lets only the current holder record the outcome, when the old holder finishes while the new one works', async () => {
    const place = await destinations()
    const { row, landed } = kinds[0]!.queue(place, T0)
    const real = contactEmailHandler(outboxTransport(place.mailFolder))
    const old = stalled(real)
    const oldRun = runOutbox({ db: place.db, handlers: { 'contact-email': old.handler }, clock: fixed(T0) })
    await until(old.entered, 'the old claim')
    const oldToken = reread(place.db, row).claimToken

    const current = stalled(real)
    const currentRun = runOutbox({ db: place.db, handlers: { 'contact-email': current.handler }, clock: fixed(at(LEASE_MS)) })
    await until(current.entered, 'the new claim')
    const held = reread(place.db, row)
    expect(held).toMatchObject({ status: 'sending', nextAttemptAt: at(2 * LEASE_MS).toISOString() })
    expect(held.claimToken).not.toBe(oldToken)

    // The old holder delivers after all: not recorded, the row stays with its current holder.
    old.finish('real')
    expect(await oldRun).toMatchObject({ tried: 1, delivered: 1, failed: 0 })
    expect(await landed()).toBe(true)
    expect(reread(place.db, row)).toEqual(held)

    // The current holder's failure is what is recorded: a retry (harmless: the e-mails' keys are the same).
    current.finish(new Error('Mailudbyderen svarer ikke'))
    expect(await currentRun).toMatchObject({ tried: 1, delivered: 0, failed: 1 })
    expect(reread(place.db, row)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Mailudbyderen svarer ikke', claimToken: null, sentAt: null })
  })

  it('never carries out one row twice when two workers run at once on one database', async () => {
    const place = await destinations()
    // A second connection to the same file: the other server process.
    const other = openDatabase(join(place.dir, 'site.db'))
    onTestFinished(() => {
      other.$client.close()
    })
    const queued = kinds.flatMap((kind) => Array.from({ length: 4 }, () => kind.queue(place, T0)))
    const runs = new Map<number, number>()
    const counted = (): Handlers =>
      Object.fromEntries(
        kinds.map((kind) => {
          const real = kind.handler(place, 'up')
          const handler: Handler = {
            ...real,
            async run(row, context) {
              runs.set(row.id, (runs.get(row.id) ?? 0) + 1)
              // Each attempt takes a turn of the event loop, so the two workers interleave.
              await new Promise((resolve) => setImmediate(resolve))
              return real.run(row, context)
            },
          }
          return [kind.kind, handler]
        }),
      )
    const [a, b] = await Promise.all([
      runOutbox({ db: place.db, handlers: counted(), clock: fixed(at(1000)) }),
      runOutbox({ db: other, handlers: counted(), clock: fixed(at(1000)) }),
    ])
    expect(a.delivered + b.delivered).toBe(queued.length)
    expect([a.failed, b.failed]).toEqual([0, 0])
    // Both took part: the race was real.
    expect(a.delivered).toBeGreaterThan(0)
    expect(b.delivered).toBeGreaterThan(0)
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(queued.map(({ row }) => row.id).sort((x, y) => x - y))
    for (const { row, landed } of queued) {
      expect(reread(place.db, row)).toMatchObject({ status: 'sent', attempts: 1 })
      expect(await landed()).toBe(true)
    }
    expect(await runOutbox({ db: other, handlers: counted(), clock: fixed(at(2000)) })).toMatchObject(nothing)
  })
})
