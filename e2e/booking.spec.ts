import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ICAL from 'ical.js'
import type { Browser, Page } from '@playwright/test'
import { emailsFor, expect, expectNoAxeViolations, test } from './helpers'
import { disposeServerInstance, SERVER_START_TIMEOUT_MS, type ServerInstance, startServerInstance } from './server-instance'
import { everyDayAvailability } from '../scripts/lib/every-day-availability.ts'

// Every day, every hour from 08:00 to 20:00: whatever day the suite runs, there are free times.
const EVERY_DAY = everyDayAvailability()

// One server for the file: the booking tests run in order and share it.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

let fileDir = ''
let availabilityFile = ''
let server: ServerInstance

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS)
  fileDir = mkdtempSync(join(tmpdir(), 'coach-booking-file-'))
  availabilityFile = join(fileDir, 'booking.yaml')
  writeFileSync(availabilityFile, EVERY_DAY)
  server = await startServerInstance({ env: { BOOKING_FILE: availabilityFile } })
})

test.afterAll(async () => {
  await disposeServerInstance(server)
  rmSync(fileDir, { recursive: true, force: true })
})

/** A page of a browser context with JavaScript off, as the booking must work. */
async function pageWithoutJavaScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  return context.newPage()
}

async function fillAndBook(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Navn' }).fill('Mette Sørensen')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'Telefon' }).fill('20 30 40 50')
  await page.getByRole('group', { name: /Hvordan vil du tale sammen/ }).getByRole('radio', { name: /^Video/ }).check()
  await page.getByRole('button', { name: 'Book samtalen' }).click()
}

const CHECK_EMAIL = 'Tak! Tjek din e-mail: jeg har sendt en bekræftelse til den adresse, du skrev, med et link, hvor du kan se, flytte eller aflyse samtalen. Kommer der ingen e-mail inden for et par minutter, så kig i spam-mappen.'

/** The e-mails to one visitor in the server's outbox, by file name (booking, kind, sequence). */
const mailTo = (address: string) => emailsFor(address, server.outbox).filter((mail) => mail.to === address).sort((a, b) => a.file.localeCompare(b.file))

/** The manage link in the visitor's confirmation: the only place it is given. */
async function manageLinkFromMail(address: string) {
  await expect.poll(() => mailTo(address).filter((mail) => mail.subject.startsWith('Din samtale er booket')).length).toBe(1)
  const [confirmation] = mailTo(address).filter((mail) => mail.subject.startsWith('Din samtale er booket'))
  const token = /\/booking\/([A-Za-z0-9_-]{32})/.exec(confirmation!.text)?.[1]
  expect(token, confirmation!.text).toBeDefined()
  const link = `${server.url}/booking/${token}`
  expect(confirmation!.text).toContain(link)
  return link
}

type Event = { method: string; uid: string; sequence: number }
function readIcs(text: string): Event {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = calendar.getFirstSubcomponent('vevent')!
  return { method: String(calendar.getFirstPropertyValue('method')), uid: String(event.getFirstPropertyValue('uid')), sequence: Number(event.getFirstPropertyValue('sequence')) }
}

test('without JavaScript: books, is told to look in the e-mail, opens its link, moves and cancels; the invitations go REQUEST 0 → REQUEST 1 → CANCEL 2 with one UID', async ({ browser }) => {
  const page = await pageWithoutJavaScript(browser)
  const listing = await page.goto(`${server.url}/book-samtale`)
  expect(listing?.headers()['cache-control']).toBe('no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg en tid' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Næste uge' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Første ledige tid/ })).toBeVisible()

  // The first free time: a link named by its full Danish date, e.g. "tirsdag 7. april kl. 10.00".
  const first = page.locator('a[href^="/book-samtale/"]').first()
  const name = (await first.getAttribute('aria-label'))!
  expect(name).toMatch(/^(mandag|tirsdag|onsdag|torsdag|fredag|lørdag|søndag) \d{1,2}\. [a-z]+ kl\. \d{1,2}\.00$/)
  const slotPath = (await first.getAttribute('href'))!
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Du har valgt ${name}` })).toBeVisible()
  await expect(page.getByText('(dansk tid)')).toBeVisible()

  const email = `booking-${Date.now()}@eksempel.dk`
  await fillAndBook(page, email)

  // The answer names no booking and carries no link: the visitor is told to look in her e-mail.
  await expect(page).toHaveURL(`${server.url}/book-samtale?status=tjek-email#status`)
  expect(page.url()).not.toContain(encodeURIComponent(email))
  await expect(page.getByRole('status')).toHaveText(CHECK_EMAIL)
  const manageUrl = await manageLinkFromMail(email)

  // The booked time is gone on the next GET: nothing cached it.
  await page.goto(`${server.url}/book-samtale`)
  await expect(page.locator(`a[href="${slotPath}"]`)).toHaveCount(0)
  const again = await page.request.get(`${server.url}${slotPath}`)
  expect(await again.text()).toContain('Tiden kan ikke bookes')

  // Booking again with the same address gets the same answer, books nothing, and e-mails her the booking she has.
  await page.goto(`${server.url}/book-samtale`)
  await page.locator('a[href^="/book-samtale/"]').first().click()
  await fillAndBook(page, email)
  await expect(page).toHaveURL(`${server.url}/book-samtale?status=tjek-email#status`)
  await expect(page.getByRole('status')).toHaveText(CHECK_EMAIL)
  await expect.poll(() => mailTo(email).map((mail) => mail.subject.replace(/: .*/, ''))).toEqual(['Din samtale er booket', 'Du har allerede en samtale booket'])
  expect(mailTo(email)[1]!.text).toContain(manageUrl)

  // The link in the visitor's e-mail opens the booking; opening it changed nothing.
  const managePage = await page.goto(manageUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Flyt eller aflys din samtale' })).toBeVisible()
  // One visitor's booking: stored nowhere, and no window of another site keeps a reference to it.
  expect(managePage?.headers()['cache-control']).toBe('no-store')
  expect(managePage?.headers()['cross-origin-opener-policy']).toBe('same-origin')

  // No time is chosen beforehand (the first option is »Vælg en tid«): move to the first free time offered, then cancel.
  const select = page.getByRole('combobox', { name: 'Ny tid (dansk tid)' })
  await expect(select).toHaveValue('')
  const newTime = (await select.locator('option').nth(1).textContent())!
  await select.selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Flyt', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Din samtale er flyttet. Du får en ny kalenderinvitation på e-mail.')
  await expect(page.getByText(`${newTime}–`)).toBeVisible()
  await page.getByRole('button', { name: 'Aflys', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Din samtale er aflyst. Du får en bekræftelse på e-mail.')
  await expect(page.getByRole('button', { name: 'Aflys', exact: true })).toHaveCount(0)

  const invitations = readdirSync(server.outbox)
  .filter((file) => file.endsWith('-gaest.ics'))
  .map((file) => readIcs(readFileSync(join(server.outbox, file), 'utf8')))
  .sort((a, b) => a.sequence - b.sequence)
  expect(invitations.map(({ method, sequence }) => [method, sequence])).toEqual([
  ['REQUEST', 0],
  ['REQUEST', 1],
  ['CANCEL', 2],
  ])
  expect(new Set(invitations.map((event) => event.uid)).size).toBe(1)
  // The confirmation, the notice of the second try, the move and the cancellation.
  expect(mailTo(email)).toHaveLength(4)
  // Only the invitations of this booking: one UID per booking.
  expect(readdirSync(server.outbox).filter((file) => file.endsWith('-gaest.ics'))).toHaveLength(3)
})

test('axe finds nothing on the listing, the form, the answer to a booking and the manage page', async ({ page }) => {
  await page.goto(`${server.url}/book-samtale`)
  await expectNoAxeViolations(page)
  await page.locator('a[href^="/book-samtale/"]').last().click()
  await expect(page.getByRole('heading', { level: 1, name: /^Du har valgt/ })).toBeVisible()
  await expectNoAxeViolations(page)
  const email = `axe-${Date.now()}@eksempel.dk`
  await fillAndBook(page, email)
  await expect(page.getByRole('status')).toHaveText(CHECK_EMAIL)
  await expectNoAxeViolations(page)
  await page.goto(await manageLinkFromMail(email))
  await expect(page.getByRole('heading', { level: 1, name: 'Flyt eller aflys din samtale' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a wrong field is named on the form; the pages fit 320 px', async ({ browser }) => {
  const page = await pageWithoutJavaScript(browser)
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(`${server.url}/book-samtale`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await page.locator('a[href^="/book-samtale/"]').first().click()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  // The browser would stop this itself; a request made without the form shows the server's answer.
  const action = await page.locator('#bookingformular').getAttribute('action')
  const key = await page.locator('input[name="tidspunkt"]').inputValue()
  const response = await page.request.post(`${server.url}${action}`, {
  form: { tidspunkt: key, navn: 'Mette', email: 'ikke-en-adresse', telefon: '20 30 40 50', form: 'telefon', besked: '', website: '' },
  headers: { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
  maxRedirects: 0,
})
  expect(response.status()).toBe(303)
  const location = response.headers().location!
  expect(location).toBe(`/book-samtale/${key}?status=ugyldig&felter=email#bookingformular`)
  await page.goto(`${server.url}${location}`)
  await expect(page.getByRole('alert')).toHaveText('Bookingen blev ikke gemt. Ret venligst de markerede felter, og prøv igen.')
  await expect(page.getByText('Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  })

// Last: it breaks the shared file. The server reads the file again when it changes.
test('an error in the availability file keeps the last valid rules; a file never valid closes booking and points to the contact form', async ({ page }) => {
  writeFileSync(availabilityFile, 'varighed: tredive\n')
  await page.goto(`${server.url}/book-samtale`)
  // The rules the file held before its error stay in force: the times are still offered.
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg en tid' })).toBeVisible()
  await expect(page.locator('a[href^="/book-samtale/"]').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Booking er ikke åben lige nu' })).toHaveCount(0)

  // A server whose file has never been valid has no rules to keep: booking is closed.
  const neverValid = join(fileDir, 'aldrig-gyldig.yaml')
  writeFileSync(neverValid, 'varighed: tredive\n')
  const fresh = await startServerInstance({ env: { BOOKING_FILE: neverValid } })
  try {
    await page.goto(`${fresh.url}/book-samtale`)
    await expect(page.getByRole('heading', { name: 'Booking er ikke åben lige nu' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Gå til kontaktformularen' })).toHaveAttribute('href', '/kontakt')
    await expect(page.locator('a[href^="/book-samtale/"]')).toHaveCount(0)
  } finally {
    await disposeServerInstance(fresh)
  }
})
