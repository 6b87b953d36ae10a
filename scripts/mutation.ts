/**
 * npm run test:mutation [-- part …] [--force]: Stryker over app/server/, app/lib/, db/ and the UI
 * (app/routes/, app/components/, app/emails/), one part at a time, then the summary of all parts
 * (scripts/mutation-summary.ts). Each part keeps its own incremental file in reports/stryker/, so a
 * part's results stay valid while another part's code changes, and two people improving two parts
 * never edit the same report.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

export const MUTATION_PARTS: Record<string, string[]> = {
  // The envelope, the middleware, the cache, static files and the production server's helpers.
  http: ['app/server/http/**/*.ts'],
  // The contact pipeline: form schema and action, the endpoint, storage, delivery, the coach's tools.
  contact: ['app/server/contact/**/*.ts', 'app/lib/contact*.ts'],
  booking: ['app/server/booking/**/*.ts', 'app/lib/booking/**/*.ts'],
  // Articles from file to page: the parser, the seed, the queries, feeds, SEO and dates.
  content: ['app/server/blog/**/*.ts', 'app/lib/*.ts', '!app/lib/contact*.ts', 'db/**/*.ts'],
  // What the server runs beside the requests: the log, background jobs, the launch check, images.
  services: ['app/server/*.ts'],
  // What the visitor and the coach see: the pages (routes), their components and the e-mails.
  // (No {ts,tsx} braces: the patterns reach Stryker joined by commas.)
  ui: ['app/routes/**/*.ts', 'app/routes/**/*.tsx', 'app/components/**/*.ts', 'app/components/**/*.tsx', 'app/emails/**/*.tsx'],
}

const args = process.argv.slice(2)
const force = args.includes('--force')
const asked = args.filter((arg) => !arg.startsWith('--'))
const unknown = asked.filter((part) => !(part in MUTATION_PARTS))
if (unknown.length > 0) {
  console.error(`Ukendt del: ${unknown.join(', ')}. Delene er: ${Object.keys(MUTATION_PARTS).join(', ')}.`)
  process.exit(2)
}

type Report = { files: Record<string, { mutants: Array<{ static?: boolean; status: string }> }> }

/**
 * Drops the results of static mutants (code run at import) that a test did not kill, so Stryker
 * plans them again with today's coverage. Such a mutant can only be tried by a test that loads the
 * module itself; which tests do that depends on how every test file loads its modules, a change
 * Stryker's incremental mode does not see (it compares the tests' own code). A survivor reused
 * from a test that no longer loads the module would stay a survivor for ever.
 */
function forgetStaticSurvivors(file: string) {
  if (!existsSync(file)) return 0
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report
  let forgotten = 0
  for (const entry of Object.values(report.files)) {
    const kept = entry.mutants.filter((mutant) => !(mutant.static && (mutant.status === 'Survived' || mutant.status === 'NoCoverage')))
    forgotten += entry.mutants.length - kept.length
    entry.mutants = kept
  }
  if (forgotten > 0) writeFileSync(file, JSON.stringify(report))
  return forgotten
}

for (const part of asked.length > 0 ? asked : Object.keys(MUTATION_PARTS)) {
  console.log(`\n== ${part} ==`)
  const forgotten = forgetStaticSurvivors(`reports/stryker/${part}.json`)
  if (forgotten > 0) console.log(`${forgotten} static mutants that survived are planned again`)
  const mutate = [...(MUTATION_PARTS[part] ?? []), '!**/*.d.ts'].join(',')
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', mutate, '--incrementalFile', `reports/stryker/${part}.json`, ...(force ? ['--force'] : [])], { stdio: 'inherit', env: { ...process.env, STRYKER_PART: part } })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

await import('./mutation-summary.ts')
