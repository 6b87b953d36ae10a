import { describe, expect, it } from 'vitest'
import { handleBookingPost } from '~/server/booking/booking-endpoint.server'
import { bookingWeek, chosenSlot } from '~/server/booking/booking-pages.server'
import { createBooking } from '~/server/booking/bookings.server'
import { canonicalPageAddress } from '~/server/http/canonical-url.server'
import { loggablePath } from '~/server/log.server'
import { temporaryDatabase } from '../helpers'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'

const availability = testAvailability()
const clock = () => NOW

describe('the booking pages', () => {
  it('are never cached: no cache key, and their addresses are kept as given', () => {
    for (const address of ['/book-samtale', '/book-samtale?uge=2026-W17&status=taget', '/book-samtale/2026-04-20T10:00', '/booking/AbCdEfGhIjKlMnOpQrStUvWxYz012345?status=booket']) {
      const url = new URL(address, 'http://localhost')
      expect(canonicalPageAddress(url), address).toEqual({ path: url.pathname, cacheKey: undefined })
    }
    // Other pages keep their cache key.
    expect(canonicalPageAddress(new URL('http://localhost/kontakt'))).toEqual({ path: '/kontakt', cacheKey: '/kontakt' })
  })

  it('list a week of free times by day, with the next week and the first free time', () => {
    const { db } = temporaryDatabase()
    const week = bookingWeek(undefined, { db, availability, clock })
    // From Friday 10 April the first free time is Monday 13 April 09:00.
    expect(week).toMatchObject({ open: true, week: '2026-W16', label: 'mandag 13. april – søndag 19. april', previousWeek: '2026-W15', nextWeek: '2026-W17' })
    if (!week.open) throw new Error('closed')
    expect(week.firstFree).toEqual({ key: '2026-04-13T09:00', label: 'mandag 13. april kl. 09.00' })
    expect(week.days).toEqual([
      {
        date: '2026-04-13',
        label: 'mandag 13. april',
        slots: ['09:00', '10:00', '10:15', '11:00'].map((time) => ({ key: `2026-04-13T${time}`, time: time.replace(':', '.'), label: `mandag 13. april kl. ${time.replace(':', '.')}` })),
      },
    ])
    // A booked time (and the one its buffer covers) is gone from the list at once.
    createBooking(db, { availability, date: '2026-04-13', time: '10:00', details: details(), ipHash: 'ip', now: NOW })
    const after = bookingWeek('2026-W16', { db, availability, clock })
    expect(after.open && after.days[0]!.slots.map((slot) => slot.key)).toEqual(['2026-04-13T09:00', '2026-04-13T11:00'])
    expect(chosenSlot('2026-04-13T10:00', { db, availability, clock })).toEqual({ state: 'ikke-ledig', week: '2026-W16' })
    expect(chosenSlot(`${MONDAY}T10:00`, { db, availability, clock })).toMatchObject({ state: 'ledig', label: 'mandag 20. april kl. 10.00', period: 'mandag 20. april kl. 10.00–10.30' })
    // Beyond the window the asked week falls back to the first free one.
    expect(bookingWeek('2026-W30', { db, availability, clock })).toMatchObject({ week: '2026-W16' })
    expect(bookingWeek(undefined, { db, availability: undefined, clock })).toEqual({ open: false })
  })
})

describe('the booking post', () => {
  it('lets a filled honeypot and a malformed time through to nothing, without a word to the robot', async () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData()
      for (const [name, value] of Object.entries(fields)) data.set(name, value)
      return data
    }
    const honeypot = await handleBookingPost(form({ tidspunkt: '2026-04-20T10:00', navn: 'Robot', website: 'https://spam.example' }))
    expect([honeypot.status, honeypot.headers.get('location')]).toEqual([303, '/book-samtale'])
    const malformed = await handleBookingPost(form({ tidspunkt: '20. april' }))
    expect([malformed.status, malformed.headers.get('location')]).toEqual([303, '/book-samtale?status=ikke-ledig'])
  })
})

describe('the request log', () => {
  it('never carries a manage link', () => {
    expect(loggablePath('/booking/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe('/booking/[link]')
    for (const variant of ['//booking/AbCdEfGhIjKlMnOpQrStUvWxYz012345', '/Booking/AbCdEfGhIjKlMnOpQrStUvWxYz012345', '/booking//AbCdEfGhIjKlMnOpQrStUvWxYz012345?status=booket']) {
      expect(loggablePath(variant), variant).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz012345')
    }
    expect(loggablePath('/book-samtale/2026-04-20T10:00')).toBe('/book-samtale/2026-04-20T10:00')
  })
})
