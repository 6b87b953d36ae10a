/**
 * After `stryker run` (npm run test:mutation): the score per file and per folder, and every mutant
 * that no test noticed, from Stryker's JSON report, printed and written to
 * reports/mutation-summary.md (committed; the HTML report is not). The score is Stryker's:
 * killed and timed-out mutants over all that were tried or had no test at all; "ignored" (static)
 * mutants are not counted, and their number is shown.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { printTable } from './lib/table.ts'

type Mutant = { id: string; mutatorName: string; replacement?: string; status: string; location: { start: { line: number; column: number } } }
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> }

// One incremental report per part (scripts/mutation.ts); together they cover every mutated file.
const REPORT_DIR = 'reports/stryker'
const reportFiles = existsSync(REPORT_DIR) ? readdirSync(REPORT_DIR).filter((name) => name.endsWith('.json')).sort() : []
const report: Report = { files: {} }
for (const name of reportFiles) Object.assign(report.files, (JSON.parse(readFileSync(`${REPORT_DIR}/${name}`, 'utf8')) as Report).files)
const reportFile = `${REPORT_DIR}/{${reportFiles.map((name) => name.replace(/\.json$/, '')).join(',')}}.json`

const detected = new Set(['Killed', 'Timeout'])
const counted = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const score = (mutants: Mutant[]) => {
  const valid = mutants.filter((mutant) => counted.has(mutant.status))
  return valid.length === 0 ? undefined : (100 * valid.filter((mutant) => detected.has(mutant.status)).length) / valid.length
}
const count = (mutants: Mutant[], status: string) => mutants.filter((mutant) => mutant.status === status).length
const row = (name: string, mutants: Mutant[]) => ({
  file: name,
  score: score(mutants)?.toFixed(1) ?? '–',
  killed: String(count(mutants, 'Killed') + count(mutants, 'Timeout')),
  survived: String(count(mutants, 'Survived')),
  'no test': String(count(mutants, 'NoCoverage')),
  ignored: String(count(mutants, 'Ignored')),
})

const files = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))
const folders = new Map<string, Mutant[]>()
for (const [name, file] of files) {
  // The three folders the goal is set for: app/server (with its subfolders), app/lib and db.
  const folder = name.split('/').slice(0, name.startsWith('app/') ? 2 : 1).join('/')
  folders.set(folder, [...(folders.get(folder) ?? []), ...file.mutants])
}
// The UI part (scripts/mutation.ts) has a goal of its own, so its three folders are also one row.
const UI_FOLDERS = ['app/routes', 'app/components', 'app/emails']
const ui = files.filter(([name]) => UI_FOLDERS.some((folder) => name.startsWith(`${folder}/`))).flatMap(([, file]) => file.mutants)
const all = files.flatMap(([, file]) => file.mutants)
const rows = [
  ...files.map(([name, file]) => row(name, file.mutants)),
  ...[...folders].map(([folder, mutants]) => row(`${folder}/ (all)`, mutants)),
  ...(ui.length > 0 ? [row(`${UI_FOLDERS.join(' + ')} (UI)`, ui)] : []),
  row('total', all),
]
printTable(rows)

const survivors = files.flatMap(([name, file]) =>
  file.mutants
    .filter((mutant) => mutant.status === 'Survived')
    .map((mutant) => {
      const line = file.source.split('\n')[mutant.location.start.line - 1]?.trim() ?? ''
      return `- ${name}:${mutant.location.start.line} ${mutant.mutatorName}: \`${line.slice(0, 120)}\` → \`${(mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}\``
    }),
)
const columns = Object.keys(rows[0] ?? {})
const markdown = [
  `# Mutation testing summary`,
  '',
  `From ${reportFile}. Score = (killed + timed out) / (killed + timed out + survived + no test), ignored (static or styling-only) mutants left out.`,
  '',
  `| ${columns.join(' | ')} |`,
  `| ${columns.map(() => '---').join(' | ')} |`,
  ...rows.map((entry) => `| ${Object.values(entry).join(' | ')} |`),
  '',
  `## Surviving mutants (${survivors.length})`,
  '',
  ...survivors,
  '',
].join('\n')
writeFileSync('reports/mutation-summary.md', markdown)
console.log(`\n${survivors.length} surviving mutants listed in reports/mutation-summary.md`)
