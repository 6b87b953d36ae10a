import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/database'
import { purgeOldBookings } from '~/server/booking/booking-admin.server'
import { createBooking } from '~/server/booking/bookings.server'
import { feedBookings } from '~/server/calendar/bookings-feed.server'
import { type CaldavConfig, caldavConfig, caldavRequest, eventPath } from '~/server/calendar/caldav.server'
import { deliverCalendarWrites } from '~/server/calendar/calendar-writes.server'
import { type Radicale, startRadicale } from '../calendar-servers'
import { temporaryDatabase } from '../helpers'
import { calendarWriteRows } from '../outbox-rows'
import { runCommand } from '../run-command'
import { details, testAvailability } from './booking-helpers'

// A change made in the coach's shell reaches her CalDAV calendar although her shell has none of the
// site's settings: the command queues the write in the outbox, and the running site's worker (here
// called with the calendar's settings, as the server has them) carries it out in a real Radicale.

let radicale: Radicale
beforeAll(async () => {
  radicale = await startRadicale()
}, 30_000)
afterAll(() => radicale?.stop())

/** The calendar as the running site knows it; the commands below run without any of it. */
async function siteCalendar(): Promise<CaldavConfig> {
  return caldavConfig({ CALDAV_URL: await radicale.newCalendar(), CALDAV_USER: radicale.user, CALDAV_PASSWORD: radicale.password })!
}

const eventStatus = async (config: CaldavConfig, uid: string) => (await caldavRequest(config, 'GET', eventPath(uid))).status

/** Two bookings on the first Monday at least a week ahead: the commands read the real clock. */
function twoBookings(db: Db) {
  const monday = new Date(Date.now() + 7 * 86_400_000)
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7))
  const date = monday.toISOString().slice(0, 10)
  const bookedAt = new Date()
  const book = (time: string, email: string) => {
    const outcome = createBooking(db, { availability: testAvailability(), date, time, details: details(email), ipHash: `ip-${email}`, now: bookedAt })
    if (outcome.status !== 'booket') throw new Error(outcome.status)
    return outcome.booking
  }
  return { bo: book('09:00', 'bo@eksempel.dk'), anne: book('11:00', 'anne@eksempel.dk') }
}

describe('the coach’s commands and her CalDAV calendar', () => {
  it('booking:cancel and contact:delete, run without CALDAV_URL, remove the events from her calendar', { timeout: 60_000 }, async () => {
    const { db, dir } = temporaryDatabase()
    const config = await siteCalendar()
    const { bo, anne } = twoBookings(db)
    expect(await deliverCalendarWrites({ db, config })).toMatchObject({ delivered: 2, failed: 0 })
    expect([await eventStatus(config, bo.uid), await eventStatus(config, anne.uid)]).toEqual([200, 200])

    // Her shell: the database and the mail folder, no calendar settings at all.
    const env = { DATABASE_URL: join(dir, 'site.db'), MAIL_OUTBOX_DIR: join(dir, 'outbox'), CALDAV_URL: undefined, CALDAV_USER: undefined, CALDAV_PASSWORD: undefined }
    expect(await runCommand('booking-cancel', [bo.publicId, '--ja'], env)).toMatchObject({ status: 0, stderr: '' })
    expect(await runCommand('contact-delete', ['--email', 'anne@eksempel.dk', '--ja'], env)).toMatchObject({ status: 0 })
    expect(calendarWriteRows(db).filter((write) => write.status === 'pending').map(({ uid, action }) => ({ uid, action }))).toEqual([
      { uid: bo.uid, action: 'delete' },
      { uid: anne.uid, action: 'delete' },
    ])

    // The running site's next worker run.
    expect(await deliverCalendarWrites({ db, config })).toMatchObject({ delivered: 2, failed: 0 })
    expect([await eventStatus(config, bo.uid), await eventStatus(config, anne.uid)]).toEqual([404, 404])
  })

  it('the purge after the retention period removes the event with the booking', { timeout: 30_000 }, async () => {
    const { db, dir } = temporaryDatabase()
    const config = await siteCalendar()
    const { bo } = twoBookings(db)
    await deliverCalendarWrites({ db, config })
    expect(await eventStatus(config, bo.uid)).toBe(200)

    const afterRetention = new Date(Date.parse(bo.endsAt) + 91 * 86_400_000)
    expect(await purgeOldBookings({ db, now: afterRetention, outbox: join(dir, 'outbox'), days: 90 })).toMatchObject({ bookings: 2 })
    // Gone from the subscription feed at once: the feed is made from the bookings that are left.
    expect(feedBookings(db, new Date(bo.startsAt)).map((booking) => booking.uid)).not.toContain(bo.uid)
    expect(await deliverCalendarWrites({ db, config, clock: () => afterRetention })).toMatchObject({ delivered: 2, failed: 0 })
    expect(await eventStatus(config, bo.uid)).toBe(404)
  })
})
