/** What the booking pages' loaders return: plain data, rendered by the pages. */

export type DayOfSlots = { date: string; label: string; slots: Array<{ key: string; time: string; label: string }> }

export type BookingWeek =
  | { open: false }
  | { open: true; week: string; label: string; days: DayOfSlots[]; previousWeek?: string; nextWeek?: string; firstFree?: { key: string; label: string } }

export type ChosenSlot =
  | { state: 'lukket' }
  | { state: 'ikke-ledig'; week?: string }
  | { state: 'ledig'; key: string; label: string; ends: string; week: string; modes: Array<{ value: string; label: string }> }

export type ManagedBooking = {
  code: string
  name: string
  status: 'bekraeftet' | 'aflyst'
  period: string
  mode: string
  /** Whether the visitor may still move or cancel it here. */
  changeable: boolean
  cutoff: string
  moveTo: DayOfSlots[]
  /** "Sæt i kalenderen" while confirmed: Google Calendar and Outlook on the web (the .ics is the page's own). */
  /** outlook: personal Microsoft accounts (outlook.live.com); outlookWork: work and school accounts (outlook.office.com). */
  addToCalendar?: { google: string; outlook: string; outlookWork: string }
  /** A paid session: what a cancellation now gives back, by the terms it was bought under. */
  refundNote?: string
}
