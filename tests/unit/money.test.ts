import { describe, expect, it } from 'vitest'
import { formatKroner, proRataOere } from '~/lib/payments/money'

describe('formatKroner', () => {
  it('writes kroner as Danish prices are written: a point between each three digits, a comma before the øre', () => {
    expect(formatKroner(85_000)).toBe('850 kr.')
    expect(formatKroner(110_000)).toBe('1.100 kr.')
    expect(formatKroner(1_234_500)).toBe('12.345 kr.')
    expect(formatKroner(100_000_000)).toBe('1.000.000 kr.')
    expect(formatKroner(84_950)).toBe('849,50 kr.')
    expect(formatKroner(84_905)).toBe('849,05 kr.')
  })

  it('gives nothing a sign but a sum owed back: 0 kr. unsigned, a negative amount with a minus', () => {
    expect(formatKroner(0)).toBe('0 kr.')
    expect(formatKroner(-25_000)).toBe('−250 kr.')
    expect(formatKroner(-110_005)).toBe('−1.100,05 kr.')
  })
})

describe('proRataOere', () => {
  it('pays back the unused share of a klippekort to the nearest øre, half up', () => {
    expect(proRataOere(382_500, 4, 5)).toBe(306_000)
    expect(proRataOere(100_000, 1, 3)).toBe(33_333)
    expect(proRataOere(100_000, 2, 3)).toBe(66_667)
    expect(proRataOere(382_500, 5, 5)).toBe(382_500)
    // Never more than the price, whatever the count says.
    expect(proRataOere(382_500, 6, 5)).toBe(382_500)
  })

  it('pays nothing back for no unused sessions, a negative count or a card of no sessions: never a negative or broken amount', () => {
    expect(proRataOere(382_500, 0, 5)).toBe(0)
    expect(proRataOere(382_500, -1, 5)).toBe(0)
    expect(proRataOere(382_500, 1, 0)).toBe(0)
    expect(proRataOere(382_500, 0, 0)).toBe(0)
    expect(proRataOere(382_500, 1, -5)).toBe(0)
  })
})
