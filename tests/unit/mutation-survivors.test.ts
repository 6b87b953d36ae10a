import { describe, expect, it } from 'vitest'
import type { Report } from '../../scripts/lib/mutation-report'
import { NO_REASON, kindOf, parseEntries, survivorsFile } from '../../scripts/lib/mutation-survivors'

const source = ["const a = x > 1 ? 'one' : 'two'", "log('info', 'same')", "log('info', 'same')"].join('\n')
const at = (line: number, start: number, end: number) => ({ start: { line, column: start }, end: { line, column: end } })
const report = (shift = 0): Report => ({
  files: {
    'app/x.ts': {
      source: '\n'.repeat(shift) + source,
      mutants: [
        { id: '1', mutatorName: 'EqualityOperator', replacement: 'x >= 1', status: 'Survived', location: at(1 + shift, 11, 16) },
        { id: '2', mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: at(2 + shift, 13, 19) },
        { id: '3', mutatorName: 'StringLiteral', replacement: '""', status: 'NoCoverage', location: at(3 + shift, 13, 19) },
        { id: '4', mutatorName: 'StringLiteral', replacement: '""', status: 'Killed', location: at(1 + shift, 19, 24) },
      ],
    },
  },
})

describe('the survivors file of a part', () => {
  it('lists every survivor and untested mutant, not the killed ones, with the counts', () => {
    const markdown = survivorsFile('demo', ['app/x.ts'], report(), '', '2026-12-07')
    const entries = parseEntries(markdown)
    expect(entries.map(({ line, mutator, code }) => `${line} ${mutator} ${code}`)).toEqual(["1 EqualityOperator x > 1", "2 StringLiteral 'same'", "3 StringLiteral 'same'"])
    expect(entries.every((entry) => entry.reason === NO_REASON)).toBe(true)
    expect(markdown).toContain('1 killed, 0 timed out, 2 survived, 1 without a test')
    expect(markdown).toContain('Score = 1 / 4 = 25.0 %')
    expect(markdown).toContain("app/x.ts:3 StringLiteral (no test): `'same'`")
    expect(markdown).not.toContain('Not whole')
    // A run that was interrupted left its marker: the file says the list is not whole.
    expect(survivorsFile('demo', [], report(), '', '2026-12-07', true)).toContain('**Not whole**')
  })

  it('keeps each reason written for the same mutant when its lines have moved, and two alike (the same call twice) keep their own', () => {
    const first = survivorsFile('demo', [], report(), '', 'then')
      .replace("`'same'` → `\"\"`: no reason yet", "`'same'` → `\"\"`: Unobservable: the first log line")
      .replace('`x >= 1`: no reason yet', '`x >= 1`: Equivalent: x is never 1')
    const again = parseEntries(survivorsFile('demo', [], report(5), first, 'now'))
    expect(again.map(({ line, reason }) => `${line} ${reason}`)).toEqual(['6 Equivalent: x is never 1', "7 Unobservable: the first log line", `8 ${NO_REASON}`])
  })

  it('keeps a reason written with the whole line as the code, as older files did', () => {
    const older = `- app/x.ts:9 EqualityOperator: \`const a = x > 1 ? 'one' : 'two'\` → \`x >= 1\`: Equivalent: as written before`
    expect(parseEntries(survivorsFile('demo', [], report(), older, 'now'))[0]?.reason).toBe('Equivalent: as written before')
    // Another mutant of the same code (another replacement) does not inherit it.
    expect(parseEntries(survivorsFile('demo', [], report(), older.replace('`x >= 1`', '`x < 1`'), 'now'))[0]?.reason).toBe(NO_REASON)
  })

  it('counts reasons by their kind, a static note before them included', () => {
    expect(kindOf('static, tried against 59 tests only: Equivalent. The fallback …')).toBe('Equivalent')
    expect(kindOf('GAP (left): the log line')).toBe('GAP')
    expect(kindOf(NO_REASON)).toBe(NO_REASON)
  })
})
