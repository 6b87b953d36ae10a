import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, pages, test } from './helpers'

/** The Nu Html Checker (the validator behind validator.w3.org/nu), run locally from npm's vnu-jar. */
const vnuJar: string = createRequire(import.meta.url)('vnu-jar')

const refusedForm = { firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '12', serviceType: 'stress-coaching', message: 'Hej, jeg vil gerne høre mere.' }

type VnuMessage = { type: string; subType?: string; message: string; url: string; lastLine?: number; extract?: string }

test('the Nu Html Checker finds no error on any page type', async ({ request, baseURL }) => {
  // Java starts once for all pages; on a busy machine that alone takes a while.
  test.setTimeout(120_000)
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'))
  try {
    const documents: Record<string, string> = {}
    for (const { path } of [...pages, { path: '/findes-ikke' }, { path: '/kontakt?status=sendt' }]) {
      documents[path] = await (await request.get(path)).text()
    }
    // The contact page as it answers a refused post without JavaScript: field errors and values.
    const refused = await request.post('/kontakt', { form: refusedForm, headers: { 'Sec-Fetch-Site': 'same-origin', Origin: baseURL! }, maxRedirects: 0 })
    expect(refused.status()).toBe(422)
    documents['POST /kontakt (afvist)'] = await refused.text()

    const files = Object.entries(documents).map(([what, html], index) => {
      const file = join(dir, `side-${index}.html`)
      writeFileSync(file, html)
      return { what, file }
    })
    const { stdout } = await promisify(execFile)('java', ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files.map(({ file }) => file)], {
      maxBuffer: 16 * 1024 * 1024,
    })
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] }
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => `${files.find(({ file }) => message.url.endsWith(file))?.what ?? message.url}:${message.lastLine ?? '?'} ${message.message} ${message.extract ?? ''}`)
    expect(errors).toEqual([])
    expect(Object.keys(documents).length).toBeGreaterThanOrEqual(14)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
