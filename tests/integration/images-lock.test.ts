import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentImages, imagesLockPath, parseImagesLock, portraitForPage } from '~/server/images.server'

// images.lock.json as the server reads it: beside the public folder of PUBLIC_DIR (a folder of
// the test's own), with what a page needs of the portrait and nothing more.

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coach-images-'))
  vi.stubEnv('PUBLIC_DIR', join(dir, 'public'))
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const variant = (format: string, width: number) => ({ url: `/images/portraet-${width}.${format}`, width })
const portrait = { source: 'abc', generator: 'v3', width: 960, height: 1200, avif: [variant('avif', 480), variant('avif', 960)], webp: [variant('webp', 480), variant('webp', 960)] }

describe('images.lock.json', () => {
  it('lies beside the public folder', () => {
    expect(imagesLockPath()).toBe(join(dir, 'images.lock.json'))
  })

  it('gives a page the portrait’s size and files, not where they came from', () => {
    expect(portraitForPage()).toBeUndefined()
    writeFileSync(join(dir, 'images.lock.json'), JSON.stringify({ covers: {}, portrait }))
    expect(portraitForPage()).toEqual({ width: 960, height: 1200, avif: portrait.avif, webp: portrait.webp })
  })

  it('always has covers, and a file broken before it was ever read is an error, not an empty list', () => {
    expect(parseImagesLock('{"share":"k"}')).toEqual({ covers: {}, share: 'k' })
    expect(parseImagesLock('{"covers":{"a":"b"}}')).toEqual({ covers: { a: 'b' } })
    writeFileSync(join(dir, 'images.lock.json'), '{ "covers": ')
    expect(() => currentImages()).toThrow(SyntaxError)
  })

  it('forgets a deleted lock: written again broken, it is an error, not the list from before', () => {
    const lock = join(dir, 'images.lock.json')
    writeFileSync(lock, JSON.stringify({ covers: { 'en-artikel': 'abc' } }))
    expect(currentImages()).toEqual({ covers: { 'en-artikel': 'abc' } })
    rmSync(lock)
    expect(currentImages()).toEqual({ covers: {} })
    writeFileSync(lock, '{ "covers": ')
    expect(() => currentImages()).toThrow(SyntaxError)
  })
})
