import { type BookingStatus, isBookingStatus } from '~/lib/booking/booking-status'

/**
 * The booking pages' search checks, shared by the free conversation's pages and a paid session's:
 * these run in every page's script (the routes' registrations), so they are written once.
 */
export type WeekSearch = { uge?: string; status?: BookingStatus }
export type SlotSearch = { status?: BookingStatus; felter?: string }

export const weekSearch = (search: Record<string, unknown>): WeekSearch => ({
  uge: typeof search.uge === 'string' && /^\d{4}-W\d{2}$/.test(search.uge) ? search.uge : undefined,
  status: isBookingStatus(search.status) ? search.status : undefined,
})

export const slotSearch = (search: Record<string, unknown>): SlotSearch => ({
  status: isBookingStatus(search.status) ? search.status : undefined,
  felter: typeof search.felter === 'string' && search.felter.length < 100 ? search.felter : undefined,
})
