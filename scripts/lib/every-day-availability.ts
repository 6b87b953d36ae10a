const WEEK = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag']

/**
 * A booking.yaml for tests: open every day, holidays too, at the given whole hours (08:00 to 20:00
 * unless told), from 24 hours ahead to 28 days: whatever day a suite runs, there are free times.
 */
export function everyDayAvailability(hours: number[] = Array.from({ length: 13 }, (_, i) => 8 + i)) {
  const times = hours.map((hour) => `"${String(hour).padStart(2, '0')}:00"`).join(', ')
  return `varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
afbud_senest: 12 timer
helligdage: åben
uge:
${WEEK.map((day) => `  ${day}: [${times}]`).join('\n')}
`
}
