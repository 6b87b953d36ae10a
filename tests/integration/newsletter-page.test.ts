import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { newsletterSubscribers } from '#db/schema'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'
import { unsubscribeToken } from '~/server/links/links.server'
import { answerLinkPost, answerSignUpPost } from '~/server/newsletter/newsletter-page.server'
import { temporaryDatabase } from '../helpers'
import { inStartRequest } from '../start-request'

// The newsletter's form posts as the routes hand them over: what the reader's browser (or mail
// program) is answered, and that the confirmation goes out after the answer.

let db: Db
let sent: Email[]
let transport: MailTransport
beforeEach(() => {
  afterAnswer = []
  vi.stubEnv('SITE_URL', 'https://www.eksempel.dk')
  db = temporaryDatabase().db
  sent = []
  transport = { name: 'test', send: async (email) => void sent.push(email) }
})
afterEach(() => vi.unstubAllEnvs())

const post = (path: string, fields: Record<string, string>) => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return new Request(`https://www.eksempel.dk${path}`, { method: 'POST', body })
}
/** What each answer left for afterwards (the e-mail), done when the test says so. */
let afterAnswer: Array<() => Promise<unknown>> = []
async function signUp(email: string) {
  const request = post('/nyhedsbrev', { email, website: '' })
  return (await inStartRequest(request.clone(), '192.0.2.1', () => answerSignUpPost(request, { db, transport, afterAnswer: (work) => void afterAnswer.push(work) }))).result
}
const delivered = async () => {
  for (const work of afterAnswer.splice(0)) await work()
}
const linkIn = (email: Email, kind: 'bekraeft' | 'afmeld') => new RegExp(`/nyhedsbrev/${kind}/([A-Za-z0-9_-]{32})`).exec(email.text)![1]!

describe('the sign-up post', () => {
  it('is answered with a redirect to the status, and the confirmation is sent after', async () => {
    const answer = await signUp('anne@eksempel.dk')
    expect(answer.status).toBe(303)
    expect(answer.headers.get('Location')).toBe('/nyhedsbrev?status=tjek-din-mail')
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    // Nothing was rendered or sent while the reader waited: the e-mail is queued, and goes after the answer.
    expect(sent).toEqual([])
    expect(db.$client.prepare("SELECT status FROM outbox WHERE kind = 'newsletter-email'").all()).toEqual([{ status: 'pending' }])
    await delivered()
    expect(sent.map((email) => email.to)).toEqual(['anne@eksempel.dk'])
  })

  it('says so for an invalid address and for a database that fails, and sends nothing', async () => {
    expect((await signUp('ikke-en-adresse')).headers.get('Location')).toBe('/nyhedsbrev?status=ugyldig')
    db.$client.exec('DROP TABLE sender_attempts')
    expect((await signUp('anne@eksempel.dk')).headers.get('Location')).toBe('/nyhedsbrev?status=fejl')
    expect(afterAnswer).toEqual([])
    expect(sent).toEqual([])
  })
})

describe('a post to a link from an e-mail', () => {
  async function confirmedLinks() {
    await signUp('anne@eksempel.dk')
    await delivered()
    const confirm = linkIn(sent[0]!, 'bekraeft')
    expect((await answerLinkPost(post(`/nyhedsbrev/bekraeft/${confirm}`, {}), 'bekraeft', confirm, { db })).headers.get('Location')).toBe('/nyhedsbrev?status=bekraeftet')
    return { confirm }
  }

  it('confirms once; a used or unknown link is told so', async () => {
    const { confirm } = await confirmedLinks()
    expect(db.select().from(newsletterSubscribers).get()?.confirmedAt).not.toBeNull()
    const again = await answerLinkPost(post('/', {}), 'bekraeft', confirm, { db })
    expect(again.status).toBe(303)
    expect(again.headers.get('Location')).toBe('/nyhedsbrev?status=ugyldigt-link')
  })

  it('is not found for any other action', async () => {
    const answer = await answerLinkPost(post('/', {}), 'slet', 'x'.repeat(32), { db })
    expect(answer.status).toBe(404)
    expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect(await answer.text()).toBe('Siden findes ikke.')
  })

  it('unsubscribes from the page with a redirect, and from the mail program (one click) with a plain 200', async () => {
    await confirmedLinks()
    const token = unsubscribeToken(db.select().from(newsletterSubscribers).get()!.publicId)
    const fromPage = await answerLinkPost(post('/', {}), 'afmeld', token, { db })
    expect(fromPage.status).toBe(303)
    expect(fromPage.headers.get('Location')).toBe('/nyhedsbrev?status=afmeldt')
    expect(db.select().from(newsletterSubscribers).all()).toEqual([])

    const oneClick = await answerLinkPost(post('/', { 'List-Unsubscribe': 'One-Click' }), 'afmeld', token, { db })
    expect(oneClick.status).toBe(200)
    expect(oneClick.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(oneClick.headers.get('Cache-Control')).toBe('no-store')
    expect(await oneClick.text()).toBe('Du er afmeldt.')
  })

  it('says so when the confirmation could not be stored', async () => {
    await signUp('anne@eksempel.dk')
    await delivered()
    db.$client.exec('DROP TABLE outbox; DROP TABLE newsletter_subscribers')
    const confirm = linkIn(sent[0]!, 'bekraeft')
    expect((await answerLinkPost(post('/', {}), 'bekraeft', confirm, { db })).headers.get('Location')).toBe('/nyhedsbrev?status=fejl')
  })

  it('tells the mail program when unsubscribing failed, so it may try again', async () => {
    db.$client.exec('DROP TABLE outbox; DROP TABLE newsletter_subscribers')
    const token = 'a'.repeat(32)
    const oneClick = await answerLinkPost(post('/', { 'List-Unsubscribe': 'One-Click' }), 'afmeld', token, { db })
    expect(oneClick.status).toBe(503)
    expect(await oneClick.text()).toBe('Afmeldingen lykkedes ikke. Prøv igen om lidt.')
    expect((await answerLinkPost(post('/', {}), 'afmeld', token, { db })).headers.get('Location')).toBe('/nyhedsbrev?status=fejl')
    expect((await answerLinkPost(new Request('https://www.eksempel.dk/', { method: 'POST', body: 'ikke en formular' }), 'afmeld', token, { db })).headers.get('Location')).toBe('/nyhedsbrev?status=fejl')
  })
})
