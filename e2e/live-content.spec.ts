import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './helpers'
import { SERVER_START_TIMEOUT_MS, type ServerInstance, disposeServerInstance, startServerInstance } from './server-instance'

// The running production server (its page cache on) with a copy of the shipped content: a change to
// the phone number, a price and a reference is on the pages within seconds, without a restart.
let server: ServerInstance
let content: string

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS)
  // Filled in by prepare, before the server starts with it.
  const env: Record<string, string> = {}
  server = await startServerInstance({
    prepare: ({ dir }) => {
      content = join(dir, 'content')
      cpSync('tests/fixtures/content', content, { recursive: true })
      env.CONTENT_DIR = content
    },
    env,
  })
})
test.afterAll(async () => server && disposeServerInstance(server))

const edit = (name: string, from: string, to: string) => {
  const path = join(content, name)
  const text = readFileSync(path, 'utf8')
  expect(text).toContain(from)
  writeFileSync(path, text.replace(from, to))
}
const page = async (path: string) => (await fetch(`${server.url}${path}`)).text()

test('a changed phone number, price and reference are on the running site within seconds', async () => {
  // Rendered once, so the page cache holds the old pages.
  expect(await page('/kontakt')).toContain('+45\u00a021\u00a043\u00a065\u00a087')
  expect(await page('/ydelser')).toContain('1.400 kr. + moms pr. samtale')
  expect(await page('/referencer')).toContain('Eksempel Byggeservice ApS')
  edit('site.yaml', 'telefon: +45 21 43 65 87', 'telefon: +45 12 34 56 78')
  edit('ydelser.yaml', 'pris: 1.400 kr. + moms pr. samtale', 'pris: 1.450 kr. + moms pr. samtale')
  edit('referencer.yaml', 'navn: Eksempel Byggeservice ApS', 'navn: Fredericia Byggeservice ApS')
  await expect.poll(() => page('/kontakt'), { timeout: 5_000 }).toContain('+45\u00a012\u00a034\u00a056\u00a078')
  expect(await page('/')).toContain('tel:+4512345678')
  // Each file is looked at on its own (CONTENT_RECHECK_MS): the three changes need not show at the same request.
  await expect.poll(() => page('/ydelser'), { timeout: 5_000 }).toContain('1.450 kr. + moms pr. samtale')
  await expect.poll(() => page('/referencer'), { timeout: 5_000 }).toContain('Fredericia Byggeservice ApS')
})
