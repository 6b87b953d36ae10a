import { type SlotSearch, type WeekSearch, slotSearch, weekSearch } from '~/lib/booking/booking-search'

/**
 * The outcomes only a paid booking's post has, beside the booking pages' own (booking-status.ts).
 * The routes pass the status on as it came (their search checks are in every page's script); the
 * notice shows only the names it has a text for (paid-status-notice.tsx).
 */
export type PaidBookingStatus = 'betaling-afbrudt' | 'stripe-nede' | 'vilkaar' | 'start-tidligt' | 'tjek-email-betaling'

/** What each outcome says; sent with the page's data by the paid pages' loaders. */
export const paidBookingStatusText: Record<PaidBookingStatus, string> = {
  'betaling-afbrudt': 'Du har afbrudt betalingen, så du har ikke betalt noget, og tiden er ikke booket. Den bliver ledig igen, når de 30 minutter, den blev holdt til dig, er gået.',
  'stripe-nede': 'Betalingen kunne ikke startes lige nu, så tiden er ikke booket, og du har ikke betalt noget. Prøv igen om lidt, eller ring eller skriv til mig.',
  vilkaar: 'Sæt kryds ved, at du har læst og accepterer vilkårene, for at booke.',
  'start-tidligt': 'Sessionen ligger inden for fortrydelsesfristen på 14 dage. Sæt kryds ved, at du beder om, at den begynder inden fristen – eller vælg en senere tid.',
  'tjek-email-betaling': 'Tak! Tiden er booket, og du betaler bagefter via et link, jeg sender dig. Tjek din e-mail: bekræftelsen har vilkårene, fortrydelsesformularen og et link til din ordre.',
}

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined)

export const paidWeekSearch = (search: Record<string, unknown>): WeekSearch & { betaling?: string } => ({ ...weekSearch(search), betaling: asText(search.status) })
export const paidSlotSearch = (search: Record<string, unknown>): SlotSearch & { betaling?: string } => ({ ...slotSearch(search), betaling: asText(search.status) })
