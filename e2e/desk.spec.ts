import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import ICAL from 'ical.js'
import type { Browser, Page } from '@playwright/test'
import { site } from './content.ts'
import { EVERY_DAY_AVAILABILITY } from '../scripts/lib/caddy-log-check.ts'
import { expect, expectNoAxeViolations, test } from './helpers'
import { disposeServerInstance, SERVER_START_TIMEOUT_MS, type ServerInstance, startServerInstance } from './server-instance'

// The coach's desk on her phone (390 px), with and without JavaScript: in by the link in the
// outbox, a visitor's booking moved (REQUEST, same UID, SEQUENCE 1, her note) and another cancelled
// with a reason, a no-show marked and undone, a message read and handled, out on every device.

test.describe.configure({ mode: 'serial', timeout: 120_000 })

let fileDir = ''
let server: ServerInstance

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS)
  fileDir = mkdtempSync(join(tmpdir(), 'coach-desk-file-'))
  writeFileSync(join(fileDir, 'booking.yaml'), EVERY_DAY_AVAILABILITY)
  server = await startServerInstance({ env: { BOOKING_FILE: join(fileDir, 'booking.yaml') } })
})

test.afterAll(async () => {
  await disposeServerInstance(server)
  rmSync(fileDir, { recursive: true, force: true })
})

async function phone(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } })
  return context.newPage()
}

/** The outbox's finished e-mails, oldest first: a file still being written is a `.tmp` renamed in place, so it is left out. */
const outboxFiles = () =>
  (existsSync(server.outbox) ? readdirSync(server.outbox) : [])
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => ({ name, at: statSync(join(server.outbox, name)).mtimeMs }))
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name)
const outboxJson = (file: string) => JSON.parse(readFileSync(join(server.outbox, file), 'utf8')) as { to: string; text: string }
const signInLinkFiles = () => outboxFiles().filter((name) => name.startsWith('desk-link-'))
/** The link of a sign-in e-mail written after `before` was listed (the e-mail goes out after the answer). */
const newSignInLink = (before: string[]) => {
  const file = signInLinkFiles().find((name) => !before.includes(name))
  return file && /https?:\/\/[^\s]+\/coach\/link\/[A-Za-z0-9_-]{43}/.exec(outboxJson(file).text)?.[0]
}
const visitorFile = (code: string, kind: string, sequence: number, ext: 'json' | 'ics') => join(server.outbox, `booking-${code}-${kind}-${sequence}-gaest.${ext}`)
function readIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const event = calendar.getFirstSubcomponent('vevent')!
  return { method: String(calendar.getFirstPropertyValue('method')), uid: String(event.getFirstPropertyValue('uid')), sequence: Number(event.getFirstPropertyValue('sequence')) }
}

/** A visitor books the first free time, as on the public pages; returns the booking's code. */
async function visitorBooks(page: Page, email: string) {
  await page.goto(`${server.url}/book-samtale`)
  await page.locator('a[href^="/book-samtale/"]').first().click()
  await page.getByRole('textbox', { name: 'Navn' }).fill('Mette Sørensen')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'Telefon' }).fill('20 30 40 50')
  await page.getByRole('group', { name: /Hvordan vil du tale sammen/ }).getByRole('radio', { name: /^Telefon/ }).check()
  await page.getByRole('button', { name: 'Book samtalen' }).click()
  await expect(page.getByRole('status')).toBeVisible()
  const database = new Database(server.databaseFile, { readonly: true })
  const row = database.prepare('select public_id from bookings where email = ?').get(email) as { public_id: string }
  database.close()
  return row.public_id
}

/** What cannot be made through the pages today: a booking that began an hour ago, and a contact message. */
function insertPastBookingAndMessage(tag: string) {
  const database = new Database(server.databaseFile)
  const start = new Date(Date.now() - 60 * 60_000)
  const code = `p${tag}${Math.random().toString(36).slice(2)}000000`.slice(0, 8)
  database
    .prepare(
      `insert into bookings (public_id, created_at, updated_at, starts_at, ends_at, local_date, mode, name, email, email_key, phone, manage_token_hash, ip_hash, uid)
       values (?, ?, ?, ?, ?, ?, 'telefon', 'Bo Udeblev', ?, ?, '20 30 40 50', ?, 'x', ?)`,
    )
    .run(code, start.toISOString(), start.toISOString(), start.toISOString(), new Date(start.getTime() + 30 * 60_000).toISOString(), start.toISOString().slice(0, 10), `bo-${code}@eksempel.dk`, `bo-${code}@eksempel.dk`, `hash-${code}`, `${code}@test`)
  const now = new Date().toISOString()
  const message = database
    .prepare(
      `insert into contact_messages (created_at, first_name, last_name, email, phone, service_type, address, message, ip_hash, public_id)
       values (?, 'Anne', ?, 'anne@eksempel.dk', '20 30 40 50', '', '', 'Hej Birgitte, har du tid i næste uge?', 'x', ?)`,
    )
    .run(now, `Jensen${tag}`, `m-${code}`)
  // Its e-mails went out: the message's effect in the outbox is sent.
  database
    .prepare(
      `insert into outbox (kind, contact_message_id, idempotency_key, created_at, status, attempts, sent_at, delivered_by)
       values ('contact-email', ?, ?, ?, 'sent', 1, ?, 'outbox')`,
    )
    .run(message.lastInsertRowid, `kontakt-m-${code}`, now, now)
  database.close()
  return { code, messageId: Number(message.lastInsertRowid), lastName: `Jensen${tag}` }
}

async function signIn(page: Page, destination = '/coach') {
  await page.goto(`${server.url}${destination}`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(site.email)
  const before = signInLinkFiles()
  await page.getByRole('button', { name: 'Send mig et link' }).click()
  await expect(page.getByRole('status')).toContainText('får du et link til at logge ind')
  await expect.poll(() => newSignInLink(before)).toBeTruthy()
  await page.goto(newSignInLink(before)!)
  await page.getByRole('button', { name: 'Log ind' }).click()
}

for (const javaScript of [false, true]) {
  test(`${javaScript ? 'with' : 'without'} JavaScript at 390 px: signs in, moves, cancels with a reason, no-show and undo, a message handled, out everywhere`, async ({ browser }) => {
    const visitor = await phone(browser, javaScript)
    const tag = javaScript ? 'j' : 'n'
    const moved = await visitorBooks(visitor, `flyt-${tag}-${Date.now()}@eksempel.dk`)
    const cancelled = await visitorBooks(visitor, `aflys-${tag}-${Date.now()}@eksempel.dk`)
    const { code: past, messageId, lastName } = insertPastBookingAndMessage(tag)

    const page = await phone(browser, javaScript)
    await signIn(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Overblik' })).toBeVisible()
    const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-skrivebord')!
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' })
    if (javaScript) await expectNoAxeViolations(page)

    // Move the visitor's booking to the first other time, with a note.
    await page.locator(`a[href="/coach/booking/${moved}"]`).click()
    if (javaScript) await expectNoAxeViolations(page)
    await page.getByRole('combobox', { name: 'Ny tid (dansk tid)' }).selectOption({ index: 1 })
    await page.getByRole('textbox', { name: 'Besked til den besøgende (valgfri)' }).fill('Jeg er nødt til at flytte os en time.')
    await page.getByRole('button', { name: 'Flyt', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText(/Bookingen er flyttet/)
    const first = readIcs(readFileSync(visitorFile(moved, 'bekraeftelse', 0, 'ics'), 'utf8'))
    expect(readIcs(readFileSync(visitorFile(moved, 'flyttet', 1, 'ics'), 'utf8'))).toEqual({ method: 'REQUEST', uid: first.uid, sequence: 1 })
    expect(outboxJson(`booking-${moved}-flyttet-1-gaest.json`).text).toContain('Jeg er nødt til at flytte os en time.')

    // Cancel the other with a reason: the CANCEL e-mail carries it.
    await page.goto(`${server.url}/coach/booking/${cancelled}`)
    await page.getByRole('textbox', { name: /^Begrundelse/ }).fill('Jeg er desværre blevet syg.')
    await page.getByRole('button', { name: 'Aflys', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText(/Bookingen er aflyst/)
    expect(readIcs(readFileSync(visitorFile(cancelled, 'aflyst', 1, 'ics'), 'utf8')).method).toBe('CANCEL')
    expect(outboxJson(`booking-${cancelled}-aflyst-1-gaest.json`).text).toContain('Jeg er desværre blevet syg.')

    // A no-show, and undone.
    await page.goto(`${server.url}/coach/booking/${past}`)
    await page.getByRole('button', { name: 'Markér som udeblevet' }).click()
    await expect(page.getByRole('status')).toHaveText('Noteret: den besøgende kom ikke.')
    await page.getByRole('button', { name: 'Fortryd »udeblev«' }).click()
    await expect(page.getByRole('status')).toHaveText('Markeringen »udeblev« er fjernet.')

    // The message: unread on the overview, read when opened, then handled.
    await page.goto(`${server.url}/coach`)
    await page.getByRole('link', { name: new RegExp(`^Ny: Anne ${lastName}`) }).click()
    await expect(page.getByText('Hej Birgitte, har du tid i næste uge?')).toBeVisible()
    if (javaScript) await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Markér som håndteret' }).click()
    await expect(page.getByRole('status')).toHaveText('Beskeden er markeret som håndteret.')
    expect(page.url()).toBe(`${server.url}/coach/besked/${messageId}?status=haandteret`)

    // Out on every device: the cookie from before is refused.
    await page.getByRole('button', { name: 'Log ud på alle enheder' }).click()
    await expect(page.getByRole('status')).toHaveText('Du er logget ud på alle enheder.')
    const other = await phone(browser, javaScript)
    await other.context().addCookies([cookie])
    await other.goto(`${server.url}/coach`)
    await expect(other.getByRole('button', { name: 'Send mig et link' })).toBeVisible()
  })
}

test("a stranger's address gets the same bytes and no e-mail; a post from another site is refused; desk answers are never stored", async ({ request }) => {
  const signInPage = await request.get(`${server.url}/coach/booking/abcdefgh`)
  expect(signInPage.headers()['cache-control']).toBe('no-store, private')
  expect(await signInPage.text()).toContain('noindex,nofollow')
  const action = /<form[^>]*\saction="(\/_serverFn\/[^"]+)"[^>]*method="post"/.exec(await signInPage.text())![1]!
  const ask = (email: string, origin = server.url) =>
    request.post(`${server.url}${action}`, { form: { email, til: '/coach' }, headers: { Origin: origin, 'Sec-Fetch-Site': origin === server.url ? 'same-origin' : 'cross-site' }, maxRedirects: 0 })
  const links = () => outboxFiles().filter((name) => name.startsWith('desk-link-')).length
  const before = links()
  const stranger = await ask('fremmed@eksempel.dk')
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(links()).toBe(before)
  const coach = await ask(site.email)
  await expect.poll(links).toBe(before + 1)
  // The answer to the post, byte for byte (its Date aside), and the page it leads to.
  const answer = async (response: typeof stranger) => ({ status: response.status(), headers: { ...response.headers(), date: '' }, body: (await response.body()).toString('base64') })
  expect(stranger.status()).toBe(303)
  expect(await answer(stranger)).toEqual(await answer(coach))
  // Every render carries the router's render time (`u:<ms>`); everything else must be the same bytes.
  const page = async (location: string) => (await (await request.get(`${server.url}${location}`)).text()).replace(/\bu:\d{13}\b/g, 'u:0')
  expect(await page(stranger.headers().location!)).toBe(await page(coach.headers().location!))
  expect((await ask(site.email, 'https://fremmed.example')).status()).toBe(403)
  await expect.poll(links).toBe(before + 1)
  // The link is used up, as she would: an unused link from the last 10 minutes is stretched for the
  // next request nobody recognised, instead of a new e-mail (the next test's sign-in would find none).
  const link = newSignInLink(signInLinkFiles().slice(0, -1))!
  const linkPage = await (await request.get(link)).text()
  const signInAction = /<form[^>]*\saction="(\/_serverFn\/[^"]+)"[^>]*method="post"/.exec(linkPage)![1]!
  const signedIn = await request.post(`${server.url}${signInAction}`, {
    form: { link: link.split('/').at(-1)! },
    headers: { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  })
  expect(signedIn.headers()['set-cookie']).toMatch(/skrivebord=[A-Za-z0-9_-]{43}/)
})

test('a desk link opened from another site (webmail) finds the session: the SameSite=Strict cookie comes with one reload', async ({ browser }) => {
  const page = await phone(browser, true)
  await signIn(page)
  await expect(page.getByRole('button', { name: 'Log ud på alle enheder' })).toBeVisible()
  // A page of no site of ours links to the desk, as an e-mail in webmail does.
  await page.goto('about:blank')
  await page.setContent(`<a href="${server.url}/coach">Se bookingen</a>`)
  await page.getByRole('link', { name: 'Se bookingen' }).click()
  await expect(page.getByRole('button', { name: 'Log ud på alle enheder' })).toBeVisible()
  await expect(page).toHaveURL(`${server.url}/coach`)

  // Without a session the reload ends at the sign-in, once.
  const stranger = await phone(browser, false)
  await stranger.goto('about:blank')
  await stranger.setContent(`<a href="${server.url}/coach">Se bookingen</a>`)
  await stranger.getByRole('link', { name: 'Se bookingen' }).click()
  await expect(stranger.getByRole('button', { name: 'Send mig et link' })).toBeVisible()
})
