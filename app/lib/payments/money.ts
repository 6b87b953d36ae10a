/** Kroner as Danish prices are written, from øre (integers everywhere): 1.100 kr., 849,50 kr. */
export function formatKroner(oere: number) {
  const whole = Math.floor(Math.abs(oere) / 100)
  const rest = Math.abs(oere) % 100
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${oere < 0 ? '−' : ''}${grouped}${rest ? `,${String(rest).padStart(2, '0')}` : ''} kr.`
}

/**
 * The one rounding of a share of a price: `unused` of `total` sessions of `amountOere`, to the
 * nearest øre (half up). A withdrawal and an expired klippekort both pay back by it.
 */
export function proRataOere(amountOere: number, unused: number, total: number) {
  if (total <= 0 || unused <= 0) return 0
  return Math.round((amountOere * Math.min(unused, total)) / total)
}
