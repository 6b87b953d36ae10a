import type { Db } from '#db/database'
import type { Availability } from '~/lib/booking/availability-schema'
import { openAvailability } from '~/server/booking/availability.server'
import { busySourceStates } from '~/server/calendar/busy-sources.server'

/**
 * The rules visitors may book by now: open rules, and a recent copy of every calendar of the
 * coach's. When a calendar has not been read for longer than the file allows, no time is offered
 * (the pages point to the contact form): a time she may have filled must not be sold twice.
 */
export function bookableAvailability(db: Db, now: Date): Availability | undefined {
  const availability = openAvailability(db)
  if (!availability) return undefined
  return busySourceStates(db, availability.calendarMaxAgeMinutes, now).some((source) => source.stale) ? undefined : availability
}
