import { describe, expect, it } from 'vitest'
import { cn } from '~/lib/utils'

describe('cn', () => {
  it('joins the class names that apply, in order, and drops the rest', () => {
    const active = false
    expect(cn('knap', active && 'knap-aktiv', undefined, null, { skjult: false, synlig: true }, ['stor', ''])).toBe('knap synlig stor')
    expect(cn()).toBe('')
  })
})
