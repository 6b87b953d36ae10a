import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from '@playwright/test'
import { publicPagePaths } from '../e2e/public-pages.ts'
import { firstLoadJavaScript, printFirstLoadJavaScript } from './lib/first-load-js.ts'
import { ensureBuild, freePort, startServer } from './lib/server-process.ts'

/**
 * `npm run first-load`: the first-load JavaScript of every public page (e2e/public-pages.ts), as
 * the budget test measures it, of the existing build (`npm run build` first), on a fresh database.
 */
ensureBuild()
const work = mkdtempSync(join(tmpdir(), 'coach-first-load-'))
const server = await startServer(await freePort(), { DATABASE_URL: join(work, 'site.db'), BACKGROUND_JOBS: 'off' })
try {
  const api = await request.newContext({ baseURL: server.url })
  const paths = await publicPagePaths(api)
  await api.dispose()
  printFirstLoadJavaScript(await firstLoadJavaScript(server.url, paths))
} finally {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
}
