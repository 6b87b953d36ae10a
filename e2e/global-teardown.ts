import { rmSync } from 'node:fs'
import { CONTENT_DIR, DATA_DIR } from './environment'

/** The run's folders (database, outbox, server log; the copy of the fixture content) go with the run. */
export default function globalTeardown() {
  rmSync(DATA_DIR, { recursive: true, force: true })
  rmSync(CONTENT_DIR, { recursive: true, force: true })
}
