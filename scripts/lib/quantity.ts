/** "1 besked", "2 beskeder": a number with the Danish singular or plural after it. */
export function quantity(amount: number, singular: string, plural: string) {
  return `${amount} ${amount === 1 ? singular : plural}`
}
