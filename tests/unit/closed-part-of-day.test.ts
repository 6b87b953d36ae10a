import { expect, it } from 'vitest'
import { type Busy, offeredSlots, unavailability } from '~/lib/booking/slots'
import { checkAvailabilityText } from '~/server/booking/availability.server'

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

it('closes a slot for a busy time in the coach’s calendar widened by the pause on both sides, and tells it from a booking', () => {
  const settings = rules(`varighed: 30
mellemrum: 15
tidligst: 0 timer
uge:
  mandag: ["09:00", "10:00", "11:00"]
`)
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
