import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { PortraitFiles } from '../app/lib/portrait-sizes'
import { readLock } from '../scripts/lib/drawn-images'
import { writePortraitVariants } from '../scripts/lib/portrait'
import { expect, gotoInteractive, test } from './helpers'

const urlsOf = (files: PortraitFiles) => [...files.avif, ...files.webp].map((file) => file.url).sort()
const HASHED_PORTRAIT = /\/images\/portrait-\d+\.[0-9a-f]{10}\.(?:avif|webp)/g

test('a portrait made by npm run images while the production server runs is on / and /om at once, served and cached for a year, without a restart', async ({
  launchServer,
  request,
  page,
}) => {
  test.slow()
  // The real pipeline into a folder of the test's own: PUBLIC_DIR, with images.lock.json beside it.
  const root = mkdtempSync(join(tmpdir(), 'coach-portrait-e2e-'))
  const publicDir = join(root, 'public')
  const paths = { source: join(root, 'portrait.jpg'), outDir: join(publicDir, 'images'), lockFile: join(root, 'images.lock.json') }
  // Small photos (400×500: two widths each) keep the AVIF encoding short.
  const newPortrait = async (background: { r: number; g: number; b: number }) => {
    await sharp({ create: { width: 400, height: 500, channels: 3, background } }).jpeg().toFile(paths.source)
    await writePortraitVariants(paths)
    return urlsOf(readLock(paths.lockFile).portrait!)
  }
  const namedOn = async (server: { url: string }, path: string) => {
    const response = await request.get(`${server.url}${path}`)
    expect(response.status(), path).toBe(200)
    return [...new Set((await response.text()).match(HASHED_PORTRAIT))].sort()
  }
  try {
    const first = await newPortrait({ r: 200, g: 20, b: 20 })
    const server = await launchServer({ env: { PUBLIC_DIR: publicDir } })
    for (const path of ['/', '/om']) {
      expect(await namedOn(server, path), path).toEqual(first)
      // Twice: the second answer comes from the page cache.
      expect(await namedOn(server, path), path).toEqual(first)
    }

    const second = await newPortrait({ r: 20, g: 20, b: 200 })
    expect(second.filter((url) => first.includes(url))).toEqual([])
    for (const path of ['/', '/om']) {
      // The page cache looks at images.lock.json at most every 50 ms.
      await expect.poll(() => namedOn(server, path), { message: path, timeout: 5_000 }).toEqual(second)
    }
    for (const url of second) {
      const response = await request.get(`${server.url}${url}`)
      expect(response.status(), url).toBe(200)
      expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable')
      expect(response.headers()['content-type'], url).toBe(url.endsWith('.avif') ? 'image/avif' : 'image/webp')
    }
    // The previous portrait's files stay for pages a shared cache still holds.
    for (const url of first) expect((await request.get(`${server.url}${url}`)).status(), url).toBe(200)

    // In the browser: from the home page to /om by its link (a client-side navigation: /om's data
    // comes from its server function), the new portrait, loaded.
    await gotoInteractive(page, `${server.url}/`)
    const serverFunction = page.waitForResponse((response) => response.url().includes('/_serverFn/'))
    await page.getByRole('link', { name: 'Læs mere om mig' }).click()
    expect((await serverFunction).status()).toBe(200)
    await expect(page).toHaveURL(`${server.url}/om`)
    const portrait = page.locator('main img[alt="Birgitte Holm"]')
    await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0)
    expect(second).toContain(new URL(await portrait.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
