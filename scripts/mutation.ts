/**
 * npm run test:mutation [-- part …] [--force]: Stryker over app/server/, app/lib/ and db/, one part
 * at a time, then the summary (scripts/mutation-summary.ts). Each part keeps its own incremental
 * file in reports/stryker/, so a part's results stay valid while another part's code changes, and
 * two people improving two parts never edit the same report.
 */
import { spawnSync } from 'node:child_process'

export const MUTATION_PARTS: Record<string, string[]> = {
  // The envelope, the middleware, the cache, static files and the production server's helpers.
  http: ['app/server/http/**/*.ts'],
  // The contact pipeline: form schema and action, the endpoint, storage, delivery, the coach's tools.
  contact: ['app/server/contact/**/*.ts', 'app/lib/contact*.ts'],
  booking: ['app/server/booking/**/*.ts', 'app/lib/booking/**/*.ts'],
  // Articles from file to page: the parser, the seed, the queries, feeds, SEO and dates.
  content: ['app/server/blog/**/*.ts', 'app/lib/*.ts', '!app/lib/contact*.ts', 'db/**/*.ts'],
}

const args = process.argv.slice(2)
const force = args.includes('--force')
const asked = args.filter((arg) => !arg.startsWith('--'))
const unknown = asked.filter((part) => !(part in MUTATION_PARTS))
if (unknown.length > 0) {
  console.error(`Ukendt del: ${unknown.join(', ')}. Delene er: ${Object.keys(MUTATION_PARTS).join(', ')}.`)
  process.exit(2)
}

for (const part of asked.length > 0 ? asked : Object.keys(MUTATION_PARTS)) {
  console.log(`\n== ${part} ==`)
  const mutate = [...(MUTATION_PARTS[part] ?? []), '!**/*.d.ts'].join(',')
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', mutate, '--incrementalFile', `reports/stryker/${part}.json`, ...(force ? ['--force'] : [])], { stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
