import { rmSync } from 'node:fs'
import { BLOG_DIR, DATA_DIR } from './environment'

/** The run's folders (database, outbox, server log; the fixture blog) go with the run. */
export default function globalTeardown() {
  rmSync(DATA_DIR, { recursive: true, force: true })
  rmSync(BLOG_DIR, { recursive: true, force: true })
}
