import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadedAfresh } from '../helpers'

// images.lock.json as the server reads it: beside the public folder of PUBLIC_DIR (a folder of
// the test's own), with what a page needs of the portrait and nothing more. The module is loaded
// afresh for each test: its functions are made when it loads.

let dir: string
let currentImages: Images['currentImages']
let imagesLockPath: Images['imagesLockPath']
let parseImagesLock: Images['parseImagesLock']
let portraitForPage: Images['portraitForPage']
let withCoverVersions: Images['withCoverVersions']
type Images = typeof import('~/server/images.server')
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coach-images-'))
  vi.stubEnv('PUBLIC_DIR', join(dir, 'public'))
  ;({ currentImages, imagesLockPath, parseImagesLock, portraitForPage, withCoverVersions } = await loadedAfresh<typeof import('~/server/images.server')>('~/server/images.server'))
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

  it('reads a lock again when its size changed, though it kept the modification time (a restore that keeps file times)', () => {
    const lock = join(dir, 'images.lock.json')
    const then = new Date('2026-03-01T10:00:00Z')
    writeFileSync(lock, JSON.stringify({ covers: { 'en-artikel': 'abc' } }))
    utimesSync(lock, then, then)
    expect(currentImages()).toEqual({ covers: { 'en-artikel': 'abc' } })
    writeFileSync(lock, JSON.stringify({ covers: { 'en-artikel': 'abcdef' } }))
    utimesSync(lock, then, then)
    expect(currentImages()).toEqual({ covers: { 'en-artikel': 'abcdef' } })
  })

  it('versions a drawn cover by its key, and leaves a cover the coach chose herself as she wrote it', () => {
    writeFileSync(join(dir, 'images.lock.json'), JSON.stringify({ covers: { tegnet: '0123456789abcdef', eget: 'fedcba9876543210' } }))
    expect(withCoverVersions([
      { slug: 'tegnet', imageUrl: '/images/blog/tegnet.webp' },
      { slug: 'eget', imageUrl: '/images/blog/eget.jpg' },
      { slug: 'uden-noegle', imageUrl: '/images/blog/uden-noegle.webp' },
    ])).toEqual([
      { slug: 'tegnet', imageUrl: '/images/blog/tegnet.webp?v=0123456789' },
      { slug: 'eget', imageUrl: '/images/blog/eget.jpg' },
      { slug: 'uden-noegle', imageUrl: '/images/blog/uden-noegle.webp' },
    ])
  })
})
