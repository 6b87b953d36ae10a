import { existsSync, readdirSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { bookings } from '#db/schema'
import { bookingsAbout, completeErasures, deleteBookings, exportBookings, purgeOldBookings } from '~/server/booking/booking-admin.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { createBooking } from '~/server/booking/bookings.server'
import { outboxTransport } from '~/server/mail/mail-transport.server'
import { loadedAfresh, temporaryDatabase } from '../helpers'
import { bookingEmailRows, payloadIs, setEffects } from '../outbox-rows'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'

// The coach's tools (contact:export, contact:delete and the background purge) over the outbox
// the e-mails were written to. The directory listing is the file system's own unless a test
// gives another: out of name order, or naming a file another process has just removed.

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, readdir: vi.fn(actual.readdir) }
})
afterEach(() => {
  vi.mocked(readdir).mockReset()
})

const availability = testAvailability()

/** Books Monday 10:00 for Mette and writes its two confirmations to the outbox (JSON each, and the visitor's .ics). */
async function bookedWithOutbox(db: Db, outbox: string) {
  const outcome = createBooking(db, { availability, date: MONDAY, time: '10:00', details: details(), ipHash: 'ip', now: NOW })
  if (outcome.status !== 'booket') throw new Error(outcome.status)
  await deliverBookingEmails({ db, transport: outboxTransport(outbox), clock: () => NOW })
  return outcome.booking
}

/** The real listing of a folder, in the reverse of name order. */
const listedBackwards = async (dir: string) => readdirSync(dir).sort().reverse()
/** The real listing with one more booking file, which another process removed in the meantime. */
const listedWithGone = (gone: string) => async (dir: string) => [...readdirSync(dir), gone]

describe('the outbox e-mails of a person’s bookings', () => {
  it('are exported with their file name and content', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const booking = await bookedWithOutbox(db, outbox)
    const exported = await exportBookings('mette@eksempel.dk', { db, outbox })
    const seen = exported.bookingEmails.map((email) => {
      const { file, to, subject } = email as { file: string; to: string; subject: string }
      return { file, to, subject }
    })
    expect(seen).toEqual([
      { file: `booking-${booking.publicId}-bekraeftelse-0-coach.json`, to: 'kontakt@holmcoaching.dk', subject: 'Ny booking: mandag 20. april kl. 10.00 – Mette Sørensen' },
      { file: `booking-${booking.publicId}-bekraeftelse-0-gaest.json`, to: 'mette@eksempel.dk', subject: 'Din samtale er booket: mandag 20. april kl. 10.00' },
    ])
  })

  it('are listed by name, whatever order the directory gives them in', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const booking = await bookedWithOutbox(db, outbox)
    vi.mocked(readdir).mockImplementation(listedBackwards as never)
    const key = `booking-${booking.publicId}-bekraeftelse-0`
    expect((await bookingsAbout('mette@eksempel.dk', { db, outbox })).outboxFiles).toEqual([`${key}-coach.json`, `${key}-gaest.ics`, `${key}-gaest.json`])
    expect((await exportBookings('mette@eksempel.dk', { db, outbox })).bookingEmails.map((email) => email.file)).toEqual([`${key}-coach.json`, `${key}-gaest.json`])
  })
})

describe('erasing a person’s bookings', () => {
  /** Mette's booking with its outbox files, listed with one more that another process removed. */
  async function bookedWithOneFileGone() {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const booking = await bookedWithOutbox(db, outbox)
    vi.mocked(readdir).mockImplementation(listedWithGone(`booking-${booking.publicId}-bekraeftelse-0-gaest.json.4242.0f0e0d0c.tmp`) as never)
    return { db, outbox }
  }

  function expectNothingLeft(db: Db, outbox: string) {
    expect(db.select().from(bookings).all()).toEqual([])
    expect(bookingEmailRows(db)).toEqual([])
    expect(existsSync(outbox) ? readdirSync(outbox) : []).toEqual([])
  }

  it('deletes the rows even when an outbox file it listed is gone before it is removed', async () => {
    const { db, outbox } = await bookedWithOneFileGone()
    // Erased after the conversation (20 April 08:30Z): nothing to cancel, so everything goes at once.
    const deleted = await deleteBookings('mette@eksempel.dk', { db, outbox, now: new Date('2026-04-20T08:30:00.001Z') })
    expect(deleted.cancelled).toEqual([])
    expect(deleted.outboxFiles).toHaveLength(4)
    expectNothingLeft(db, outbox)
  })

  it('cancels an upcoming booking first, and deletes it once its cancellation has gone out', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const booking = await bookedWithOutbox(db, outbox)
    const deleted = await deleteBookings('mette@eksempel.dk', { db, outbox, now: NOW })
    expect(deleted.bookings.map((row) => row.id)).toEqual([booking.id])
    expect(deleted.cancelled).toMatchObject([{ id: booking.id, status: 'aflyst', cancelledBy: 'coach', cancelledAt: NOW.toISOString(), sequence: 1 }])
    // Kept until the cancellation is sent: the visitor's calendar must be told, and the e-mail needs the row.
    expect(deleted.outboxFiles).toEqual([])
    expect(db.select().from(bookings).all()).toMatchObject([{ id: booking.id, status: 'aflyst', eraseRequestedAt: NOW.toISOString() }])
    expect(await completeErasures({ db, outbox })).toBe(0)
    expect(db.select().from(bookings).all()).toHaveLength(1)
    await deliverBookingEmails({ db, transport: outboxTransport(outbox), clock: () => NOW })
    const key = `booking-${booking.publicId}-aflyst-1`
    expect(readdirSync(outbox).filter((name) => name.includes('-aflyst-')).sort()).toEqual([`${key}-coach.json`, `${key}-gaest.ics`, `${key}-gaest.json`])
    // Then the row goes, with every e-mail row and outbox file about it.
    expect(await completeErasures({ db, outbox })).toBe(1)
    expectNothingLeft(db, outbox)
    expect(await completeErasures({ db, outbox })).toBe(0)
  })

  it('deletes at once, without a cancellation, a booking whose conversation ends as it is erased (on a freshly started server)', async () => {
    // The look-ups of a person's bookings and of their outbox files are made when the module loads (see loadedAfresh).
    const admin = await loadedAfresh<typeof import('~/server/booking/booking-admin.server')>('~/server/booking/booking-admin.server')
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    const booking = await bookedWithOutbox(db, outbox)
    const key = `booking-${booking.publicId}-bekraeftelse-0`
    expect((await admin.bookingsAbout(' Mette@Eksempel.dk ', { db, outbox })).outboxFiles).toEqual([`${key}-coach.json`, `${key}-gaest.ics`, `${key}-gaest.json`])
    // 10.00–10.30 dansk tid ends 08:30Z.
    const deleted = await admin.deleteBookings('mette@eksempel.dk', { db, outbox, now: new Date('2026-04-20T08:30:00.000Z') })
    expect(deleted.cancelled).toEqual([])
    expect(deleted.outboxFiles).toEqual([`${key}-coach.json`, `${key}-gaest.ics`, `${key}-gaest.json`])
    expect(db.select().from(bookings).all()).toEqual([])
  })

  it('waits with the deletion while the cancellation is being sent', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    await bookedWithOutbox(db, outbox)
    await deleteBookings('mette@eksempel.dk', { db, outbox, now: NOW })
    // The sender has claimed the cancellations but not finished them.
    setEffects(db, 'booking-email', { status: 'sending' }, payloadIs('kind', 'aflyst'))
    expect(await completeErasures({ db, outbox })).toBe(0)
    expect(db.select().from(bookings).all()).toHaveLength(1)
    setEffects(db, 'booking-email', { status: 'sent' }, payloadIs('kind', 'aflyst'))
    expect(await completeErasures({ db, outbox })).toBe(1)
  })

  it('leaves the bookings of an erasure never asked for to the purge', async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    await bookedWithOutbox(db, outbox)
    // Its e-mails are sent, but nobody asked for it to be erased.
    expect(await completeErasures({ db, outbox })).toBe(0)
    expect(db.select().from(bookings).all()).toHaveLength(1)
    expect(readdirSync(outbox)).toHaveLength(3)
  })

  it('purges old bookings even when an outbox file it listed is gone before it is removed', async () => {
    const { db, outbox } = await bookedWithOneFileGone()
    // The conversation ended 20 April 08:30Z; 90 days later it goes.
    expect(await purgeOldBookings({ db, outbox, now: new Date('2026-07-19T08:30:00.001Z'), days: 90 })).toEqual({ bookings: 1, outboxFiles: 4 })
    expectNothingLeft(db, outbox)
  })
})
