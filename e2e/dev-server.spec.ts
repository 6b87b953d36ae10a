import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { readLock } from '../scripts/lib/drawn-images'
import { writePortraitVariants } from '../scripts/lib/portrait'
import { BASE_URL } from './environment'
import { expect, test } from './helpers'
import { freePort } from './server-instance'

// `npm run dev` goes through the same entry and request middleware as the built site, so it
// answers with the same statuses, redirects, cache and security headers (the CSP aside: Vite's
// client injects inline scripts of its own). Compared here with the production server.

let dev: ChildProcess | undefined
let devUrl = ''
let dir = ''

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dir = mkdtempSync(join(tmpdir(), 'coach-e2e-dev-'))
  // Images in a folder of the test's own (Vite's public folder and images.lock.json beside it), so
  // the portrait test below writes nothing into the working tree.
  mkdirSync(join(dir, 'public'))
  const port = await freePort()
  devUrl = `http://127.0.0.1:${port}`
  let output = ''
  dev = spawn('npm', ['run', '--silent', 'dev', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: join(dir, 'site.db'),
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      PUBLIC_DIR: join(dir, 'public'),
      BACKGROUND_JOBS: 'off',
      SITE_URL: devUrl,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  dev.stdout!.on('data', (chunk) => (output += chunk))
  dev.stderr!.on('data', (chunk) => (output += chunk))
  for (const deadline = Date.now() + 150_000; ; await new Promise((done) => setTimeout(done, 250))) {
    if (await fetch(`${devUrl}/healthz`).then((response) => response.ok, () => false)) break
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output}`)
  }
})

test.afterAll(() => {
  if (dev?.exitCode === null) process.kill(-dev.pid!, 'SIGTERM')
  rmSync(dir, { recursive: true, force: true })
})

const HEADERS = ['cache-control', 'location', 'allow', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']

test('npm run dev answers like the production server: statuses, redirects, cache and security headers', async () => {
  test.setTimeout(120_000)
  const cases: Array<[string, string]> = [
    ['GET', '/om'],
    ['GET', '/OM'],
    ['GET', '/om/'],
    ['GET', '/%6Fm'],
    // Undecodable: our Danish not-found page in both, not Vite's bare 400.
    ['GET', '/%'],
    ['GET', '/blog/%E0%A4%A?side=2'],
    ['GET', '/om?utm_source=x&foo=1'],
    ['GET', '/blog?side=1'],
    ['GET', '/findes-ikke'],
    ['GET', '/kontakt?status=sendt'],
    ['POST', '/om'],
    ['GET', '/healthz'],
    ['DELETE', '/healthz'],
    ['GET', '/sitemap.xml'],
    ['POST', '/_serverFn/findes-ikke'],
  ]
  const answer = async (base: string, method: string, path: string) => {
    const response = await fetch(`${base}${path}`, { method, redirect: 'manual' })
    await response.arrayBuffer()
    return { status: response.status, ...Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)?.replace(base, '')])) }
  }
  for (const [method, path] of cases) {
    expect(await answer(devUrl, method, path), `${method} ${path}`).toEqual(await answer(BASE_URL, method, path))
  }
})

test('npm run dev shows a portrait and a cover made while it runs, without a restart', async ({ request }) => {
  test.setTimeout(120_000)
  const paths = { source: join(dir, 'portrait.jpg'), outDir: join(dir, 'public', 'images'), lockFile: join(dir, 'images.lock.json') }
  const named = async (path: string) => [...new Set((await (await request.get(`${devUrl}${path}`)).text()).match(/\/images\/portrait-\d+\.[0-9a-f]{10}\.(?:avif|webp)/g))].sort()
  for (const background of [{ r: 200, g: 20, b: 20 }, { r: 20, g: 20, b: 200 }]) {
    // Small photos (400×500: two widths) keep the AVIF encoding short.
    await sharp({ create: { width: 400, height: 500, channels: 3, background } }).jpeg().toFile(paths.source)
    await writePortraitVariants(paths)
    const portrait = readLock(paths.lockFile).portrait!
    const urls = [...portrait.avif, ...portrait.webp].map((file) => file.url).sort()
    for (const path of ['/', '/om']) expect(await named(path), path).toEqual(urls)
    for (const url of urls) await expect.poll(async () => (await request.get(`${devUrl}${url}`)).status(), { message: url }).toBe(200)
  }

  // A cover written while it runs (`npm run images` after a photo was added, or a new article's).
  const cover = '/images/blog/ny-artikel-i-dev.webp'
  mkdirSync(join(dir, 'public', 'images', 'blog'), { recursive: true })
  copyFileSync(join('public', 'images', 'blog', 'stress-er-ikke-svaghed.webp'), join(dir, 'public', cover))
  await expect.poll(async () => (await request.get(`${devUrl}${cover}`)).status(), { message: cover }).toBe(200)
})

