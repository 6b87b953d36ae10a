/** The booking page of one week (`uge` is an ISO week, 2026-W49), or of the first week with times. */
export const bookingWeekHref = (week?: string, base = '/book-samtale') => (week ? `${base}?${new URLSearchParams({ uge: week })}` : base)

/** The form for one free time (its key, 2026-11-30T09:00). */
export const bookingTimeHref = (key: string, base = '/book-samtale') => `${base}/${encodeURIComponent(key)}`
