import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The guard refuses every /_serverFn/ address it does not know, and the addresses come from Start's
// compiler, which Vitest does not run. So the list is checked as source: a server function defined
// in app/ but missing from server-functions.server.ts is refused in the browser (a link inside the
// site then shows the error page), which only a click-through test would notice otherwise.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the list of server functions the guard lets through', () => {
  const defined = sourceFiles('app').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = createServerFn\(/g)].map((match) => match[1]!))
  const listed = [...readFileSync('app/server/http/server-functions.server.ts', 'utf8').matchAll(/^\s+(\w+)\.url,$/gm)].map((match) => match[1]!)

  it('finds the server functions in the source', () => {
    expect(defined).toEqual(expect.arrayContaining(['sendContactMessage', 'fetchBlogIndex', 'bookTime']))
  })

  it('names every server function the site defines, and nothing else', () => {
    expect([...listed].sort()).toEqual([...defined].sort())
  })
})
