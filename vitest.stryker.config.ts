import { defineConfig, mergeConfig } from 'vitest/config'
import base, { TEST_FILES } from './vitest.config'

// Under Stryker the machine runs the tests many times over, often beside other work: tests get
// more time before they count as failed, and the four that run npm scripts as child processes
// (a minute or more each on a busy machine, for every mutant they cover) are left to `npm test`, and
// so is the one that changes the working directory: Stryker runs Vitest in worker threads, where
// process.chdir() throws, and the two that read app/ as text (every server function, every
// environment variable the site reads): in Stryker's sandbox that text is the instrumented code,
// which reads process.env.__STRYKER_ACTIVE_MUTANT__. The races from worker threads are left out
// too: each thread loads the app through tsx on its own, outside Stryker's mutant switching (the
// deferred-transaction mutant was applied by hand and fails them).
const config = mergeConfig(
  base,
  defineConfig({
    test: {
      testTimeout: 60_000,
      hookTimeout: 60_000,
      testNamePattern: /^(?!.*(raced from worker threads|works as npm scripts|as the coach runs it|removes the covers of a deleted article|names the database it looked for|names every server function the site defines|lists every environment variable the site reads|reads the client build from dist\/client of the folder the server runs in))/,
    },
  }),
)

// Stryker switches mutants inside the modules it loads, per test: every file keeps its own module
// graph here, as before the suite's shared project (vitest.config.ts).
delete config.test!.projects
config.test!.include = TEST_FILES

// The ui part (STRYKER_PART, set by scripts/mutation.ts) is tried against the render-level tests
// and the routes' own (their loaders and handlers): the integration tests of the server code render
// pages and e-mails too (every booking e-mail), and running those dozens of database tests for
// each mutant of a template took minutes a mutant. The render tests check the same texts directly;
// leaving the others out can only lower the ui score, never raise it.
if (process.env.STRYKER_PART === 'ui') {
  config.test!.include = ['tests/**/*.test.tsx', 'tests/unit/route-loaders.test.ts', 'tests/integration/server-routes.test.ts']
}

export default config
