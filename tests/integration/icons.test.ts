import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { expect, it, onTestFinished } from 'vitest'
import { drawIcons, readLock } from '../../scripts/lib/drawn-images'

function publicFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'coach-icons-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  const publicDir = join(dir, 'public')
  mkdirSync(publicDir)
  copyFileSync('public/favicon.svg', join(publicDir, 'favicon.svg'))
  return { publicDir, lockFile: join(dir, 'images.lock.json') }
}

/** A PNG's size and the pixel (red, green, blue, alpha) at its top left corner. */
async function sizeAndCorner(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)]
  return { size: [info.width, info.height], corner: at(0, 0) }
}

const SITE_GREEN = [0x2f, 0x56, 0x46, 255]

it("npm run images draws the site's icon as a tab icon and a home-screen icon, and again only when favicon.svg changes", async () => {
  const { publicDir, lockFile } = publicFolder()
  expect(await drawIcons(publicDir, lockFile)).toBe(true)

  const tab = await sizeAndCorner(join(publicDir, 'favicon-48.png'))
  expect(tab.size).toEqual([48, 48])
  // A round icon: clear corners.
  expect(tab.corner[3]).toBe(0)
  // The home screen rounds its own corners: green to the edges.
  const homeScreen = await sizeAndCorner(join(publicDir, 'apple-touch-icon.png'))
  expect(homeScreen.size).toEqual([180, 180])
  expect(homeScreen.corner).toEqual(SITE_GREEN)
  expect(readLock(lockFile).icons).toMatch(/^[0-9a-f]{64}$/)

  const drawn = readFileSync(join(publicDir, 'favicon-48.png'))
  expect(await drawIcons(publicDir, lockFile)).toBe(false)

  writeFileSync(join(publicDir, 'favicon.svg'), readFileSync(join(publicDir, 'favicon.svg'), 'utf8').replaceAll('#2f5646', '#a3322a'))
  expect(await drawIcons(publicDir, lockFile)).toBe(true)
  expect(readFileSync(join(publicDir, 'favicon-48.png')).equals(drawn)).toBe(false)
  expect((await sizeAndCorner(join(publicDir, 'apple-touch-icon.png'))).corner).toEqual([0xa3, 0x32, 0x2a, 255])
})
