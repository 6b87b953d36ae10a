/** Kroner as Danish prices are written, from øre (integers everywhere): 1.100 kr., 849,50 kr. */
export function formatKroner(oere: number) {
  const whole = Math.floor(Math.abs(oere) / 100)
  const rest = Math.abs(oere) % 100
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${oere < 0 ? '−' : ''}${grouped}${rest ? `,${String(rest).padStart(2, '0')}` : ''} kr.`
}
