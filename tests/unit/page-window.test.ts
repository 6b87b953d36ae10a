import { describe, expect, it } from 'vitest'
import { GAP, pageWindow } from '~/lib/page-window'

describe('the blog pager’s page numbers', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 7, [1, 2, 3, 4, GAP, 7]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, GAP, 10]],
    [10, 10, [1, GAP, 8, 9, 10]],
    // A gap of one page shows the page itself: "…" would take the same room and hide it.
    [5, 10, [1, 2, 3, 4, 5, 6, 7, GAP, 10]],
    [6, 10, [1, GAP, 4, 5, 6, 7, 8, 9, 10]],
    [417, 834, [1, GAP, 415, 416, 417, 418, 419, GAP, 834]],
  ])('page %i of %i shows %j', (page, pageCount, expected) => {
    expect(pageWindow(page, pageCount)).toEqual(expected)
  })

  it('shows at most nine entries however many pages there are', () => {
    for (const pageCount of [1, 9, 100, 10_000]) {
      for (let page = 1; page <= pageCount; page += Math.ceil(pageCount / 37)) {
        const window = pageWindow(page, pageCount)
        expect(window.length).toBeLessThanOrEqual(9)
        // First, last and the current page are always linked, in order, each once.
        const numbers = window.filter((entry) => entry !== GAP)
        expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b))
        expect(numbers).toContain(1)
        expect(numbers).toContain(page)
        expect(numbers.at(-1)).toBe(pageCount)
      }
    }
  })
})
