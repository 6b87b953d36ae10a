import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createHash } from 'node:crypto'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { StaticFiles } from '~/server/http/static-files.server'

// The client build and public/ images as the production server serves them, from a temporary
// folder the test writes: types, caching by name, compressed twins and their tags.

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REPLACEABLE = 'public, max-age=86400, stale-while-revalidate=604800'
const tag = (body: string, suffix = '') => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`

function site(build: Record<string, string>, publicFiles: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'coach-static-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const write = (root: string, files: Record<string, string>) => {
    for (const [path, body] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), body)
    }
  }
  const client = join(dir, 'client')
  const publicDir = join(dir, 'public')
  mkdirSync(client)
  write(client, build)
  write(publicDir, publicFiles)
  return { files: new StaticFiles(client, publicDir), publicDir, write: (files: Record<string, string>) => write(publicDir, files) }
}

describe('static files', () => {
  it.each([
    ['/assets/app-1a2b.js', 'text/javascript; charset=utf-8'],
    ['/assets/app-1a2b.css', 'text/css; charset=utf-8'],
    ['/logo.svg', 'image/svg+xml'],
    ['/images/x.webp', 'image/webp'],
    ['/images/x.avif', 'image/avif'],
    ['/icon.png', 'image/png'],
    ['/images/x.jpg', 'image/jpeg'],
    ['/favicon.ico', 'image/x-icon'],
    ['/assets/font.woff2', 'font/woff2'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/data.json', 'application/json'],
    ['/site.webmanifest', 'application/manifest+json'],
    ['/download.bin', 'application/octet-stream'],
  ])('serves %s as %s', (path, type) => {
    const { files } = site({ [path.slice(1)]: 'indhold' })
    expect(files.get(path)?.headers['content-type']).toBe(type)
  })

  it('serves build output under its hashed name for a year, with its compressed twins, their own tags and the security headers', () => {
    const { files } = site({ 'assets/app-1a2b.js': 'console.log(1)', 'assets/app-1a2b.js.br': 'BR', 'assets/app-1a2b.js.gz': 'GZIP' })
    const file = files.get('/assets/app-1a2b.js')!
    expect(file.status).toBe(200)
    expect(file.headers).toMatchObject({ 'cache-control': IMMUTABLE, vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' })
    expect(file.headers['content-security-policy']).toContain("default-src 'self'")
    expect(file.representations.identity).toEqual({ body: Buffer.from('console.log(1)'), etag: tag('console.log(1)') })
    expect(file.representations.br).toEqual({ body: Buffer.from('BR'), etag: tag('console.log(1)', '-br') })
    expect(file.representations.gzip).toEqual({ body: Buffer.from('GZIP'), etag: tag('console.log(1)', '-gzip') })
    expect(file.bytes).toBe(14 + 2 + 4)
    // The twins are representations, not files of their own.
    expect(files.get('/assets/app-1a2b.js.br')).toBeUndefined()
    expect(files.get('/assets/app-1a2b.js.gz')).toBeUndefined()
  })

  it('serves a file without twins plain, for a day, with no Vary', () => {
    const { files } = site({ 'robots.txt': 'User-agent: *', 'only-gzip.txt': 'a', 'only-gzip.txt.gz': 'g', 'only-br.txt': 'b', 'only-br.txt.br': 'B' })
    const robots = files.get('/robots.txt')!
    expect(robots.headers['cache-control']).toBe(REPLACEABLE)
    expect(robots.headers).not.toHaveProperty('vary')
    expect(Object.keys(robots.representations)).toEqual(['identity'])
    expect(robots.bytes).toBe(13)
    expect(Object.keys(files.get('/only-gzip.txt')!.representations)).toEqual(['identity', 'gzip'])
    expect(files.get('/only-gzip.txt')!.headers.vary).toBe('Accept-Encoding')
    expect(Object.keys(files.get('/only-br.txt')!.representations)).toEqual(['identity', 'br'])
    expect(files.get('/only-br.txt')!.headers.vary).toBe('Accept-Encoding')
  })

  it('keeps only the portrait’s hashed variants for a year; other images may be replaced', () => {
    const { files } = site({
      'images/portrait-320.0123456789.webp': 'p',
      'images/portrait-320.webp': 'p',
      'images/blog/ro.webp': 'c',
      'x/images/portrait-320.0123456789.webp': 'p',
    })
    expect(files.get('/images/portrait-320.0123456789.webp')?.headers['cache-control']).toBe(IMMUTABLE)
    expect(files.get('/images/portrait-320.webp')?.headers['cache-control']).toBe(REPLACEABLE)
    expect(files.get('/images/blog/ro.webp')?.headers['cache-control']).toBe(REPLACEABLE)
    expect(files.get('/x/images/portrait-320.0123456789.webp')?.headers['cache-control']).toBe(REPLACEABLE)
  })

  it('asks public/ first for images written while the server runs, and reads one again only when it changed', () => {
    const cover = '/images/blog/ro-i-hverdagen.webp'
    const { files, write, publicDir } = site({ [cover.slice(1)]: 'fra bygget' }, { [cover.slice(1)]: 'ny' })
    const first = files.get(cover)!
    expect(first.representations.identity.body.toString()).toBe('ny')
    expect(first.headers['cache-control']).toBe(REPLACEABLE)
    expect(files.get(cover)).toBe(first)

    // Same size, new time: read again.
    write({ [cover.slice(1)]: 'en' })
    utimesSync(join(publicDir, cover), new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'))
    const second = files.get(cover)!
    expect(second.representations.identity.body.toString()).toBe('en')
    // Same time, new size: read again.
    write({ [cover.slice(1)]: 'nyere' })
    utimesSync(join(publicDir, cover), new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'))
    expect(files.get(cover)!.representations.identity.body.toString()).toBe('nyere')

    // Deleted from public/: the build's copy answers again, and a new file later is not mistaken for the old one.
    rmSync(join(publicDir, cover))
    expect(files.get(cover)!.representations.identity.body.toString()).toBe('fra bygget')
    write({ [cover.slice(1)]: 'andet' })
    utimesSync(join(publicDir, cover), new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'))
    expect(files.get(cover)!.representations.identity.body.toString()).toBe('andet')
  })

  it('serves from public/ only plain image names, never another file there', () => {
    const { files } = site(
      { 'images/blog/fra-bygget.webp': 'b' },
      {
        'images/blog/ny.webp': 'n',
        'images/blog/ny.jpg': 'j',
        'images/blog/ny.avif': 'a',
        'images/portrait-640.abcdef0123.avif': 'p',
        'images/blog/Stor.webp': 's',
        'images/blog/ny.png': 'png',
        'secret.txt': 'hemmelig',
        'images/blog/x.webp.bak': 'x',
        'images/blog/under/dybt.webp': 'd',
        'images/portrait-640.abcdef012.avif': 'kort',
      },
    )
    for (const path of ['/images/blog/ny.webp', '/images/blog/ny.jpg', '/images/blog/ny.avif', '/images/portrait-640.abcdef0123.avif']) {
      expect(files.get(path)?.status, path).toBe(200)
    }
    expect(files.get('/images/portrait-640.abcdef0123.avif')?.headers['cache-control']).toBe(IMMUTABLE)
    for (const path of [
      '/images/blog/Stor.webp',
      '/images/blog/ny.png',
      '/secret.txt',
      '/images/blog/x.webp.bak',
      '/images/blog/under/dybt.webp',
      '/images/portrait-640.abcdef012.avif',
      '/images/blog/../../secret.txt',
      '/x/images/blog/ny.webp',
    ]) {
      expect(files.get(path), path).toBeUndefined()
    }
    expect(files.get('/images/blog/fra-bygget.webp')?.representations.identity.body.toString()).toBe('b')
    expect(files.get('/findes-ikke.js')).toBeUndefined()
  })

  it('keeps a cover named with its version (?v=) for a year; without one, or another query, it may be replaced', () => {
    const { files, publicDir } = site({}, { 'images/blog/ro.webp': 'w', 'images/blog/ro.jpg': 'j', 'images/blog/ro.avif': 'a', 'images/portrait-320.0123456789.webp': 'p' })
    const sameTime = new Date('2030-01-01T00:00:00Z')
    for (const name of ['ro.webp', 'ro.jpg']) utimesSync(join(publicDir, 'images/blog', name), sameTime, sameTime)
    const cacheOf = (path: string, search?: string) => files.get(path, search)?.headers['cache-control']
    expect(cacheOf('/images/blog/ro.webp', '?v=0a1b2c3d4e')).toBe(IMMUTABLE)
    expect(cacheOf('/images/blog/ro.jpg', '?v=0a1b2c3d4e')).toBe(IMMUTABLE)
    // Two covers of the same size and time are still two files.
    expect(files.get('/images/blog/ro.jpg', '?v=0a1b2c3d4e')?.representations.identity.body.toString()).toBe('j')
    expect(files.get('/images/blog/ro.webp', '?v=0a1b2c3d4e')?.representations.identity.body.toString()).toBe('w')
    // The same file asked without its version is a separate answer, not the year-long one.
    expect(cacheOf('/images/blog/ro.webp')).toBe(REPLACEABLE)
    for (const search of ['?v=0a1b2c3d4', '?v=0a1b2c3d4e0', '?v=0A1B2C3D4E', '?x=1&v=0a1b2c3d4e', '?v=0a1b2c3d4e&x=1', 'v=0a1b2c3d4e']) {
      expect(cacheOf('/images/blog/ro.webp', search), search).toBe(REPLACEABLE)
    }
    // Only generated covers carry a version; other images keep their own rule.
    expect(cacheOf('/images/blog/ro.avif', '?v=0a1b2c3d4e')).toBe(REPLACEABLE)
    expect(cacheOf('/images/portrait-320.0123456789.webp', '?v=0a1b2c3d4e')).toBe(IMMUTABLE)

    // A redrawn cover (deleted and written anew) is read again under its versioned address too.
    rmSync(join(publicDir, 'images/blog/ro.webp'))
    expect(files.get('/images/blog/ro.webp', '?v=0a1b2c3d4e')).toBeUndefined()
    writeFileSync(join(publicDir, 'images/blog/ro.webp'), 'x')
    utimesSync(join(publicDir, 'images/blog/ro.webp'), sameTime, sameTime)
    expect(files.get('/images/blog/ro.webp', '?v=0a1b2c3d4e')?.representations.identity.body.toString()).toBe('x')
  })

  it('falls back to the build’s copy when the name in public/ cannot be read as a file', () => {
    const cover = 'images/blog/mappe.webp'
    const { files, publicDir } = site({ [cover]: 'fra bygget' })
    mkdirSync(join(publicDir, cover), { recursive: true })
    expect(files.get(`/${cover}`)?.representations.identity.body.toString()).toBe('fra bygget')
    expect(site({}).files.get(`/${cover}`)).toBeUndefined()
  })

  it('without PUBLIC_DIR asks the project’s public/ folder, where npm run images writes the portrait', () => {
    const client = mkdtempSync(join(tmpdir(), 'coach-static-'))
    onTestFinished(() => {
      vi.unstubAllEnvs()
      rmSync(client, { recursive: true, force: true })
    })
    vi.stubEnv('PUBLIC_DIR', undefined)
    // The portrait's smallest variant as images.lock.json names it, from public/images of the project (the working directory).
    const url = (JSON.parse(readFileSync('images.lock.json', 'utf8')) as { portrait: { webp: Array<{ url: string }> } }).portrait.webp[0]!.url
    expect(url).toMatch(/^\/images\/portrait-\d+\.[0-9a-f]{10}\.webp$/)
    const file = new StaticFiles(client).get(url)
    expect(file?.status).toBe(200)
    expect(file?.representations.identity.body).toEqual(readFileSync(join('public', url)))
  })
})
