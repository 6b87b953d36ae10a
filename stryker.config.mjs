// Mutation testing (npm run test:mutation): Stryker changes the production code one small edit at
// a time and runs the Vitest tests that cover the edited line; a mutant no test notices "survives".
// Playwright cannot run under Stryker, so only what the unit and integration tests reach counts.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // related: false: every test file runs in the first (coverage) run, and coverage decides which
  // tests try a mutant. With Vitest's "related" files, a test that loads its module only afresh
  // (loadedAfresh: a dynamic import) was never run, and the mutants it kills survived.
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner', './scripts/stryker-styling-only.mjs'],
  // The pages' Tailwind classes and the e-mails' inline styles are looks, not behaviour: their
  // mutants are reported as ignored (scripts/stryker-styling-only.mjs says exactly which).
  ignorers: ['styling-only'],
  // The files to mutate come by part from scripts/mutation.ts (npm run test:mutation).
  mutate: ['app/server/**/*.ts', 'app/lib/**/*.ts', 'db/**/*.ts', '!**/*.d.ts'],
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code: a constant, a schema built at import) can only be tried by
  // reloading everything and running every test, about 45 s each here; they are left out of the
  // score (reported as "ignored"). STRYKER_STATIC=on includes them.
  ignoreStatic: process.env.STRYKER_STATIC !== 'on',
  // Two cores shared with other work: one mutant at a time is slow but leaves the machine usable.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  // Only mutants whose code or covering tests changed are run again; one file per part
  // (reports/stryker/<part>.json, committed), named by scripts/mutation.ts.
  incremental: true,
  reporters: ['clear-text', 'progress'],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
  timeoutMS: 5_000,
  // The first run of every test, with coverage, takes minutes when the machine is busy.
  dryRunTimeoutMinutes: 20,
  // Not copied into Stryker's sandbox: build output and what Playwright writes while it runs.
  ignorePatterns: ['dist', 'test-results', 'playwright-report'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
