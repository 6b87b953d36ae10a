import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { documentReferences, headingAnchors } from './documentation-references'

// Every command and every file the README and docs/ name must exist: a renamed script or a moved
// file otherwise leaves the coach (or the next engineer) copying a command that fails.

const root = fileURLToPath(new URL('../..', import.meta.url))
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]
const npmScripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts)

// What git ignores (the database, builds, reports made on demand) is made at run time, so a
// document may name it although a fresh checkout does not have it.
const ignoredPrefixes = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#') && !line.includes('*'))
  .map((line) => line.replace(/\/$/, ''))
const topLevelEntries = readdirSync(root).filter((name) => name !== '.git' && !ignoredPrefixes.includes(name))

const isIgnored = (path: string) => ignoredPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

describe.each(documents)('%s', (document) => {
  const text = readFileSync(join(root, document), 'utf8')
  const references = documentReferences(text, topLevelEntries)

  it('names only npm scripts that exist', () => {
    expect(references.npmScripts.filter((name) => !npmScripts.includes(name))).toEqual([])
  })

  it('names only repository paths that exist', () => {
    const missing = references.repositoryPaths.filter((path) => !isIgnored(path) && !existsSync(join(root, path)))
    expect(missing).toEqual([])
  })

  it('links only to files and headings that exist', () => {
    const broken = references.links.filter(({ target, anchor }) => {
      const file = target === '' ? join(root, document) : join(root, dirname(document), target)
      if (!existsSync(file)) return true
      return anchor !== undefined && file.endsWith('.md') && !headingAnchors(readFileSync(file, 'utf8')).includes(anchor)
    })
    expect(broken.map(({ target, anchor }) => `${relative(root, join(root, dirname(document), target))}#${anchor ?? ''}`)).toEqual([])
  })
})

it('README stays a door: at most 250 lines, and the coach guide is its first link', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(250)
  expect(documentReferences(readme, topLevelEntries).links[0]?.target).toBe('docs/vejledning.md')
})

/** Every file under these folders (recursively), as repository paths. */
const sourceFiles = (...folders: string[]) =>
  folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx)$/.test(name))
      .map((name) => `${folder}/${name}`),
  )
const read = (path: string) => readFileSync(join(root, path), 'utf8')

describe('what the documents say about the code', () => {
  it("the README's folder map names every folder of app/server and app/components", () => {
    const readme = read('README.md')
    const map = readme.slice(readme.indexOf('## Folders'), readme.indexOf('## How a request is served'))
    for (const parent of ['app/server', 'app/components']) {
      const folders = readdirSync(join(root, parent), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
      expect(folders.filter((folder) => !map.includes(`${folder}/`)), parent).toEqual([])
    }
  })

  it('architecture.md counts the modules that query the database as the code has them', () => {
    const takesDb = (path: string) => /from '#db\/(database|connection)'/.test(read(path))
    const app = sourceFiles('app').filter(takesDb).length
    const scripts = sourceFiles('scripts').filter(takesDb).length
    const text = read('docs/architecture.md').replace(/\s+/g, ' ')
    expect(text).toContain(`the queries are spread over the features: ${app} modules under \`app/\` and ${scripts} of the coach's commands and test scripts under \`scripts/\``)
    // Only db/database.ts opens a SQLite file itself (a few scripts and the search open their own for their purpose).
    expect(sourceFiles('app').filter((path) => /new Database\(/.test(read(path)))).toEqual([])
  })

  it("operations.md counts the e-mail preview's e-mails as scripts/email-preview.tsx has them", () => {
    const preview = read('scripts/email-preview.tsx')
    const templates = preview.slice(preview.indexOf('const templates = {'), preview.indexOf('\n}\n', preview.indexOf('const templates = {')))
    const count = (templates.match(/^ {2}['\w-]+: \{/gm) ?? []).length
    const words = ['none', 'one', 'two', 'three', 'four', 'five', 'six']
    expect(read('docs/operations.md')).toContain(`preview of the ${words[count]} e-mails`)
  })

  it('operations.md lists every environment variable the site reads', () => {
    // Set by the framework, the tests or the production server for its own workers, not by whoever runs the site.
    const internal = ['NODE_ENV', 'BACKGROUND_JOBS', 'MIGRATIONS_DIR', 'PUBLIC_DIR', 'TSS_ROUTER_BASEPATH']
    const read_ = [...new Set(['server.ts', ...sourceFiles('app', 'db')].flatMap((path) => [...read(path).matchAll(/process\.env\.([A-Z_]+)/g)].map((match) => match[1]!)))]
    const operations = read('docs/operations.md')
    expect(read_.filter((name) => !internal.includes(name) && !operations.includes(`| \`${name}\``) && !operations.includes(`, \`${name}\``)).sort()).toEqual([])
  })

  it('every section of the guide the site points to exists', () => {
    const headings = headingAnchors(read('docs/vejledning.md'))
    const named = sourceFiles('app').flatMap((path) => [...read(path).matchAll(/se vejledningen, (?:afsnittet )?»([^«]+)«/g)].map((match) => match[1]!))
    expect(named.length).toBeGreaterThan(0)
    const anchorOf = (title: string) => headingAnchors(`## ${title}`)[0]
    expect(named.filter((title) => !headings.includes(anchorOf(title)!))).toEqual([])
  })

  it("security.md states the limits and caps with the code's numbers", async () => {
    const { DESK_LINKS_PER_SENDER, LIMIT_WINDOW_MS, RECIPIENT_CAPS, UNASKED_DESK_LINKS } = await import('~/server/limits/sender-limits.server')
    const text = read('docs/security.md').replace(/\s+/g, ' ')
    expect(text).toContain(`may ask ${DESK_LINKS_PER_SENDER} times an hour (\`DESK_LINKS_PER_SENDER\`)`)
    expect(text).toContain(`${UNASKED_DESK_LINKS} per ${LIMIT_WINDOW_MS['desk-address'] / 60_000} minutes`)
    expect(text).toContain(`| the contact form's receipt (»Tak for din besked«) | ${RECIPIENT_CAPS['contact-receipt']} a day |`)
    expect(text).toContain(`booking post for an address with an upcoming booking) | ${RECIPIENT_CAPS['already-booked']} a day |`)
    expect(text).toContain(`| the newsletter's confirmation | ${RECIPIENT_CAPS['newsletter-confirmation']} a day, and 1 an hour per address |`)
  })
})
