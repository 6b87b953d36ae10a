/**
 * After `stryker run` (npm run test:mutation): the score per file and per folder, and every mutant
 * that no test noticed, from Stryker's JSON report, printed and written to
 * reports/mutation-summary.md (committed; the HTML report is not). The score is Stryker's:
 * killed and timed-out mutants over all that were tried or had no test at all; "ignored" (static)
 * mutants are not counted, and their number is shown.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { type Mutant, type Report, mutatedFragment, shorten, staleFiles } from './lib/mutation-report.ts'
import { printTable } from './lib/table.ts'
import { MUTATION_PARTS, filesOfPart, unfinishedMarker } from './mutation.ts'

// One incremental report per part (scripts/mutation.ts); together they cover every mutated file.
const REPORT_DIR = 'reports/stryker'
const reportFiles = existsSync(REPORT_DIR) ? readdirSync(REPORT_DIR).filter((name) => name.endsWith('.json')).sort() : []
const report: Report = { files: {} }
for (const name of reportFiles) Object.assign(report.files, (JSON.parse(readFileSync(`${REPORT_DIR}/${name}`, 'utf8')) as Report).files)
const reportFile = `${REPORT_DIR}/{${reportFiles.map((name) => name.replace(/\.json$/, '')).join(',')}}.json`

// A score is only worth quoting when every file's results were made from the code on disk.
const partNames = Object.keys(MUTATION_PARTS)
const partReports = Object.fromEntries(partNames.map((part) => [part, existsSync(`${REPORT_DIR}/${part}.json`) ? (JSON.parse(readFileSync(`${REPORT_DIR}/${part}.json`, 'utf8')) as Report) : undefined]))
const stale = staleFiles(
  Object.fromEntries(partNames.map((part) => [part, filesOfPart(part)])),
  partReports,
  (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
  (part) => existsSync(unfinishedMarker(part)),
)
const staleNames = new Set(stale.map(({ file }) => file))
const freshness =
  stale.length === 0
    ? 'Fresh: every file of every part was mutated as it is on disk.'
    : `**Not fresh**: the results of ${staleNames.size} files are not those of the code on disk (listed under "Stale results"); run their parts again.`

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
  ...files.map(([name, file]) => row(staleNames.has(name) ? `${name} (stale)` : name, file.mutants)),
  ...[...folders].map(([folder, mutants]) => row(`${folder}/ (all)`, mutants)),
  ...(ui.length > 0 ? [row(`${UI_FOLDERS.join(' + ')} (UI)`, ui)] : []),
  row('total', all),
]
printTable(rows)

// The goal is set per part and overall: each part's own report, and whether all of it is fresh.
const partRow = (part: string, mutants: Mutant[], fresh: boolean) => {
  const { file, ...counts } = row(part, mutants)
  return { part: file, ...counts, fresh: fresh ? 'yes' : 'no' }
}
const partMutants = (part: string) => Object.values(partReports[part]?.files ?? {}).flatMap((entry) => entry.mutants)
const partRows = [...partNames.map((part) => partRow(part, partMutants(part), !stale.some((entry) => entry.part === part))), partRow('all parts', all, stale.length === 0)]
console.log()
printTable(partRows)
console.log(`\n${freshness.replaceAll('**', '')}`)
for (const { part, file, reason } of stale) console.log(`  ${file} (${part}): ${reason}`)

const survivors = files.flatMap(([name, file]) =>
  file.mutants
    .filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage')
    .map((mutant) => `- ${name}:${mutant.location.start.line} ${mutant.mutatorName}${mutant.status === 'NoCoverage' ? ' (no test)' : ''}${mutant.static ? ' (static)' : ''}: \`${mutatedFragment(file.source, mutant.location)}\` → \`${shorten(mutant.replacement ?? '', 80)}\``),
)
const markdownTable = (entries: Array<Record<string, string>>) => {
  const columns = Object.keys(entries[0] ?? {})
  return [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`, ...entries.map((entry) => `| ${Object.values(entry).join(' | ')} |`)]
}
const markdown = [
  `# Mutation testing summary`,
  '',
  `From ${reportFile}. Score = (killed + timed out) / (killed + timed out + survived + no test), ignored (static or styling-only) mutants left out.`,
  '',
  freshness,
  '',
  ...markdownTable(partRows),
  '',
  ...markdownTable(rows),
  '',
  `## Surviving and untested mutants (${survivors.length})`,
  '',
  ...survivors,
  '',
  ...(stale.length === 0 ? [] : [`## Stale results (${stale.length})`, '', ...stale.map(({ part, file, reason }) => `- ${file} (${part}): ${reason}`), '']),
].join('\n')
writeFileSync('reports/mutation-summary.md', markdown)
console.log(`\n${survivors.length} surviving or untested mutants listed in reports/mutation-summary.md`)
