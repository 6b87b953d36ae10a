/**
 * npx tsx scripts/mutation-survivors.ts <part> …: writes reports/stryker/<part>-survivors.md from
 * the part's report, keeping the reasons already written for the mutants that are still there
 * (scripts/lib/mutation-survivors.ts). `npm run test:mutation` runs it for each part it ran.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Report } from './lib/mutation-report.ts'
import { NO_REASON, survivorsFile } from './lib/mutation-survivors.ts'
import { MUTATION_PARTS, unfinishedMarker } from './mutation.ts'

export function writeSurvivorsFile(part: string) {
  const file = `reports/stryker/${part}-survivors.md`
  const report = JSON.parse(readFileSync(`reports/stryker/${part}.json`, 'utf8')) as Report
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const markdown = survivorsFile(part, MUTATION_PARTS[part] ?? [], report, previous, new Date().toISOString().slice(0, 10), existsSync(unfinishedMarker(part)))
  writeFileSync(file, markdown)
  const unexplained = markdown.split('\n').filter((line) => line.endsWith(`: ${NO_REASON}`)).length
  console.log(`${file}: written${unexplained > 0 ? `, ${unexplained} mutants with ${NO_REASON}` : ''}`)
}

if (import.meta.main) {
  for (const part of process.argv.slice(2)) writeSurvivorsFile(part)
}
