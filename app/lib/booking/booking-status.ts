/**
 * The outcomes a booking post is redirected with. Only the names: the routes' search validation
 * imports this and lands in every page's JavaScript; the texts live in booking-form.ts.
 */
export const bookingStatuses = ['tjek-email', 'flyttet', 'samme-tid', 'aflyst', 'ugyldig', 'taget', 'for-mange', 'for-sent', 'for-mange-flytninger', 'ikke-ledig', 'lukket', 'fejl'] as const
export type BookingStatus = (typeof bookingStatuses)[number]
export const isBookingStatus = (value: unknown): value is BookingStatus => (bookingStatuses as readonly unknown[]).includes(value)
