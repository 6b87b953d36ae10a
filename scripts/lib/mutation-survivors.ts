/**
 * The survivors file of a part (reports/stryker/<part>-survivors.md): every mutant of the part's
 * report that no test noticed, each with the reason a person wrote for it. The list is made from
 * the report; the reasons are kept from the file as it was, so a run of the part renews the list
 * without losing what was written about a mutant that is still there.
 */
import { type Mutant, type Report, mutatedFragment, shorten } from './mutation-report.ts'

export const NO_REASON = 'no reason yet'

/** One entry of a survivors file: `- file:line Mutator[ (no test)][ (static)]: `code` → `replacement`: reason`. */
export type Entry = { file: string; line: number; mutator: string; code: string; replacement: string; reason: string }

// The code spans may hold backticks of their own, and are then fenced by two (`` … ``).
const ENTRY = /^- (\S+?):(\d+) (\w+)(?: \(no test\))?(?: \(static\))?: (``? ?)(.*?)\4 → (``? ?)(.*?)\6: (.*)$/

/** The entries of a survivors file as written (one a line); other lines are not entries. */
export function parseEntries(markdown: string): Entry[] {
  return markdown.split('\n').flatMap((text) => {
    const match = ENTRY.exec(text)
    if (!match) return []
    const [, file, line, mutator, , code, , replacement, reason] = match
    return [{ file: file!, line: Number(line), mutator: mutator!, code: code!.trim(), replacement: replacement!.trim(), reason: reason!.trim() }]
  })
}

/** A code span that shows its text whatever backticks it holds. */
const span = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``)

const survived = (mutant: Mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage'

/**
 * The reason written for the same mutant before: same file, mutator and replacement, and the code
 * it changed written either as the changed fragment (the summary's format) or as its whole line
 * (older files). The mutants are taken in line order and each entry is used once, the first unused
 * in line order, so of two equal mutants (the same log call twice) each keeps its own reason when
 * lines above them have moved.
 */
function reasonFor(file: string, mutant: Mutant, fragment: string, lineText: string, old: Entry[], used: Set<Entry>) {
  const replacement = shorten(mutant.replacement ?? '', 80)
  const candidates = old.filter(
    (entry) =>
      !used.has(entry) &&
      entry.file === file &&
      entry.mutator === mutant.mutatorName &&
      entry.replacement === replacement &&
      (entry.code === fragment || entry.code === lineText || (entry.code.length > 0 && lineText.includes(entry.code))),
  )
  const first = candidates.sort((a, b) => a.line - b.line)[0]
  if (!first) return NO_REASON
  used.add(first)
  return first.reason
}

/** The kind of a reason, by its first words (a static mutant's note comes before them). */
export function kindOf(reason: string) {
  const plain = reason.replace(/^static, tried against \d+ tests? only: /, '')
  const kinds = ['Equivalent', 'Unobservable', 'Cosmetic', 'GAP', 'Tested outside Stryker', 'Covered outside this run', 'Killed by a later test', 'Killed when applied by hand', 'Dead code', NO_REASON]
  return kinds.find((kind) => plain.toLowerCase().startsWith(kind.toLowerCase())) ?? 'other'
}

const count = (mutants: Mutant[], ...statuses: string[]) => mutants.filter((mutant) => statuses.includes(mutant.status)).length

/** The survivors file of `part` from its report, keeping the reasons of `previous` (the file as it was). */
export function survivorsFile(part: string, globs: string[], report: Report, previous: string, madeOn: string, unfinished = false) {
  const old = parseEntries(previous)
  const used = new Set<Entry>()
  const sections: string[] = []
  const reasons: string[] = []
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const lines = source.split('\n')
    const left = mutants.filter(survived).sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
    if (left.length === 0) continue
    sections.push(`### ${file}`, '')
    for (const mutant of left) {
      const fragment = mutatedFragment(source, mutant.location)
      const lineText = shorten(lines[mutant.location.start.line - 1] ?? '', 120)
      const reason = reasonFor(file, mutant, fragment, lineText, old, used)
      reasons.push(reason)
      const notes = `${mutant.status === 'NoCoverage' ? ' (no test)' : ''}${mutant.static ? ' (static)' : ''}`
      sections.push(`- ${file}:${mutant.location.start.line} ${mutant.mutatorName}${notes}: ${span(fragment)} → ${span(shorten(mutant.replacement ?? '', 80))}: ${reason}`)
    }
    sections.push('')
  }
  const all = Object.values(report.files).flatMap((entry) => entry.mutants)
  const detected = count(all, 'Killed', 'Timeout')
  const valid = detected + count(all, 'Survived', 'NoCoverage')
  const tally = new Map<string, number>()
  for (const reason of reasons) tally.set(kindOf(reason), (tally.get(kindOf(reason)) ?? 0) + 1)
  return [
    `# Stryker part \`${part}\`: surviving mutants`,
    '',
    `Part \`${part}\` = ${globs.map((glob) => `\`${glob}\``).join(', ')} (scripts/mutation.ts).`,
    '',
    '## State',
    '',
    `Made by \`npx tsx scripts/mutation-survivors.ts ${part}\` on ${madeOn} from \`reports/stryker/${part}.json\`: ${count(all, 'Killed')} killed, ${count(all, 'Timeout')} timed out, ${count(all, 'Survived')} survived, ${count(all, 'NoCoverage')} without a test ("no test"), ${count(all, 'Ignored')} ignored (static or styling-only). Score = ${detected} / ${valid} = ${valid === 0 ? '–' : ((100 * detected) / valid).toFixed(1)} %.`,
    '',
    ...(unfinished ? [`**Not whole**: the part's last run was interrupted (\`reports/stryker/${part}.unfinished\`), so the mutants it had not tried yet are missing here; the next run goes on from there.`, ''] : []),
    'Every mutant with status Survived or NoCoverage, by file in line order, in the line format of scripts/mutation-summary.ts, then its reason. A reason written before for the same mutant (same file, mutator, code and replacement) is kept; a new survivor gets »no reason yet«. The kinds: **Equivalent** (no visitor, coach, stored row, e-mail, file or HTTP answer can tell the mutant from the code; the entry says why), **Unobservable** (only a log line or a developer-facing text changes), **Cosmetic**, **GAP** (a behaviour that matters and no test checks), **Tested outside Stryker** (Playwright, or a Vitest test that vitest.stryker.config.ts leaves out), **Killed when applied by hand** (a static mutant, module-level code: Stryker tries it only with the test that first loaded the module; the entry names the tests that fail when the change is made in the source).',
    '',
    `Tally: ${[...tally].map(([kind, number]) => `${number} ${kind}`).join(', ') || 'no survivors'}.`,
    '',
    `## Survivors and "no test" mutants, with the reason (${reasons.length})`,
    '',
    ...sections,
  ].join('\n')
}
