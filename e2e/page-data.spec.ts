import { faq } from './content.ts'
import { references, services } from './content.ts'
import { expect, gotoInteractive, test } from './helpers'

// These pages' texts come as data from a server function (not in their JavaScript): on a page
// opened in the browser they are in the page; reached by a link, the browser calls the function.
const pagesWithServerData = [
  { path: '/ydelser', link: 'Ydelser', text: services[0]!.title },
  { path: '/kontakt', link: 'Kontakt', text: faq[0]!.question },
  { path: '/kontakt', link: 'Kontakt', text: 'Kontaktformularen er ikke beregnet til akut hjælp' },
  { path: '/privatlivspolitik', link: 'Privatlivspolitik', text: 'Dataansvarlig' },
  { path: '/referencer', link: 'Referencer', text: references.clients[0]!.name },
]

for (const { path, link, text } of pagesWithServerData) {
  test(`${path} reached by a link shows »${text}«, brought by its server function`, async ({ page }) => {
    await gotoInteractive(page, '/om')
    const calls: string[] = []
    page.on('response', (response) => response.url().includes('/_serverFn/') && calls.push(`${response.status()}`))
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).first().click()
    await expect(page).toHaveURL(path)
    await expect(page.getByText(text).first()).toBeVisible()
    expect(calls).toEqual(['200'])
  })
}

test('a page whose text is server data makes no server-function call when it is opened', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (request) => request.url().includes('/_serverFn/') && calls.push(request.url()))
  for (const path of new Set(pagesWithServerData.map((entry) => entry.path))) {
    await gotoInteractive(page, path)
    await page.waitForLoadState('networkidle')
  }
  expect(calls).toEqual([])
})
