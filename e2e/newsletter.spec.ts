import Database from 'better-sqlite3'
import { daysAgo, writeArticle } from './articles'
import { emailsFor, expect, expectNoAxeViolations, test, uniqueEmail } from './helpers'
import { seedDatabase, SERVER_START_TIMEOUT_MS, type ServerInstance, startFixtureBlog } from './server-instance'

// "Få besked om nye artikler" from a reader's side, without JavaScript: sign-up, the confirmation
// link from the outbox, a new article seeded, its notice (once per subscriber, with the one-click
// header), and the mail program's one-click unsubscribe.
let blog: ServerInstance
let content: string
let dispose: (() => Promise<void>) | undefined

/** Effects in the instance's outbox that are due and not yet carried out. */
function unsent() {
  const db = new Database(blog.databaseFile, { readonly: true })
  try {
    return (db.prepare("SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending') AND next_attempt_at <= ?").get(new Date().toISOString()) as { n: number }).n
  } finally {
    db.close()
  }
}

/** The server's own worker runs every second here: wait until it has carried out what is due. */
const allSent = () => expect.poll(unsent, { timeout: 20_000 }).toBe(0)

const notices = (address: string) => emailsFor(address, blog.outbox).filter((email) => email.subject.startsWith('Ny artikel:'))

test.describe('new articles by e-mail', () => {
  test.describe.configure({ timeout: 120_000 })
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS)
    ;({ server: blog, content, dispose } = await startFixtureBlog([{ slug: 'smaa-skridt', title: 'Små skridt mod et roligere liv', category: 'life', publishedAt: daysAgo(30) }], { BACKGROUND_JOBS: 'on', OUTBOX_EVERY_SECONDS: '1' }))
  })
  test.afterAll(async () => {
    await dispose?.()
  })

  async function signUp(page: import('@playwright/test').Page, address: string, from: string) {
    await page.goto(`${blog.url}${from}`)
    await page.getByLabel('Din e-mailadresse').fill(address)
    await page.getByRole('button', { name: 'Få besked' }).click()
    await expect(page).toHaveURL(`${blog.url}/nyhedsbrev?status=tjek-din-mail`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tjek din indbakke')
  }

  test('sign-up, confirmation, one notice per subscriber with the one-click header, unsubscribe; nothing to an unconfirmed address', async ({ browser, page, request }) => {
    // The forms are used without JavaScript; axe needs it, so it looks at the same pages in `page`.
    const withoutScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
    const reader = uniqueEmail('laeser')
    const unconfirmed = uniqueEmail('ubekraeftet')
    await signUp(withoutScript, reader, '/blog')
    await page.goto(withoutScript.url())
    await expectNoAxeViolations(page)
    await signUp(withoutScript, unconfirmed, '/blog/smaa-skridt')
    // The confirmation goes out just after the answer.
    await expect.poll(() => emailsFor(reader, blog.outbox).length).toBe(1)
    await expect.poll(() => emailsFor(unconfirmed, blog.outbox).length).toBe(1)
    // A known address gets the same answer and no second e-mail.
    await signUp(withoutScript, reader, '/blog')

    const link = /https?:\/\/\S+\/nyhedsbrev\/bekraeft\/[A-Za-z0-9_-]{32}/.exec(emailsFor(reader, blog.outbox)[0]!.text)![0]
    await page.goto(link)
    await expectNoAxeViolations(page)
    await withoutScript.goto(link)
    await withoutScript.getByRole('button', { name: 'Ja tak, bekræft' }).click()
    await expect(withoutScript.getByRole('heading', { level: 1 })).toHaveText('Du er tilmeldt')
    await page.goto(withoutScript.url())
    await expectNoAxeViolations(page)

    writeArticle(content, { slug: 'ny-artikel', title: 'En ny artikel', publishedAt: daysAgo(0) })
    seedDatabase(blog.databaseFile, content)
    await expect.poll(() => notices(reader).length, { timeout: 20_000 }).toBe(1)
    await allSent()
    const [notice] = notices(reader)
    expect(notices(reader)).toHaveLength(1)
    expect(notices(unconfirmed)).toEqual([])
    expect(emailsFor(unconfirmed, blog.outbox)).toHaveLength(1)
    const { headers } = notice as unknown as { headers: Record<string, string> }
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const unsubscribeUrl = /^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!
    expect(unsubscribeUrl).toMatch(new RegExp(`^${blog.url}/nyhedsbrev/afmeld/[A-Za-z0-9_-]{32}$`))
    expect(notice!.text).toContain(unsubscribeUrl)

    // Opening the link only shows a button; the mail program's one-click POST unsubscribes.
    await page.goto(unsubscribeUrl)
    await expectNoAxeViolations(page)
    const oneClick = await request.post(unsubscribeUrl, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { Origin: 'https://mail.eksempel.com' } })
    expect(oneClick.status()).toBe(200)

    writeArticle(content, { slug: 'endnu-en', title: 'Endnu en artikel', publishedAt: daysAgo(0) })
    seedDatabase(blog.databaseFile, content)
    // Unsubscribing erased the reader's stored e-mails too; the new article brings none.
    expect(emailsFor(reader, blog.outbox)).toEqual([])
    await allSent()
    expect(emailsFor(reader, blog.outbox)).toEqual([])
    expect(notices(unconfirmed)).toEqual([])
  })
})
