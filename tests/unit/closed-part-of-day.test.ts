import { expect, it } from 'vitest'
import { type Busy, type Taken, offeredSlots, unavailability } from '~/lib/booking/slots'
import { checkAvailabilityText } from '~/server/booking/availability.server'
import { loadedAfresh } from '../helpers'

const rules = (text: string) => {
  const result = checkAvailabilityText(text)
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return result.availability
}

it('closes every slot a closed part of the day overlaps, with the pause after it, not only those starting inside it', () => {
  const hour = rules(`varighed: 60
mellemrum: 15
uge:
  mandag: ["08:00", "08:45", "09:00", "09:30", "11:30", "12:00"]
lukket: [2026-04-13 10:00-12:00]
`)
  // 08.45–09.45 + 15 min touches 10.00 only at its end; 09.00–10.00 + 15 min and 09.30–10.30 overlap; 11.30 starts inside.
  expect(offeredSlots(hour, '2026-04-13').map((slot) => slot.time)).toEqual(['08:00', '08:45', '12:00'])
  expect(offeredSlots(hour, '2026-04-20').map((slot) => slot.time)).toEqual(['08:00', '08:45', '09:00', '09:30', '11:30', '12:00'])
})

/** Half-hour conversations on the hour on Mondays 9–11, a 15 minutes' pause, bookable at once. */
const HOURLY_MONDAY = `varighed: 30
mellemrum: 15
tidligst: 0 timer
uge:
  mandag: ["09:00", "10:00", "11:00"]
`

it('closes a slot for a busy time in the coach’s calendar widened by the pause on both sides, and tells it from a booking', () => {
  const settings = rules(HOURLY_MONDAY)
  const now = new Date('2026-04-01T00:00:00Z')
  // 10.30–10.50 Danish time (08.30–08.50Z).
  const busy: Busy[] = [{ start: Date.parse('2026-04-13T08:30:00Z'), end: Date.parse('2026-04-13T08:50:00Z') }]
  const states = offeredSlots(settings, '2026-04-13').map((slot) => [slot.time, unavailability(settings, slot, [], now, busy) ?? 'ledig'])
  expect(states).toEqual([
    ['09:00', 'ledig'],
    ['10:00', 'optaget'],
    ['11:00', 'optaget'],
  ])
})

it('closes a slot when only the pause after it reaches into a closed part of the day', () => {
  const settings = rules(`varighed: 30
mellemrum: 15
uge:
  mandag: ["09:15", "09:20", "12:00"]
lukket: [2026-04-13 10:00-12:00]
`)
  // 09.15–09.45 and its pause end as the closed part begins; 09.20–09.50 is over before it, but its pause is not.
  expect(offeredSlots(settings, '2026-04-13').map((slot) => slot.time)).toEqual(['09:15', '12:00'])
})

it('keeps a booked time and the pause around it, and names a slot by its date and time, as a freshly started server does', async () => {
  // The overlap rule and the slot address are made when the module loads (see loadedAfresh).
  const slots = await loadedAfresh<typeof import('~/lib/booking/slots')>('~/lib/booking/slots')
  const settings = rules(HOURLY_MONDAY)
  const now = new Date('2026-04-01T00:00:00Z')
  // 10.00–10.30 Danish time is booked: 10.00 is taken; 09.00–09.30 and 11.00 keep the 15 minutes' pause clear of it.
  const taken: Taken[] = [{ startsAt: '2026-04-13T08:00:00.000Z', endsAt: '2026-04-13T08:30:00.000Z', localDate: '2026-04-13' }]
  const states = slots.offeredSlots(settings, '2026-04-13').map((slot) => [slots.slotKey(slot), slots.unavailability(settings, slot, taken, now) ?? 'ledig'])
  expect(states).toEqual([
    ['2026-04-13T09:00', 'ledig'],
    ['2026-04-13T10:00', 'taget'],
    ['2026-04-13T11:00', 'ledig'],
  ])
})

it('closes a slot late in the evening that runs into a part of the next day closed from midnight', () => {
  const settings = rules(`varighed: 30
uge:
  mandag: ["23:00", "23:45"]
lukket: [2026-04-14 0.00-1.00]
`)
  // 23.45–00.15 runs 15 minutes into Tuesday's closed hour; 23.00–23.30 is over before it.
  expect(offeredSlots(settings, '2026-04-13').map((slot) => slot.time)).toEqual(['23:00'])
})

it('reads a closed part whose edge the clock skips or shows twice so that it closes what the coach meant', () => {
  // 29 March 2026 has no 2.30 (the clock goes from 2.00 to 3.00): 2.30–4.00 closes from the jump,
  // 3.00 summer time, to 4.00. Before, such a part closed nothing.
  const spring = rules(`varighed: 30
ekstra: {2026-03-29: ["01:30", "03:00", "03:15", "04:00"]}
lukket: [2026-03-29 2.30-4.00]
`)
  expect(offeredSlots(spring, '2026-03-29').map((slot) => slot.time)).toEqual(['01:30', '04:00'])
  // 25 October 2026 shows 2.00–3.00 twice: 2.30–2.45 closes from the first 2.30 to the second 2.45.
  const autumn = rules(`varighed: 60
ekstra: {2026-10-25: ["01:00", "01:45", "03:00"]}
lukket: [2026-10-25 2.30-2.45]
`)
  expect(offeredSlots(autumn, '2026-10-25').map((slot) => slot.time)).toEqual(['01:00', '03:00'])
})

it('closes from the jump a part that begins at 2.00 on the night the clock skips 2.00–3.00, not an hour before', () => {
  // 29 March 2026: the clock jumps from 2.00 winter time to 3.00 summer time (1.00 UTC); 1.30–2.00 is open.
  const spring = rules(`varighed: 30
ekstra: {2026-03-29: ["01:00", "01:30", "03:00", "04:00"]}
lukket: [2026-03-29 2.00-4.00]
`)
  expect(offeredSlots(spring, '2026-03-29').map((slot) => slot.time)).toEqual(['01:00', '01:30', '04:00'])
})
