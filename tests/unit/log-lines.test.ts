import { expect, it } from 'vitest'
import { logLinesOf } from '../../e2e/log-lines'

// The end-to-end tests read the server's log; a line Node writes itself must not turn them red.
it("reads the server's JSON lines and skips what Node itself writes in between", () => {
  const text = [
    '{"level":"info","msg":"listening","port":3000}',
    "(node:4242) Warning: The 'NO_COLOR' env is ignored due to the 'FORCE_COLOR' env being set.",
    '(Use `node --trace-warnings ...` to show where the warning was created)',
    '{"level":"info","msg":"request","path":"/om","status":304}',
    '{"level":"info","msg":"cut off in the mid',
    '',
  ].join('\n')
  expect(logLinesOf(text)).toEqual([
    { level: 'info', msg: 'listening', port: 3000 },
    { level: 'info', msg: 'request', path: '/om', status: 304 },
  ])
})
