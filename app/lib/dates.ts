const danishLongDate = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Copenhagen',
})

/** "18. september 2025", as Danes write dates, in Danish time whatever the server's zone. */
export function formatDanishDate(iso: string) {
  return danishLongDate.format(new Date(iso))
}
