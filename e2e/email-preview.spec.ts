import type { Server } from 'node:http'
import { startEmailPreview } from '../scripts/email-preview'
import { expect, test } from './helpers'

// `npm run email:dev` must work without internet access: both templates render, and nothing is
// requested from any host but the preview itself.
let server: Server
let base: string

test.beforeAll(async () => {
  server = await startEmailPreview(0)
  base = `http://localhost:${(server.address() as { port: number }).port}`
})
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

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
