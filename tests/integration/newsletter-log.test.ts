import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { newsletterSubscribers, outbox } from '#db/schema'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'
import { formData, insertPost, temporaryDatabase } from '../helpers'
import { newsletterEmailRows, payloadIs, setEffects } from '../outbox-rows'
import { inStartRequest } from '../start-request'
import { captureLogLines } from '../log-capture'

// What the newsletter tells the server's log (loaded afresh with the log on): each sign-up,
// confirmation and unsubscription by ids, a refused or failed step as a warning or an error.
// Never the reader's address.

let newsletter: typeof import('~/server/newsletter/newsletter.server')
let mail: typeof import('~/server/newsletter/newsletter-mail.server')
let page: typeof import('~/server/newsletter/newsletter-page.server')
let links: typeof import('~/server/links/links.server')
const lines: Array<Record<string, unknown>> = []
const start = new Date('2026-03-02T09:00:00.000Z')

// Loaded once, before the tests: inside a test, the load-time code would count as that test's alone.
beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'info')
  vi.resetModules()
  newsletter = await import('~/server/newsletter/newsletter.server')
  mail = await import('~/server/newsletter/newsletter-mail.server')
  page = await import('~/server/newsletter/newsletter-page.server')
  links = await import('~/server/links/links.server')
}, 60_000)
afterAll(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})
beforeEach(() => {
  vi.stubEnv('SITE_URL', 'https://www.eksempel.dk')
  captureLogLines(lines)
})
afterEach(() => {
  vi.restoreAllMocks()
})

const logged = () => lines.map(({ time: _, ...line }) => line)
const signUp = (db: Db, fields: Record<string, string>) => newsletter.signUpForNewsletter(formData(fields), { ip: '192.0.2.1', db, clock: () => start })
const recording = () => {
  const sent: Email[] = []
  const transport: MailTransport = { name: 'test', send: async (email) => void sent.push(email) }
  return { sent, transport }
}

describe("the newsletter's log", () => {
  it('names each step by ids, never by the address', async () => {
    const { db } = temporaryDatabase()
    signUp(db, { email: 'anne@eksempel.dk', website: 'spam' })
    signUp(db, { email: 'anne@eksempel.dk' })
    const { sent, transport } = recording()
    await mail.deliverNewsletterEmails({ db, transport, clock: () => start })
    const token = /\/nyhedsbrev\/bekraeft\/([A-Za-z0-9_-]{32})/.exec(sent[0]!.text)![1]!
    newsletter.confirmSubscription(token, { db, clock: () => start })
    const subscriber = db.select().from(newsletterSubscribers).get()!
    const [confirmation] = newsletterEmailRows(db)
    await newsletter.unsubscribe(links.unsubscribeToken(subscriber.publicId), { db })
    expect(logged()).toEqual([
      { level: 'info', msg: 'newsletter honeypot filled' },
      { level: 'info', msg: 'newsletter sign-up received', ipHash: expect.any(String) },
      { level: 'info', msg: 'newsletter e-mail sent', id: confirmation!.id, by: 'test', attempts: 1 },
      { level: 'info', msg: 'newsletter e-mail run', tried: 1, delivered: 1, failed: 0 },
      { level: 'info', msg: 'newsletter subscription confirmed', id: subscriber.id },
      { level: 'info', msg: 'newsletter unsubscribed', id: subscriber.id },
    ])
    expect(JSON.stringify(lines)).not.toContain('anne@')
  })

  it('warns of the sign-up limit and of a notice that failed, and an e-mail given up is an error', async () => {
    const { db } = temporaryDatabase()
    for (let n = 0; n < 6; n++) signUp(db, { email: `laeser${n}@eksempel.dk` })
    expect(logged().at(-1)).toEqual({ level: 'warn', msg: 'newsletter rate limit reached', ipHash: expect.any(String) })
    lines.length = 0
    insertPost(db, 'ny', 'stress', start.toISOString())
    db.update(newsletterSubscribers).set({ confirmedAt: start.toISOString() }).run()
    mail.queueNewArticleNotices(db, start)
    const notices = newsletterEmailRows(db, payloadIs('kind', 'artikel'))
    setEffects(db, 'newsletter-email', { attempts: 9 }, eq(outbox.id, notices[0]!.id))
    const failing: MailTransport = { name: 'nede', send: async () => Promise.reject(new Error('nede')) }
    await mail.deliverNewsletterEmails({ db, transport: failing, clock: () => start })
    const failures = logged().filter((line) => line.msg === 'newsletter e-mail failed')
    expect(failures[0]).toMatchObject({ level: 'error', id: notices[0]!.id, attempts: 10, gaveUp: true, error: 'nede' })
    expect(failures[1]).toMatchObject({ level: 'warn', id: notices[1]!.id, attempts: 1, gaveUp: false, error: 'nede' })
  })

  it('says as an error when a post could not be stored', async () => {
    const { db } = temporaryDatabase()
    db.$client.exec('DROP TABLE outbox; DROP TABLE newsletter_subscribers; DROP TABLE sender_attempts')
    const request = new Request('https://www.eksempel.dk/nyhedsbrev', { method: 'POST', body: formData({ email: 'anne@eksempel.dk' }) })
    await inStartRequest(request.clone(), '192.0.2.1', () => page.answerSignUpPost(request, { db }))
    await page.answerLinkPost(new Request('https://www.eksempel.dk/', { method: 'POST' }), 'bekraeft', 'a'.repeat(32), { db })
    await page.answerLinkPost(new Request('https://www.eksempel.dk/', { method: 'POST' }), 'afmeld', 'a'.repeat(32), { db })
    expect(logged().map(({ level, msg }) => [level, msg])).toEqual([
      ['error', 'newsletter sign-up not stored'],
      ['error', 'newsletter confirmation not stored'],
      ['error', 'newsletter unsubscription failed'],
    ])
  })

  it('says nothing of a run with nothing to send, and logs a delivery after the answer that failed as a whole, with its cause', async () => {
    const { db } = temporaryDatabase()
    const { sent, transport } = recording()
    await mail.deliverNewsletterEmails({ db, transport, clock: () => start })
    expect(logged()).toEqual([])

    const request = new Request('https://www.eksempel.dk/nyhedsbrev', { method: 'POST', body: formData({ email: 'anne@eksempel.dk' }) })
    const afterAnswer: Array<() => Promise<unknown>> = []
    await inStartRequest(request.clone(), '192.0.2.1', () => page.answerSignUpPost(request, { db, transport, afterAnswer: (work) => void afterAnswer.push(work) }))
    db.$client.exec('DROP TABLE outbox')
    lines.length = 0
    for (const work of afterAnswer) await work()
    expect(sent).toEqual([])
    expect(logged()).toEqual([{ level: 'error', msg: 'newsletter delivery failed', error: 'SqliteError: no such table: outbox', stack: expect.any(Array) }])
  })
})
