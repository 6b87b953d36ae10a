import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import { forgetContent } from '~/server/content/content-file.server'

const FIXTURE = join(import.meta.dirname, 'fixtures/content')

/**
 * A copy of the shipped content (tests/fixtures/content) in a folder of its own, which the content
 * loader reads (CONTENT_DIR) until the test ends; never the coach's own files.
 */
export function temporaryContent() {
  const dir = mkdtempSync(join(tmpdir(), 'coach-content-'))
  cpSync(FIXTURE, dir, { recursive: true })
  const before = process.env.CONTENT_DIR
  process.env.CONTENT_DIR = dir
  forgetContent()
  onTestFinished(() => {
    process.env.CONTENT_DIR = before
    forgetContent()
    rmSync(dir, { recursive: true, force: true })
  })
  let tick = 0
  return {
    dir,
    read: (name: string) => readFileSync(join(dir, name), 'utf8'),
    /** Writes a file with a new modification time, as an editor's save does. */
    write(name: string, text: string) {
      writeFileSync(join(dir, name), text)
      const when = new Date(Date.now() + ++tick * 1000)
      utimesSync(join(dir, name), when, when)
    },
    edit(name: string, from: string | RegExp, to: string) {
      const text = readFileSync(join(dir, name), 'utf8')
      const next = text.replace(from, to)
      if (next === text) throw new Error(`${String(from)} is not in ${name}`)
      this.write(name, next)
    },
  }
}

export const fixtureText = (name: string) => readFileSync(join(FIXTURE, name), 'utf8')
