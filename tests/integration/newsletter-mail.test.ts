import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Db } from '#db/database'
import { blogPosts } from '#db/schema'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'
import { confirmSubscription, signUpForNewsletter } from '~/server/newsletter/newsletter.server'
import { deliverNewsletterEmails, queueNewArticleNotices } from '~/server/newsletter/newsletter-mail.server'
import { MAX_ATTEMPTS } from '~/server/outbox/outbox.server'
import { insertPost, temporaryDatabase } from '../helpers'
import { newsletterEmailRows, payloadIs, setEffects } from '../outbox-rows'

// The newsletter's e-mails as the reader gets them, and what happens to one that cannot go out:
// retried after a pause, given up after the last attempt, sent again by mail:retry -- --alle.

const start = new Date('2026-03-02T09:00:00.000Z')
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
const recording = () => {
  const sent: Email[] = []
  const transport: MailTransport = { name: 'test', send: async (email) => void sent.push(email) }
  return { sent, transport }
}
const failing: MailTransport = { name: 'nede', send: async () => Promise.reject(new Error(`udbyderen svarer ikke ${'!'.repeat(600)}`)) }

beforeEach(() => vi.stubEnv('SITE_URL', 'https://www.eksempel.dk'))
afterEach(() => vi.unstubAllEnvs())

async function subscriber(db: Db, email: string) {
  const form = new FormData()
  form.append('email', email)
  signUpForNewsletter(form, { ip: '192.0.2.1', db, clock: () => start })
  const { sent, transport } = recording()
  await deliverNewsletterEmails({ db, transport, clock: () => start })
  return sent[0]!
}
const confirmed = async (db: Db, email: string) => {
  const confirmation = await subscriber(db, email)
  confirmSubscription(/\/nyhedsbrev\/bekraeft\/([A-Za-z0-9_-]{32})/.exec(confirmation.text)![1]!, { db, clock: () => start })
}
const row = (db: Db) => newsletterEmailRows(db, payloadIs('kind', 'artikel'))[0]!

describe("the newsletter's e-mails", () => {
  it('ask an address to confirm, say why it got the e-mail, and that nothing comes without the confirmation', async () => {
    const { db } = temporaryDatabase()
    const confirmation = await subscriber(db, 'anne@eksempel.dk')
    expect(confirmation.subject).toBe('Bekræft din tilmelding til nye artikler')
    expect(confirmation.to).toBe('anne@eksempel.dk')
    for (const text of [
      'Bekræft din tilmelding',
      'Tryk på linket for at bekræfte – først da er du tilmeldt.',
      'Ja tak, send mig besked om nye artikler',
      'uden bekræftelse sender jeg intet, og adressen slettes efter 3 dage.',
    ])
      expect(confirmation.text).toContain(text)
    expect(confirmation.headers).toBeUndefined()
    expect(confirmation.text).not.toContain('<')
    expect(confirmation.html).toContain('Bekræft, at du vil have besked om nye artikler')
  })

  it('announce an article with its title and description, a link to read it, and why the reader gets it', async () => {
    const { db } = temporaryDatabase()
    await confirmed(db, 'anne@eksempel.dk')
    insertPost(db, 'ro-i-kroppen', 'stress', later(10).toISOString(), { title: 'Ro i kroppen', description: 'Om at lande efter en travl dag.' })
    queueNewArticleNotices(db, later(20))
    const { sent, transport } = recording()
    await deliverNewsletterEmails({ db, transport, clock: () => later(20) })
    const [notice] = sent
    expect(notice!.idempotencyKey).toMatch(/^nyhedsbrev-[0-9a-f-]{36}-artikel-ro-i-kroppen$/)
    for (const text of ['Ro i kroppen', 'Om at lande efter en travl dag.', 'Læs artiklen', 'Du får denne e-mail, fordi du har bedt om besked om nye artikler på min hjemmeside.']) expect(notice!.text).toContain(text)
  })

  it('go out for an article published this very minute', async () => {
    const { db } = temporaryDatabase()
    await confirmed(db, 'anne@eksempel.dk')
    insertPost(db, 'nu', 'stress', later(10).toISOString())
    queueNewArticleNotices(db, later(10))
    const { sent, transport } = recording()
    await deliverNewsletterEmails({ db, transport, clock: () => later(10) })
    expect(sent.map((email) => email.subject)).toEqual(['Ny artikel: nu'])
  })

  it('are not sent for an article that was taken down or postponed since', async () => {
    const { db } = temporaryDatabase()
    await confirmed(db, 'anne@eksempel.dk')
    insertPost(db, 'udsat', 'stress', later(10).toISOString())
    insertPost(db, 'fjernet', 'stress', later(10).toISOString())
    queueNewArticleNotices(db, later(20))
    db.update(blogPosts).set({ publishedAt: later(60).toISOString() }).where(eq(blogPosts.slug, 'udsat')).run()
    db.delete(blogPosts).where(eq(blogPosts.slug, 'fjernet')).run()
    const { sent, transport } = recording()
    expect(await deliverNewsletterEmails({ db, transport, clock: () => later(20) })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(sent).toEqual([])
    expect(newsletterEmailRows(db, payloadIs('kind', 'artikel')).map(({ status }) => ({ status }))).toEqual([{ status: 'skipped' }, { status: 'skipped' }])
  })
})

describe('a notice that cannot go out', () => {
  async function queuedNotice() {
    const { db } = temporaryDatabase()
    await confirmed(db, 'anne@eksempel.dk')
    insertPost(db, 'ny-artikel', 'stress', later(10).toISOString())
    queueNewArticleNotices(db, later(20))
    return db
  }

  it('is tried again after a pause that grows, with what went wrong kept (shortened)', async () => {
    const db = await queuedNotice()
    expect(await deliverNewsletterEmails({ db, transport: failing, clock: () => later(20) })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    expect(row(db)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: later(21).toISOString() })
    expect(row(db).lastError).toHaveLength(500)
    expect(row(db).lastError!.startsWith('udbyderen svarer ikke !')).toBe(true)
    expect(await deliverNewsletterEmails({ db, transport: failing, clock: () => new Date(later(21).getTime() - 1) })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    await deliverNewsletterEmails({ db, transport: failing, clock: () => later(21) })
    expect(row(db)).toMatchObject({ attempts: 2, nextAttemptAt: later(23).toISOString() })
  })

  it(`is given up after ${MAX_ATTEMPTS} attempts, and sent again when the coach runs mail:retry -- --alle`, async () => {
    const db = await queuedNotice()
    setEffects(db, 'newsletter-email', { attempts: MAX_ATTEMPTS - 1 }, payloadIs('kind', 'artikel'))
    await deliverNewsletterEmails({ db, transport: failing, clock: () => later(20) })
    expect(row(db)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null })
    const { sent, transport } = recording()
    expect(await deliverNewsletterEmails({ db, transport, clock: () => later(30) })).toEqual({ tried: 0, delivered: 0, failed: 0 })
    expect(await deliverNewsletterEmails({ db, transport, clock: () => later(30), force: true })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(row(db)).toMatchObject({ status: 'sent', attempts: 1, sentAt: later(30).toISOString(), lastError: null })
    expect(sent).toHaveLength(1)
  })
})
