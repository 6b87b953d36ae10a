/**
 * `npm run booking:tider`: checks content/booking.yaml and prints the next two weeks' free times as
 * a visitor sees them on /book-samtale: the rules in force (the last good ones while the file has an
 * error), the bookings, and the coach's busy times as the running site last read them. Exits with 1
 * when the file has errors.
 */
import { closeDb, getDb } from '#db/connection'
import { freeSlotsByDay } from '~/lib/booking/slots'
import { addDays, formatDay, formatTime, toLocal } from '~/lib/booking/time'
import { AVAILABILITY_FILE, rulesInForce } from '~/server/booking/availability.server'
import { takenBetween } from '~/server/booking/bookings.server'
import { busyBetween, storedSourceStates } from '~/server/calendar/busy-sources.server'

const db = getDb()
const { availability, errors } = rulesInForce(db)
if (errors.length > 0) {
  const kept = availability ? 'Siden bruger de sidste regler, der var i orden, indtil fejlen er rettet' : 'Filen har aldrig været i orden, så booking er lukket (siderne henviser til kontaktformularen)'
  console.error(`${AVAILABILITY_FILE} har fejl. ${kept}:\n${errors.map((error) => `  - ${error}`).join('\n')}\n`)
  process.exitCode = 1
}
if (availability && !availability.open) console.log(`Booking er lukket (aaben: nej i ${AVAILABILITY_FILE}); siderne henviser til kontaktformularen.`)
else if (availability) {
  const now = new Date()
  const today = toLocal(now).date
  const last = addDays(today, 13)
  const stale = storedSourceStates(db, availability.calendarMaxAgeMinutes, now).filter((source) => source.stale)
  for (const source of stale) console.log(`${source.label} kan ikke læses, så booking viser ingen ledige tider lige nu (npm run check:launch siger mere).\n`)
  const busy = busyBetween(db, today, last, 'stored')
  const days = freeSlotsByDay(availability, takenBetween(db, today, last), now, today, last, busy)
  console.log(`Ledige tider de næste to uger (dansk tid), som de vises på /book-samtale${busy.length > 0 ? ', med dine aftaler fra din kalender' : ''}:\n`)
  if (days.length === 0) console.log('  Ingen ledige tider.')
  for (const day of days) console.log(`  ${formatDay(day.date)}: ${day.slots.map((slot) => formatTime(slot.time)).join(', ')}`)
}
closeDb()
