import { describe, expect, it } from 'vitest'
import { formatDanishDate } from '~/lib/dates'

const danishIntl = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' })

describe('formatDanishDate', () => {
  it('writes the date as Danes do, in Danish time', () => {
    expect(formatDanishDate('2025-09-18T00:00:00.000Z')).toBe('18. september 2025')
    // 23:30 UTC is already the next day in Copenhagen, in winter and in summer time.
    expect(formatDanishDate('2024-12-31T23:30:00.000Z')).toBe('1. januar 2025')
    expect(formatDanishDate('2025-06-30T22:30:00.000Z')).toBe('1. juli 2025')
    expect(formatDanishDate('2025-06-30T21:30:00.000Z')).toBe('30. juni 2025')
  })

  it('agrees with Intl in Europe/Copenhagen around every change of the clocks, 1997 to 2045', () => {
    const disagreements: string[] = []
    for (let year = 1997; year <= 2045; year++) {
      for (const month of [2, 9]) {
        // Every 10 minutes through the last week of March and of October, evenings included.
        const start = Date.UTC(year, month, 24, 18)
        for (let time = start; time < start + 8 * 24 * 3_600_000; time += 10 * 60_000) {
          const iso = new Date(time).toISOString()
          if (formatDanishDate(iso) !== danishIntl.format(time)) disagreements.push(iso)
        }
      }
    }
    expect(disagreements).toEqual([])
  })
})
