/**
 * npm run test:mutation [-- part …] [--force]: Stryker over app/server/, app/lib/, db/ and the UI
 * (app/routes/, app/components/, app/emails/), one part at a time, then the summary of all parts
 * (scripts/mutation-summary.ts). Each part keeps its own incremental file in reports/stryker/, so a
 * part's results stay valid while another part's code changes, and two people improving two parts
 * never edit the same report; each part run renews its survivors file (scripts/mutation-survivors.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, globSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { matchesGlob } from 'node:path'

export const MUTATION_PARTS: Record<string, string[]> = {
  // The envelope, the middleware, the cache, static files and the production server's helpers.
  http: ['app/server/http/**/*.ts'],
  // The contact pipeline: form schema and action, the endpoint, storage, delivery, the coach's tools.
  contact: ['app/server/contact/**/*.ts', 'app/lib/contact*.ts', 'app/lib/field-rules.ts'],
  booking: ['app/server/booking/**/*.ts', 'app/lib/booking/**/*.ts'],
  // Articles from file to page: the parser, the seed, the queries, feeds, SEO and dates.
  // and her facts, prices, references and story read while the server runs (app/server/content/).
  content: ['app/server/blog/**/*.ts', 'app/server/content/**/*.ts', 'app/lib/content/**/*.ts', 'app/lib/*.ts', '!app/lib/contact*.ts', '!app/lib/field-rules.ts', '!app/lib/newsletter*.ts', '!app/lib/search-limits.ts', 'db/**/*.ts'],
  // What the server runs beside the requests: the log, background jobs, the launch check, images;
  // and what the server renders for the pages: their heads, and their parts that only render, as HTML.
  // and the off-site backup's record that check:launch reads.
  services: ['app/server/*.ts', 'app/server/pages/**/*.ts', 'app/server/pages/**/*.tsx', 'app/server/backup/**/*.ts'],
  // The coach's calendar: busy times from her calendars, the bookings feed, writes over CalDAV, and the alerts that tell her.
  calendar: ['app/server/calendar/**/*.ts', 'app/server/alerts/**/*.ts'],
  // The coach's desk: sign-in by link, the views, the actions and what the desk's pages load.
  desk: ['app/server/desk/**/*.ts', 'app/server/desk/**/*.tsx', 'app/lib/desk/**/*.ts'],
  // The newsletter: sign-up, confirmation, the letters and their sending.
  newsletter: ['app/server/newsletter/**/*.ts', 'app/lib/newsletter*.ts'],
  // The shared rooms: the one outbox and its worker, links and tokens, per-sender limits, the mail transports.
  outbox: ['app/server/outbox/**/*.ts', 'app/server/links/**/*.ts', 'app/server/limits/**/*.ts', 'app/server/mail/**/*.ts'],
  // Paid sessions: session types and terms, holds, Stripe Checkout, the one fulfilment, refunds, the law's pages;
  // and her books: receipts and credit notes, the monthly hand-over, five years kept.
  payments: ['app/server/payments/**/*.ts', 'app/lib/payments/**/*.ts', 'app/server/bookkeeping/**/*.ts', 'app/server/bookkeeping/**/*.tsx'],
  // The site search: the index, Danish word forms and the query.
  search: ['app/server/search/**/*.ts', 'app/lib/search-limits.ts'],
  // What the visitor and the coach see: the pages (routes), their components and the e-mails.
  // (No {ts,tsx} braces: the patterns reach Stryker joined by commas.)
  ui: ['app/routes/**/*.ts', 'app/routes/**/*.tsx', 'app/components/**/*.ts', 'app/components/**/*.tsx', 'app/emails/**/*.tsx'],
}

/** The folders Stryker mutates; every source file in them belongs to a part. */
export const MUTATED_FOLDERS = ['app/server', 'app/lib', 'db', 'app/routes', 'app/components', 'app/emails']

/** The files a part's globs name today ('!' globs leave files out, as Stryker reads them). */
export function filesOfPart(part: string) {
  const globs = MUTATION_PARTS[part] ?? []
  const left = globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1))
  return globSync(globs.filter((glob) => !glob.startsWith('!')))
    .filter((file) => !file.endsWith('.d.ts') && !left.some((glob) => matchesGlob(file, glob)))
    .sort()
}

/** Present while a part's run has not finished (interrupted, or failed): its report lacks the mutants not yet tried. */
export const unfinishedMarker = (part: string) => `reports/stryker/${part}.unfinished`

/** Source files under MUTATED_FOLDERS that no part names: Stryker would never try their code. */
export function filesInNoPart() {
  const inParts = new Set(Object.keys(MUTATION_PARTS).flatMap(filesOfPart))
  return globSync(MUTATED_FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx}`))
    .filter((file) => !file.endsWith('.d.ts') && !inParts.has(file))
    .sort()
}

type Report = { files: Record<string, { mutants: Array<{ status: string }> }> }

/**
 * Drops the results of mutants that no test killed (survived or had no test), so Stryker tries them
 * again with today's tests. Its incremental mode reuses a result while the mutant and the tests that
 * covered it are unchanged: a test written since, for that very survivor, is not among them, and the
 * survivor would stay one for ever. The same holds for a static mutant (code run at import), whose
 * coverage depends on how every test file loads its modules. Survivors are few; trying them again
 * costs little.
 */
function forgetSurvivors(file: string) {
  if (!existsSync(file)) return 0
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report
  let forgotten = 0
  for (const entry of Object.values(report.files)) {
    const kept = entry.mutants.filter((mutant) => mutant.status !== 'Survived' && mutant.status !== 'NoCoverage')
    forgotten += entry.mutants.length - kept.length
    entry.mutants = kept
  }
  if (forgotten > 0) writeFileSync(file, JSON.stringify(report))
  return forgotten
}

/**
 * Stryker leaves out of its report a file in which it found nothing to mutate (only a number
 * constant, only types). The summary would call such a file one without results: it gets an entry
 * with its source and no mutants, so its freshness is known like any other's.
 */
export function recordFilesWithoutMutants(part: string) {
  const file = `reports/stryker/${part}.json`
  const report = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, { language: string; source: string; mutants: unknown[] }> }
  const missing = filesOfPart(part).filter((name) => !(name in report.files))
  for (const name of missing) report.files[name] = { language: name.endsWith('x') ? 'tsx' : 'typescript', source: readFileSync(name, 'utf8'), mutants: [] }
  if (missing.length > 0) writeFileSync(file, JSON.stringify(report))
}

// The summary and the test of the parts import the map; only `npm run test:mutation` runs Stryker.
if (import.meta.main) {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const asked = args.filter((arg) => !arg.startsWith('--'))
  const unknown = asked.filter((part) => !(part in MUTATION_PARTS))
  if (unknown.length > 0) {
    console.error(`Ukendt del: ${unknown.join(', ')}. Delene er: ${Object.keys(MUTATION_PARTS).join(', ')}.`)
    process.exit(2)
  }
  const homeless = filesInNoPart()
  if (homeless.length > 0) {
    // A warning, not a stop: the part asked for is still worth running; the test of the parts fails.
    console.error(`Disse filer hører ikke til nogen del i MUTATION_PARTS (scripts/mutation.ts), så Stryker prøver dem aldrig:\n${homeless.map((file) => `  ${file}`).join('\n')}`)
  }

  for (const part of asked.length > 0 ? asked : Object.keys(MUTATION_PARTS)) {
    console.log(`\n== ${part} ==`)
    const forgotten = forgetSurvivors(`reports/stryker/${part}.json`)
    if (forgotten > 0) console.log(`${forgotten} mutants that no test killed are planned again`)
    const mutate = [...(MUTATION_PARTS[part] ?? []), '!**/*.d.ts'].join(',')
    // An interrupted run saves only the mutants it tried: the marker says the report is not whole.
    writeFileSync(unfinishedMarker(part), `${new Date().toISOString()}\n`)
    const run = spawnSync('npx', ['stryker', 'run', '--mutate', mutate, '--incrementalFile', `reports/stryker/${part}.json`, ...(force ? ['--force'] : [])], { stdio: 'inherit', env: { ...process.env, STRYKER_PART: part } })
    if (run.status !== 0) process.exit(run.status ?? 1)
    recordFilesWithoutMutants(part)
    rmSync(unfinishedMarker(part))
    // The part's survivors file follows its report, keeping the reasons written for the same mutants.
    spawnSync('npx', ['tsx', 'scripts/mutation-survivors.ts', part], { stdio: 'inherit' })
  }

  // Its own process: the summary imports this module for the parts, and an import from here would
  // wait on this module's own evaluation (a top-level await that never settles).
  const summary = spawnSync('npx', ['tsx', 'scripts/mutation-summary.ts'], { stdio: 'inherit' })
  process.exit(summary.status ?? 1)
}
