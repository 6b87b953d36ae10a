import { rmSync } from 'node:fs'
import { DATA_DIR } from './environment'

/** The run's folder (database, outbox, server log) goes with the run. */
export default function globalTeardown() {
  rmSync(DATA_DIR, { recursive: true, force: true })
}
