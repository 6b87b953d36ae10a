import { type ChildProcess, spawn } from 'node:child_process'
import { expect, test } from './helpers'
import { freePort } from './server-instance'

// `npm run email:dev` must work without internet access: both templates render, and nothing is
// requested from any host but the preview itself. The command runs as a developer types it.
let preview: ChildProcess
let exited: Promise<unknown>
let base: string

test.beforeAll(async () => {
  const port = await freePort()
  // A process group of its own, so npm, tsx and the preview all end together afterwards.
  preview = spawn('npm', ['run', '--silent', 'email:dev'], { env: { ...process.env, PORT: String(port) }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  exited = new Promise((resolve) => preview.once('exit', resolve))
  let output = ''
  preview.stderr!.on('data', (chunk) => (output += chunk))
  base = await new Promise<string>((resolve, reject) => {
    preview.stdout!.on('data', (chunk) => {
      output += chunk
      const url = /E-mails: (http:\/\/localhost:\d+)\//.exec(output)?.[1]
      if (url) resolve(url)
    })
    preview.once('exit', () => reject(new Error(`npm run email:dev ended:\n${output}`)))
  })
  expect(base).toBe(`http://localhost:${port}`)
})
test.afterAll(async () => {
  if (preview.exitCode === null) process.kill(-preview.pid!, 'SIGTERM')
  await exited
})

test('the e-mail preview renders both templates offline', async ({ page }) => {
  const foreign: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(base) && !request.url().startsWith('about:')) foreign.push(request.url())
  })
  await page.goto(base)
  await page.getByRole('link', { name: 'Besked til coachen (ny henvendelse)' }).click()
  await expect(page.frameLocator('iframe').getByText('Ny besked fra Anne Jensen', { exact: true }).filter({ visible: true })).toBeVisible()
  await expect(page.locator('pre')).toContainText('Jeg har haft travlt længe')

  await page.goto(`${base}/kvittering`)
  await expect(page.frameLocator('iframe').getByText('Tak for din besked', { exact: true }).filter({ visible: true })).toBeVisible()
  await expect(page.locator('pre')).toContainText('inden for én hverdag')
  expect(foreign).toEqual([])
})
