import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { StaticFiles } from '~/server/http/static-files.server'
import { currentImages } from '~/server/images.server'
import { readLock } from '../../scripts/lib/drawn-images'
import { writePortraitVariants } from '../../scripts/lib/portrait'

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'coach-portrait-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const paths = { source: join(dir, 'portrait.jpg'), outDir: join(dir, 'public', 'images'), lockFile: join(dir, 'images.lock.json') }
  return { dir, paths }
}

/** What images.lock.json lists for the portrait (what the pages name). */
const listed = (paths: { lockFile: string }) => readLock(paths.lockFile).portrait!

const RED = { r: 200, g: 20, b: 20 }
const BLUE = { r: 20, g: 20, b: 200 }

/**
 * As a phone stores a portrait photo: the pixels lie sideways (landscape, 1600x1200) and the EXIF
 * orientation 6 says "turn 90° clockwise to view". Upright, the upper half is red and the lower
 * half blue; the stored left half (red) becomes the top.
 */
async function phonePhoto(path: string) {
  const blueHalf = await sharp({ create: { width: 800, height: 1200, channels: 3, background: BLUE } }).png().toBuffer()
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: RED } })
    .composite([{ input: blueHalf, left: 800, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toFile(path)
}

async function colourAt(file: string, x: number, y: number) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const offset = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * 3
  return data[offset + 2]! > data[offset]! ? 'blue' : 'red'
}

const filesOf = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('portrait-')).sort()

// AVIF encoding takes seconds on a busy machine.
describe('npm run images: the portrait', { timeout: 60_000 }, () => {
  it('turns a phone photo upright (EXIF orientation 6): every variant is portrait 4:5, the right way up', async () => {
    const { paths } = folder()
    await phonePhoto(paths.source)
    const stored = await sharp(paths.source).metadata()
    expect([stored.width, stored.height, stored.orientation]).toEqual([1600, 1200, 6])

    const result = await writePortraitVariants(paths)
    expect(result).toEqual({ drawn: true, width: 960, warning: undefined })
    const manifest = listed(paths)
    expect(manifest.avif.map((file) => file.width)).toEqual([320, 480, 640, 960])
    expect(manifest.webp.map((file) => file.width)).toEqual([320, 480, 640, 960])
    for (const file of [...manifest.avif, ...manifest.webp]) {
      const path = join(paths.outDir, file.url.replace('/images/', ''))
      const size = await sharp(path).metadata()
      expect([size.width, size.height], file.url).toEqual([file.width, file.width * 1.25])
      expect(size.orientation ?? 1, file.url).toBe(1)
      expect(await colourAt(path, 0.5, 0.05), `${file.url} top`).toBe('red')
      expect(await colourAt(path, 0.5, 0.95), `${file.url} bottom`).toBe('blue')
    }
  })

  it('never enlarges a small photo, and warns in Danish that it is smaller than the page shows it', async () => {
    const { paths } = folder()
    await sharp({ create: { width: 400, height: 500, channels: 3, background: RED } }).jpeg().toFile(paths.source)
    const result = await writePortraitVariants(paths)
    expect(result.width).toBe(400)
    expect(result.warning).toBe(
      'portrættet er kun 400 px bredt (efter beskæring til 4:5), men siden viser det op til 960 px bredt, så det kan se uskarpt ud – brug et foto på mindst 960 × 1200 px',
    )
    const manifest = listed(paths)
    expect(manifest.webp.map((file) => file.width)).toEqual([320, 400])
    expect([manifest.width, manifest.height]).toEqual([400, 500])
    for (const file of manifest.webp) {
      const size = await sharp(join(paths.outDir, file.url.replace('/images/', ''))).metadata()
      expect([size.width, size.height]).toEqual([file.width, file.width * 1.25])
    }
  })

  it('cuts a landscape photo to 4:5 instead of squeezing it', async () => {
    const { paths } = folder()
    await sharp({ create: { width: 2000, height: 1000, channels: 3, background: BLUE } }).jpeg().toFile(paths.source)
    const result = await writePortraitVariants(paths)
    // 1000 px high gives at most 800 px wide at 4:5.
    expect(result.width).toBe(800)
    expect(listed(paths).avif.map((file) => file.width)).toEqual([320, 480, 640, 800])
  })

  it('names files by their content, redraws only when the photo changed, and removes the old files', async () => {
    const { paths } = folder()
    await phonePhoto(paths.source)
    await writePortraitVariants(paths)
    const first = filesOf(paths.outDir)
    expect(first).toHaveLength(8)
    for (const name of first) expect(name).toMatch(/^portrait-\d+\.[0-9a-f]{10}\.(avif|webp)$/)
    const writtenAt = statSync(join(paths.outDir, first[0]!)).mtimeMs
    const lockBefore = readFileSync(paths.lockFile, 'utf8')

    expect((await writePortraitVariants(paths)).drawn).toBe(false)
    expect(filesOf(paths.outDir)).toEqual(first)
    expect(statSync(join(paths.outDir, first[0]!)).mtimeMs).toBe(writtenAt)
    expect(readFileSync(paths.lockFile, 'utf8')).toBe(lockBefore)

    // A variant deleted by hand is made again.
    rmSync(join(paths.outDir, first[0]!))
    expect((await writePortraitVariants(paths)).drawn).toBe(true)

    // A new photo: new names. The previous portrait's files stay (a page a shared cache still
    // holds names them), the ones before it go.
    const names = () => [...listed(paths).avif, ...listed(paths).webp].map((file) => file.url.replace('/images/', '')).sort()
    await sharp({ create: { width: 1200, height: 1500, channels: 3, background: BLUE } }).jpeg().toFile(paths.source)
    expect((await writePortraitVariants(paths)).drawn).toBe(true)
    const second = names()
    expect(second).toHaveLength(8)
    expect(second.filter((name) => first.includes(name))).toEqual([])
    expect(filesOf(paths.outDir)).toEqual([...first, ...second].sort())

    await sharp({ create: { width: 400, height: 500, channels: 3, background: RED } }).jpeg().toFile(paths.source)
    expect((await writePortraitVariants(paths)).drawn).toBe(true)
    const third = names()
    expect(third).toHaveLength(4)
    expect(filesOf(paths.outDir)).toEqual([...second, ...third].sort())
  })

  it('is read by the server from images.lock.json as it is now: a new portrait is named at once, a broken file keeps the last good list', async () => {
    const { paths } = folder()
    expect(currentImages(paths.lockFile)).toEqual({ covers: {} })
    await sharp({ create: { width: 400, height: 500, channels: 3, background: RED } }).jpeg().toFile(paths.source)
    await writePortraitVariants(paths)
    const first = currentImages(paths.lockFile)
    expect(first.portrait).toEqual(listed(paths))
    // Unchanged on disk: the same object, so the page cache sees no change.
    expect(currentImages(paths.lockFile)).toBe(first)

    await sharp({ create: { width: 400, height: 500, channels: 3, background: BLUE } }).jpeg().toFile(paths.source)
    await writePortraitVariants(paths)
    const second = currentImages(paths.lockFile)
    expect(second).not.toBe(first)
    expect(second.portrait!.webp[0]!.url).not.toBe(first.portrait!.webp[0]!.url)
    expect(second.portrait).toEqual(listed(paths))

    // Edited by hand into something that does not parse: the last good list still names real files.
    writeFileSync(paths.lockFile, '{ "covers": ')
    expect(currentImages(paths.lockFile)).toBe(second)
  })

  it('is served by the running server as soon as it is written, cached for a year under its hashed name', async () => {
    const { dir, paths } = folder()
    const build = join(dir, 'client')
    mkdirSync(build)
    const staticFiles = new StaticFiles(build, join(dir, 'public'))
    await phonePhoto(paths.source)
    await writePortraitVariants(paths)
    const [url] = listed(paths).webp.map((file) => file.url)
    const served = staticFiles.get(url!)
    expect(served?.status).toBe(200)
    expect(served?.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served?.headers['content-type']).toBe('image/webp')
    expect(staticFiles.get('/images/portrait-320.webp')).toBeUndefined()
    expect(staticFiles.get('/images/../portrait.jpg')).toBeUndefined()

    // A cover replaced while the server runs (a photo added, `npm run images`) is served anew.
    const cover = '/images/blog/ro-i-hverdagen.webp'
    mkdirSync(join(dir, 'public', 'images', 'blog'))
    writeFileSync(join(dir, 'public', cover), 'første')
    expect(staticFiles.get(cover)?.representations.identity.body.toString()).toBe('første')
    expect(staticFiles.get(cover)?.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800')
    writeFileSync(join(dir, 'public', cover), 'det nye billede')
    expect(staticFiles.get(cover)?.representations.identity.body.toString()).toBe('det nye billede')
    // Named by a page with the key it was drawn from: the address changes with the cover, so a year.
    expect(staticFiles.get(cover, '?v=0123456789')?.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(staticFiles.get(cover, '?v=0123456789')?.representations.identity.body.toString()).toBe('det nye billede')
    expect(staticFiles.get(cover, '?v=ikke-en-noegle')?.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800')
    expect(staticFiles.get(cover)?.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800')
  })
})
