import { type SlotSearch, type WeekSearch, slotSearch, weekSearch } from '~/lib/booking/booking-search'

/**
 * The outcomes only a paid booking's post has, beside the booking pages' own (booking-status.ts).
 * The routes pass the status on as it came (their search checks are in every page's script); the
 * notice shows only the names it has a text for (paid-status-notice.tsx).
 */
export type PaidBookingStatus = 'betaling-afbrudt' | 'stripe-nede' | 'vilkaar' | 'start-tidligt' | 'tjek-email-betaling'

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined)

export const paidWeekSearch = (search: Record<string, unknown>): WeekSearch & { betaling?: string } => ({ ...weekSearch(search), betaling: asText(search.status) })
export const paidSlotSearch = (search: Record<string, unknown>): SlotSearch & { betaling?: string } => ({ ...slotSearch(search), betaling: asText(search.status) })
