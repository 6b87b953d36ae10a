/**
 * `npm run booking:tider`: checks content/booking.yaml and prints the next two weeks' free times as
 * a visitor sees them on /book-samtale. Exits with 1 when the file has errors.
 */
import { closeDb, getDb } from '#db/connection'
import { freeSlotsByDay } from '~/lib/booking/slots'
import { addDays, formatDay, formatTime, toLocal } from '~/lib/booking/time'
import { AVAILABILITY_FILE, loadAvailability } from '~/server/booking/availability.server'
import { takenBetween } from '~/server/booking/bookings.server'

const result = loadAvailability()
if (!result.ok) {
  console.error(`${AVAILABILITY_FILE} har fejl, så booking er lukket (siderne henviser til kontaktformularen):\n${result.errors.map((error) => `  - ${error}`).join('\n')}`)
  process.exitCode = 1
} else if (!result.availability.open) {
  console.log(`Booking er lukket (aaben: nej i ${AVAILABILITY_FILE}); siderne henviser til kontaktformularen.`)
} else {
  const now = new Date()
  const today = toLocal(now).date
  const last = addDays(today, 13)
  const days = freeSlotsByDay(result.availability, takenBetween(getDb(), today, last), now, today, last)
  console.log(`Ledige tider de næste to uger (dansk tid), som de vises på /book-samtale:\n`)
  if (days.length === 0) console.log('  Ingen ledige tider.')
  for (const day of days) console.log(`  ${formatDay(day.date)}: ${day.slots.map((slot) => formatTime(slot.time)).join(', ')}`)
  closeDb()
}
