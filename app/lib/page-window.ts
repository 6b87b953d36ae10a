/** A gap in the page numbers, shown as "…". */
export const GAP = 'gap' as const

/**
 * The page numbers a pager shows: the first, the last and the current page with two on either
 * side, so the pager (and the HTML of every blog page) stays the same size however many pages
 * there are. A gap of a single page shows that page instead of "…", which would take as much room.
 */
export function pageWindow(page: number, pageCount: number, around = 2): Array<number | typeof GAP> {
  const shown = new Set([1, pageCount])
  for (let number = page - around; number <= page + around; number++) {
    if (number >= 1 && number <= pageCount) shown.add(number)
  }
  const numbers = [...shown].sort((a, b) => a - b)
  const window: Array<number | typeof GAP> = []
  numbers.forEach((number, index) => {
    const previous = numbers[index - 1]
    if (previous !== undefined && number - previous === 2) window.push(previous + 1)
    else if (previous !== undefined && number - previous > 2) window.push(GAP)
    window.push(number)
  })
  return window
}
