import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config'

// Under Stryker the machine runs the tests many times over, often beside other work: a test that
// waits on a child process gets more time than the default 5 s before it counts as failed.
export default mergeConfig(base, defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } }))
