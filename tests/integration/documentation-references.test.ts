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
