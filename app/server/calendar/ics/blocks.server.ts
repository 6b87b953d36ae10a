import ICAL from 'ical.js'

/**
 * A calendar text cut into its top-level components, each parsed on its own: one event that cannot
 * be parsed is skipped and reported by its line number, and the rest of the calendar is read. A
 * line's text is never kept in what is reported (it is her calendar: names, notes, addresses).
 */

/** A component of the calendar: its name, its parse, and the physical line of its BEGIN. */
export type Block = { name: string; line: number; component: ICAL.Component; lineOf(property: string): number }
export type Split = { blocks: Block[]; badLines: number[]; calendarName?: string }

type Logical = { text: string; line: number }

/** The logical lines (folded lines joined) with the physical line each begins on. */
function logicalLines(text: string): Logical[] {
  const lines: Logical[] = []
  const physical = text.split(/\r\n|\n|\r/)
  for (let index = 0; index < physical.length; index++) {
    const line = physical[index]!
    const last = lines.at(-1)
    if ((line.startsWith(' ') || line.startsWith('\t')) && last) last.text += line.slice(1)
    else if (line !== '') lines.push({ text: line, line: index + 1 })
  }
  return lines
}

const nameOf = (line: string, keyword: 'BEGIN' | 'END') => {
  const match = new RegExp(`^${keyword}:(.+)$`, 'i').exec(line.trim())
  return match ? match[1]!.trim().toUpperCase() : undefined
}

/** The line of a component that ical.js cannot parse: the first it refuses on its own, or the component's first. */
function failingLine(lines: Logical[]) {
  for (const { text, line } of lines) {
    if (nameOf(text, 'BEGIN') || nameOf(text, 'END')) continue
    try {
      ICAL.parse.property(text)
    } catch {
      return line
    }
  }
  return lines[0]!.line
}

/** Throws only when the text is no calendar at all; everything inside is reported line by line. */
export function splitCalendar(text: string): Split {
  const lines = logicalLines(text)
  const start = lines.findIndex(({ text }) => nameOf(text, 'BEGIN') === 'VCALENDAR')
  if (start < 0) throw new NotACalendar()
  const blocks: Block[] = []
  const badLines: number[] = []
  let calendarName: string | undefined
  for (let index = start + 1; index < lines.length; index++) {
    const { text: opening, line } = lines[index]!
    const name = nameOf(opening, 'BEGIN')
    if (!name) {
      if (nameOf(opening, 'END') === 'VCALENDAR') break
      const calname = /^X-WR-CALNAME[;:](?:.*:)?(.*)$/i.exec(opening)
      if (calname) calendarName = calname[1]
      continue
    }
    // The component runs to its own END at the same depth (a VALARM inside an event has its own).
    let depth = 0
    let end = index
    for (; end < lines.length; end++) {
      if (nameOf(lines[end]!.text, 'BEGIN')) depth++
      else if (nameOf(lines[end]!.text, 'END') && --depth === 0) break
    }
    const component = lines.slice(index, end + 1)
    index = end
    if (name !== 'VEVENT' && name !== 'VTIMEZONE') continue
    if (end >= lines.length || nameOf(lines[end]!.text, 'END') !== name) {
      badLines.push(line)
      continue
    }
    try {
      const parsed = new ICAL.Component(ICAL.parse(component.map(({ text }) => text).join('\r\n')) as unknown[])
      // Only names and line numbers are kept, for a value ical.js refuses when it is read.
      const names = component.map(({ text, line }) => [/^[^;:]*/.exec(text)![0].toLowerCase(), line] as const)
      blocks.push({ name, line, component: parsed, lineOf: (property) => names.find(([name]) => name === property)?.[1] ?? line })
    } catch {
      badLines.push(failingLine(component))
    }
  }
  return { blocks, badLines, calendarName }
}

export class NotACalendar extends Error {}
