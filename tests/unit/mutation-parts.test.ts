import { describe, expect, it } from 'vitest'
import { mutatedFragment, type Report, staleFiles } from '../../scripts/lib/mutation-report'
import { MUTATION_PARTS, filesInNoPart, filesOfPart } from '../../scripts/mutation'

describe('the parts of mutation testing (scripts/mutation.ts)', () => {
  it('name every source file of app/server, app/lib and db, so none goes untried', () => {
    expect(filesInNoPart()).toEqual([])
  })

  it('name each file in one part only, so no file is counted twice in the summary', () => {
    const parts = new Map<string, string[]>()
    for (const part of Object.keys(MUTATION_PARTS)) for (const file of filesOfPart(part)) parts.set(file, [...(parts.get(file) ?? []), part])
    expect([...parts].filter(([, named]) => named.length > 1)).toEqual([])
  })
})

describe('the mutation summary (scripts/lib/mutation-report.ts)', () => {
  const source = ['export function open(hour: number) {', '  if (hour >= 8) {', "    return 'åben'", '  }', "  return 'lukket'", '}'].join('\n')

  it('shows the code a mutant replaced, not its whole line', () => {
    expect(mutatedFragment(source, { start: { line: 2, column: 7 }, end: { line: 2, column: 16 } })).toBe('hour >= 8')
  })

  it('shows a block over several lines on one line, and a long one by its two ends', () => {
    expect(mutatedFragment(source, { start: { line: 2, column: 17 }, end: { line: 4, column: 4 } })).toBe("{ return 'åben' }")
    const long = mutatedFragment(source, { start: { line: 1, column: 1 }, end: { line: 6, column: 2 } }, 40)
    expect(long).toBe("export function open(hou … rn 'lukket' }")
    expect(long.length).toBeLessThanOrEqual(40)
  })

  it('names the files whose results are not of the code on disk, and why', () => {
    const report = (files: Record<string, string>): Report => ({
      files: Object.fromEntries(Object.entries(files).map(([file, text]) => [file, { source: text, mutants: [] }])),
    })
    const disk: Record<string, string> = { 'a.ts': 'a', 'b.ts': 'b (ændret)', 'c.ts': 'c', 'moved.ts': 'm' }
    const stale = staleFiles(
      { one: ['a.ts', 'b.ts', 'c.ts'], never: ['moved.ts'], cut: ['a.ts', 'b.ts'] },
      { one: report({ 'a.ts': 'a', 'b.ts': 'b', 'gone.ts': 'g', 'moved.ts': 'm' }), never: undefined, cut: report({ 'a.ts': 'a', 'b.ts': 'b' }) },
      (file) => disk[file],
      (part) => part === 'cut',
    )
    expect(stale).toEqual([
      { part: 'cut', file: 'a.ts', reason: 'its run was interrupted' },
      { part: 'cut', file: 'b.ts', reason: 'changed since its run' },
      { part: 'one', file: 'b.ts', reason: 'changed since its run' },
      { part: 'one', file: 'c.ts', reason: 'no results' },
      { part: 'one', file: 'gone.ts', reason: 'deleted' },
      { part: 'never', file: 'moved.ts', reason: 'no results' },
      { part: 'one', file: 'moved.ts', reason: 'no longer in the part' },
    ])
  })
})
