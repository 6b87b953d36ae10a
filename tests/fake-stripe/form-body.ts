/**
 * Stripe's SDK sends every POST as a form with bracketed keys (`line_items[0][price_data][currency]=dkk`,
 * `metadata[order]=12`): this reads such a body back into nested objects and arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[')
    const path = [head!, ...rest.map((part) => part.replace(/]$/, ''))]
    let node: Record<string, FormValue> | FormValue[] = root
    path.forEach((segment, index) => {
      const last = index === path.length - 1
      const key = Array.isArray(node) ? Number(segment) : segment
      const container = node as Record<string | number, FormValue>
      if (last) {
        container[key] = value
        return
      }
      if (container[key] === undefined) container[key] = /^\d+$/.test(path[index + 1]!) ? [] : {}
      node = container[key] as Record<string, FormValue> | FormValue[]
    })
  }
  return root
}

/** The same parameters in any key order compare equal: what an idempotency key is checked against. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}
