import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getFaq, getServices } from '~/server/content/content.server'

const { processSteps } = getServices()

/** Every page's text outside the articles: the routes, components, e-mails, content/*.ts and her files (a copy: tests/fixtures/content). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'blog' && dir === 'content' ? [] : sourceFiles(path)
    return /\.(?:tsx?|yaml|md)$/.test(entry.name) ? [path] : []
  })
}
const files = [...sourceFiles('app'), ...sourceFiles('content').filter((path) => path.endsWith('.ts')), ...sourceFiles(join('tests', 'fixtures', 'content'))].map((path) => ({ path, text: readFileSync(path, 'utf8') }))

describe('the pages outside the articles tell one story', () => {
  it('20+ years of experience, 3–5 sessions and a reply within one working day', () => {
    expect(files.length).toBeGreaterThan(30)
    for (const { path, text } of files) {
      for (const claim of text.matchAll(/(\S+) års erfaring/g)) expect(claim[1], path).toMatch(/^'?20\+?$/)
      expect(text, path).not.toMatch(/femten år|tre til fire|3[-–]4 samtaler|inden for 24 timer|inden for et døgn/i)
    }
    const faqAnswer = getFaq().find((entry) => /hvor mange samtaler/i.test(entry.question))?.answer
    expect(faqAnswer).toContain('3–5 samtaler')
    expect(processSteps.map((step) => step.text).join(' ')).toContain('tre til fem samtaler')
  })

  it('the coach speaks as »jeg«: no »we« for the practice (clients’ own words excepted)', () => {
    const practiceAsWe = /\b(?:kontakt os|skriv til os|ring til os|hos os|[Vv]i svarer|[Vv]i har (?:sendt|modtaget)|[Vv]ores (?:praksis|klinik|team|coaches))\b/
    for (const { path, text } of files) {
      const ownWords = path.endsWith('referencer.yaml') ? text.replace(/citat:.*$/gm, '') : text
      expect(ownWords, path).not.toMatch(practiceAsWe)
    }
  })

  it('quotes in Danish quotation marks »…«, not „…“ or “…”', () => {
    for (const { path, text } of files) expect(text, path).not.toMatch(/[„“”]/)
  })
})
