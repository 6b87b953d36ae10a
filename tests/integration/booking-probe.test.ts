import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { bookings } from '#db/schema'
import { handleBookingPost } from '~/server/booking/booking-endpoint.server'
import { manageUrl } from '~/server/links/links.server'
import { temporaryDatabase } from '../helpers'
import { bookingEmailRows } from '../outbox-rows'
import { inStartRequest } from '../start-request'
import { MONDAY, NOW, TEST_FILE, memoryTransport } from './booking-helpers'

// Whether someone has an appointment with a stress coach is nobody else's business: a booking post
// with an address that has an upcoming booking is answered byte for byte as a new booking is.

const form = (email: string, time: string) => {
  const data = new FormData()
  for (const [name, value] of Object.entries({ tidspunkt: `${MONDAY}T${time}`, navn: 'Mette Sørensen', email, telefon: '20 30 40 50', form: 'telefon', besked: '', website: '' })) data.append(name, value)
  return data
}

beforeEach(() => {
  vi.stubEnv('BUSY_CALENDAR_URLS', '')
  vi.stubEnv('CALDAV_URL', '')
  vi.stubEnv('BOOKING_RATE_LIMIT', undefined)
})
afterEach(() => vi.unstubAllEnvs())

const answerTo = async (run: () => Promise<Response>) => {
  const { result } = await inStartRequest(new Request('http://localhost/_serverFn/book', { method: 'POST' }), '192.0.2.40', run)
  return { status: result.status, headers: [...result.headers.entries()], body: await result.text() }
}

it('answers an address with a booking exactly as a new one, and e-mails that address its own booking', async () => {
  const { db, dir } = temporaryDatabase()
  writeFileSync(join(dir, 'booking.yaml'), TEST_FILE)
  vi.stubEnv('BOOKING_FILE', join(dir, 'booking.yaml'))
  const transport = memoryTransport()
  const deps = { db, transport, clock: () => NOW }
  await answerTo(() => handleBookingPost(form('kendt@eksempel.dk', '09:00'), deps))
  transport.sent.length = 0

  const known = await answerTo(() => handleBookingPost(form('Kendt@eksempel.dk', '11:00'), deps))
  const unknown = await answerTo(() => handleBookingPost(form('ukendt@eksempel.dk', '10:00'), deps))
  expect(known).toEqual(unknown)
  expect(known).toMatchObject({ status: 303, headers: expect.arrayContaining([['location', '/book-samtale?status=tjek-email#status']]) })

  // A taken time reads the same for both as well: the time is checked before the address.
  const takenKnown = await answerTo(() => handleBookingPost(form('kendt@eksempel.dk', '10:00'), deps))
  const takenUnknown = await answerTo(() => handleBookingPost(form('en-tredje@eksempel.dk', '10:00'), deps))
  expect(takenKnown).toEqual(takenUnknown)

  const rows = db.select().from(bookings).all()
  expect(rows.map((row) => [row.emailKey, row.localDate])).toEqual([
    ['kendt@eksempel.dk', MONDAY],
    ['ukendt@eksempel.dk', MONDAY],
  ])
  const existing = transport.sent.find((email) => email.to === 'kendt@eksempel.dk')!
  expect(existing.subject).toMatch(/^Du har allerede en samtale booket: /)
  expect(existing.text).toContain(manageUrl(rows[0]!.publicId))
  expect(existing.attachments).toBeUndefined()
  expect(bookingEmailRows(db).filter((email) => email.kind === 'eksisterende')).toHaveLength(1)
})
