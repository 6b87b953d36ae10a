import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Db } from '#db/database'
import { newsletterSubscribers, outbox as outboxTable, senderAttempts } from '#db/schema'
import { deletePerson, exportPerson } from '~/server/contact/contact-admin.server'
import { type Email, type MailTransport, outboxTransport } from '~/server/mail/mail-transport.server'
import { confirmSubscription, purgeNewsletter, signUpForNewsletter, unsubscribe } from '~/server/newsletter/newsletter.server'
import { purgeSenderAttempts } from '~/server/limits/sender-limits.server'
import { unsubscribeToken } from '~/server/links/links.server'
import { deliverNewsletterEmails, queueNewArticleNotices } from '~/server/newsletter/newsletter-mail.server'
import { formData, insertPost, temporaryDatabase } from '../helpers'
import { newsletterEmailRows } from '../outbox-rows'

// The whole double opt-in flow on a real database: sign-up, confirmation, notices of new articles
// through the stored e-mails, unsubscription, and the purge of sign-ups never confirmed.

const start = new Date('2026-03-02T09:00:00.000Z')
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000)
const recording = () => {
  const sent: Email[] = []
  const transport: MailTransport = { name: 'test', send: async (email) => void sent.push(email) }
  return { sent, transport }
}
const linkIn = (email: Email, kind: 'bekraeft' | 'afmeld') => new RegExp(`/nyhedsbrev/${kind}/([A-Za-z0-9_-]{32})`).exec(email.text)![1]!

/** Signs an address up and delivers what that queued; returns what was sent. */
async function signUp(db: Db, email: string, { at = start, ip = '192.0.2.1' } = {}) {
  const { sent, transport } = recording()
  const status = signUpForNewsletter(formData({ email, website: '' }), { ip, db, clock: () => at })
  await deliverNewsletterEmails({ db, transport, clock: () => at })
  return { status, sent }
}

async function confirmedSubscriber(db: Db, email: string) {
  const { sent } = await signUp(db, email)
  expect(confirmSubscription(linkIn(sent[0]!, 'bekraeft'), { db, clock: () => later(1) })).toBe('bekraeftet')
}

/** Queues the notices of what is published by `at` and delivers them. */
async function announce(db: Db, at: Date) {
  const { sent, transport } = recording()
  const queued = queueNewArticleNotices(db, at)
  await deliverNewsletterEmails({ db, transport, clock: () => at })
  return { queued, sent }
}

beforeEach(() => vi.stubEnv('SITE_URL', 'https://www.eksempel.dk'))
afterEach(() => vi.unstubAllEnvs())

describe('signing up', () => {
  it('stores a new address unconfirmed and sends it one confirmation, whose token is stored only as a hash', async () => {
    const { db } = temporaryDatabase()
    const { status, sent } = await signUp(db, 'Anne@Eksempel.dk')
    expect(status).toBe('tjek-din-mail')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: 'Anne@Eksempel.dk', subject: 'Bekræft din tilmelding til nye artikler' })
    expect(sent[0]!.headers).toBeUndefined()
    const token = linkIn(sent[0]!, 'bekraeft')
    const [row] = db.select().from(newsletterSubscribers).all()
    expect(row).toMatchObject({ emailKey: 'anne@eksempel.dk', confirmedAt: null })
    expect(JSON.stringify(db.$client.prepare('SELECT * FROM newsletter_subscribers').all())).not.toContain(token)
  })

  it('answers a new, an unconfirmed and a confirmed address alike; a confirmed one gets nothing, an unconfirmed one at most one confirmation an hour', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'bo@eksempel.dk')
    const again = await signUp(db, 'BO@eksempel.dk', { at: later(90) })
    expect(again).toEqual({ status: 'tjek-din-mail', sent: [] })
    // Queued like any sign-up (the same work), and skipped by the worker: the confirmed address's only e-mail is the confirmation it used.
    expect(newsletterEmailRows(db).map((row) => row.status)).toEqual(['sent', 'skipped'])

    expect((await signUp(db, 'cy@eksempel.dk')).sent).toHaveLength(1)
    expect(await signUp(db, 'cy@eksempel.dk', { at: later(30) })).toEqual({ status: 'tjek-din-mail', sent: [] })
    const hourLater = await signUp(db, 'cy@eksempel.dk', { at: later(61) })
    expect(hourLater.sent.map((email) => email.subject)).toEqual(['Bekræft din tilmelding til nye artikler'])
    expect(db.select().from(newsletterSubscribers).all()).toHaveLength(2)
  })

  it('counts one sender’s sign-ups for 15 minutes: the sixth within them is refused, one after them is taken', () => {
    const { db } = temporaryDatabase()
    const signUpAt = (n: number, minutes: number) => signUpForNewsletter(formData({ email: `laeser${n}@eksempel.dk`, website: '' }), { ip: '192.0.2.50', db, clock: () => later(minutes) })
    for (let n = 0; n < 5; n++) expect(signUpAt(n, 0)).toBe('tjek-din-mail')
    expect(signUpAt(5, 14)).toBe('for-mange')
    expect(signUpAt(6, 15.1)).toBe('tjek-din-mail')
  })

  it('holds a second confirmation back while another process is still sending the first (mail:retry beside the server)', async () => {
    const { db } = temporaryDatabase()
    const { transport, sent } = recording()
    signUpForNewsletter(formData({ email: 'cy@eksempel.dk', website: '' }), { ip: '192.0.2.1', db, clock: () => start })
    signUpForNewsletter(formData({ email: 'cy@eksempel.dk', website: '' }), { ip: '192.0.2.2', db, clock: () => later(1) })
    const [first] = newsletterEmailRows(db)
    // The other process has claimed the first and not yet recorded it.
    db.update(outboxTable).set({ status: 'sending', claimToken: 'den-anden-proces', nextAttemptAt: later(10).toISOString() }).where(eq(outboxTable.id, first!.id)).run()
    await deliverNewsletterEmails({ db, transport, clock: () => later(2) })
    expect(sent).toEqual([])
    expect(newsletterEmailRows(db).map((row) => row.status)).toEqual(['sending', 'skipped'])
  })

  it('does the same writes for a new, an unconfirmed and a confirmed address, and sends nothing before the worker runs', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'bo@eksempel.dk')
    signUpForNewsletter(formData({ email: 'cy@eksempel.dk', website: '' }), { ip: '192.0.2.9', db, clock: () => later(2) })
    const work = (email: string) => {
      const changes = () => db.$client.prepare('SELECT total_changes() AS n').get() as { n: number }
      const counts = () => ['sender_attempts', 'newsletter_subscribers', 'outbox'].map((table) => (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n)
      const [before, countsBefore] = [changes().n, counts()]
      expect(signUpForNewsletter(formData({ email, website: '' }), { ip: `192.0.2.${email.length}`, db, clock: () => later(3) })).toBe('tjek-din-mail')
      return { rowsWritten: changes().n - before, attempts: counts()[0]! - countsBefore[0]!, queued: counts()[2]! - countsBefore[2]! }
    }
    const fresh = work('ny@eksempel.dk')
    expect(fresh).toEqual({ rowsWritten: 3, attempts: 1, queued: 1 })
    expect(work('cy@eksempel.dk')).toEqual(fresh)
    expect(work('bo@eksempel.dk')).toEqual(fresh)
  })

  it('sends one person at most three confirmations a day, however the address is spelled (a+2@… is a@…)', async () => {
    const { db } = temporaryDatabase()
    const sent: string[] = []
    for (const [n, email] of ['eva@eksempel.dk', 'eva+1@eksempel.dk', 'EVA+2@eksempel.dk', 'eva+3@eksempel.dk', 'eva@eksempel.dk'].entries()) {
      const result = await signUp(db, email, { at: later(n * 61), ip: `192.0.2.${n}` })
      sent.push(...result.sent.map((email) => email.to))
    }
    // Each to the address as it was typed.
    expect(sent).toEqual(['eva@eksempel.dk', 'eva+1@eksempel.dk', 'EVA+2@eksempel.dk'])
    expect((await signUp(db, 'eva@eksempel.dk', { at: later(24 * 60 + 1) })).sent).toHaveLength(1)
  })

  it('stores nothing for a filled honeypot (same answer) or an invalid address (told so)', async () => {
    const { db } = temporaryDatabase()
    expect(signUpForNewsletter(formData({ email: 'robot@eksempel.dk', website: 'http://spam' }), { ip: '192.0.2.1', db })).toBe('tjek-din-mail')
    expect(signUpForNewsletter(formData({ email: 'ikke en adresse' }), { ip: '192.0.2.1', db })).toBe('ugyldig')
    expect(signUpForNewsletter(formData({}), { ip: '192.0.2.1', db })).toBe('ugyldig')
    const twice = formData({ email: 'a@eksempel.dk' })
    twice.append('email', 'b@eksempel.dk')
    expect(signUpForNewsletter(twice, { ip: '192.0.2.1', db })).toBe('ugyldig')
    expect(db.select().from(newsletterSubscribers).all()).toEqual([])
    expect(newsletterEmailRows(db)).toEqual([])
  })

  it('limits sign-ups per sender like the contact form, whatever the address', async () => {
    const { db } = temporaryDatabase()
    vi.stubEnv('CONTACT_RATE_LIMIT', '2')
    expect((await signUp(db, 'a@eksempel.dk')).status).toBe('tjek-din-mail')
    expect((await signUp(db, 'b@eksempel.dk')).status).toBe('tjek-din-mail')
    expect(await signUp(db, 'c@eksempel.dk')).toEqual({ status: 'for-mange', sent: [] })
    expect((await signUp(db, 'c@eksempel.dk', { ip: '192.0.2.2' })).status).toBe('tjek-din-mail')
    expect((await signUp(db, 'd@eksempel.dk', { at: later(16) })).status).toBe('tjek-din-mail')
  })
})

describe('confirming', () => {
  it('works once; a used, wrong or malformed link is refused', async () => {
    const { db } = temporaryDatabase()
    const { sent } = await signUp(db, 'anne@eksempel.dk')
    const token = linkIn(sent[0]!, 'bekraeft')
    expect(confirmSubscription('A'.repeat(32), { db })).toBe('ugyldigt-link')
    expect(confirmSubscription('../../etc', { db })).toBe('ugyldigt-link')
    expect(confirmSubscription(token, { db, clock: () => later(2) })).toBe('bekraeftet')
    expect(confirmSubscription(token, { db })).toBe('ugyldigt-link')
    expect(db.select().from(newsletterSubscribers).get()).toMatchObject({ confirmedAt: later(2).toISOString(), confirmTokenHash: null })
  })

  it('sends no confirmation that is still queued once the address has confirmed', async () => {
    const { db } = temporaryDatabase()
    const { sent } = await signUp(db, 'anne@eksempel.dk')
    confirmSubscription(linkIn(sent[0]!, 'bekraeft'), { db })
    // A second sign-up an hour later, while the address is confirmed: nothing is queued, nothing sent.
    expect((await signUp(db, 'anne@eksempel.dk', { at: later(90) })).sent).toEqual([])
  })
})

describe('notices of new articles', () => {
  it('sends one notice per confirmed subscriber, with the one-click unsubscribe headers and a visible link; nothing to an unconfirmed address', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'anne@eksempel.dk')
    await confirmedSubscriber(db, 'bo@eksempel.dk')
    await signUp(db, 'ubekraeftet@eksempel.dk')
    insertPost(db, 'ny-artikel', 'stress', later(10).toISOString(), { title: 'Når stress sniger sig ind', description: 'Om de små tegn.' })

    const { queued, sent } = await announce(db, later(20))
    expect(queued).toEqual({ articles: ['ny-artikel'], queued: 2 })
    expect(sent.map((email) => email.to).sort()).toEqual(['anne@eksempel.dk', 'bo@eksempel.dk'])
    for (const email of sent) {
      expect(email.subject).toBe('Ny artikel: Når stress sniger sig ind')
      expect(email.text).toContain('https://www.eksempel.dk/blog/ny-artikel')
      const token = linkIn(email, 'afmeld')
      expect(email.headers).toEqual({ 'List-Unsubscribe': `<https://www.eksempel.dk/nyhedsbrev/afmeld/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
      expect(email.html).toContain(`href="https://www.eksempel.dk/nyhedsbrev/afmeld/${token}"`)
    }
  })

  it('skips a notice that reached an unconfirmed address anyway (a row written by hand, a bug elsewhere)', async () => {
    const { db } = temporaryDatabase()
    await signUp(db, 'ubekraeftet@eksempel.dk')
    insertPost(db, 'ny-artikel', 'stress', later(10).toISOString())
    db.$client
      .prepare("INSERT INTO outbox (kind, subscriber_id, payload, idempotency_key, created_at, next_attempt_at) SELECT 'newsletter-email', id, json_object('kind', 'artikel', 'articleSlug', 'ny-artikel'), 'haandskrevet', @at, @at FROM newsletter_subscribers")
      .run({ at: later(20).toISOString() })
    const { sent, transport } = recording()
    await deliverNewsletterEmails({ db, transport, clock: () => later(20) })
    expect(sent).toEqual([])
    expect(newsletterEmailRows(db, eq(outboxTable.idempotencyKey, 'haandskrevet')).map(({ status }) => ({ status }))[0]).toEqual({ status: 'skipped' })
  })

  it('announces each article once, also when the seed and a background run (or a restart) both look', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'anne@eksempel.dk')
    insertPost(db, 'ny-artikel', 'stress', later(10).toISOString())
    expect((await announce(db, later(20))).sent).toHaveLength(1)
    expect(await announce(db, later(21))).toEqual({ queued: { articles: [], queued: 0 }, sent: [] })
    // Even with its article marked unannounced again, the unique index keeps it to one notice.
    db.$client.prepare('DELETE FROM newsletter_announced_articles').run()
    expect(await announce(db, later(22))).toEqual({ queued: { articles: ['ny-artikel'], queued: 0 }, sent: [] })
    // The notice's key is made of the subscriber and the article: the outbox takes one row per key.
    expect(() =>
      db.$client
        .prepare("INSERT INTO outbox (kind, subscriber_id, payload, idempotency_key, created_at) SELECT 'newsletter-email', id, json_object('kind', 'artikel', 'articleSlug', 'ny-artikel'), 'nyhedsbrev-' || public_id || '-artikel-ny-artikel', 'x' FROM newsletter_subscribers")
        .run(),
    ).toThrow(/UNIQUE/)
  })

  it('announces an article when its date arrives, and only to those confirmed by then', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'anne@eksempel.dk')
    insertPost(db, 'fremtidig', 'stress', later(60 * 24).toISOString())
    expect((await announce(db, later(60))).sent).toEqual([])
    const dayLater = await announce(db, later(60 * 24 + 1))
    expect(dayLater.sent.map((email) => email.to)).toEqual(['anne@eksempel.dk'])
    // Whoever confirms afterwards gets the next article, not this one.
    await confirmedSubscriber(db, 'bo@eksempel.dk')
    expect((await announce(db, later(60 * 24 + 2))).sent).toEqual([])
  })

  it('retries a notice that failed, with the same idempotency key', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'anne@eksempel.dk')
    insertPost(db, 'ny-artikel', 'stress', later(10).toISOString())
    queueNewArticleNotices(db, later(20))
    const keys: string[] = []
    const failing: MailTransport = { name: 'nede', send: async (email) => (keys.push(email.idempotencyKey), Promise.reject(new Error('nede'))) }
    expect(await deliverNewsletterEmails({ db, transport: failing, clock: () => later(20) })).toEqual({ tried: 1, delivered: 0, failed: 1 })
    const { sent, transport } = recording()
    expect(await deliverNewsletterEmails({ db, transport, clock: () => later(22) })).toEqual({ tried: 1, delivered: 1, failed: 0 })
    expect(sent[0]!.idempotencyKey).toBe(keys[0])
  })
})

describe('unsubscribing', () => {
  it('deletes the subscriber and what was queued for them; nothing more is sent; any token gets the same answer', async () => {
    const { db } = temporaryDatabase()
    await confirmedSubscriber(db, 'anne@eksempel.dk')
    insertPost(db, 'foerste', 'stress', later(10).toISOString())
    const { sent } = await announce(db, later(20))
    insertPost(db, 'anden', 'stress', later(30).toISOString())
    queueNewArticleNotices(db, later(40))
    expect(await unsubscribe(linkIn(sent[0]!, 'afmeld'), { db })).toBe('afmeldt')
    expect(db.select().from(newsletterSubscribers).all()).toEqual([])
    expect(newsletterEmailRows(db)).toEqual([])
    insertPost(db, 'tredje', 'stress', later(50).toISOString())
    expect((await announce(db, later(60))).sent).toEqual([])
    expect(await unsubscribe(linkIn(sent[0]!, 'afmeld'), { db })).toBe('afmeldt')
    expect(await unsubscribe('ukendt', { db })).toBe('afmeldt')
  })

  it('erases the e-mails already written for the reader from the outbox folder, and only theirs', async () => {
    const { db } = temporaryDatabase()
    const folder = mkdtempSync(join(tmpdir(), 'coach-outbox-'))
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }))
    const toFolder = outboxTransport(folder)
    const sentBy = (email: string) => {
      signUpForNewsletter(formData({ email, website: '' }), { ip: '192.0.2.1', db, clock: () => start })
      return deliverNewsletterEmails({ db, transport: toFolder, clock: () => start })
    }
    await sentBy('anne@eksempel.dk')
    await sentBy('bo@eksempel.dk')
    const [anne, bo] = db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id).all()
    const filesOf = (publicId: string) => readdirSync(folder).filter((name) => name.startsWith(`nyhedsbrev-${publicId}-`))
    expect(filesOf(anne!.publicId).length).toBeGreaterThan(0)
    expect(await unsubscribe(unsubscribeToken(anne!.publicId), { db, outbox: folder })).toBe('afmeldt')
    expect(filesOf(anne!.publicId)).toEqual([])
    expect(filesOf(bo!.publicId).length).toBeGreaterThan(0)
  })

  it('does not take a confirmation token for an unsubscribe token, nor the other way round', async () => {
    const { db } = temporaryDatabase()
    const { sent } = await signUp(db, 'anne@eksempel.dk')
    const confirm = linkIn(sent[0]!, 'bekraeft')
    await unsubscribe(confirm, { db })
    expect(db.select().from(newsletterSubscribers).all()).toHaveLength(1)
  })
})

describe('retention and the coach’s tools', () => {
  it('deletes sign-ups not confirmed within 3 days, with their outbox files; confirmed ones stay', async () => {
    const { db } = temporaryDatabase()
    const outbox = mkdtempSync(join(tmpdir(), 'coach-outbox-'))
    try {
      signUpForNewsletter(formData({ email: 'glemt@eksempel.dk' }), { ip: '192.0.2.1', db, clock: () => start })
      await deliverNewsletterEmails({ db, transport: outboxTransport(outbox), clock: () => start })
      await confirmedSubscriber(db, 'anne@eksempel.dk')
      expect(readdirSync(outbox)).toHaveLength(1)
      expect(await purgeNewsletter({ db, now: later(3 * 24 * 60 - 1), outbox })).toEqual({ unconfirmed: 0, outboxFiles: 0 })
      expect(await purgeNewsletter({ db, now: later(3 * 24 * 60 + 1), outbox })).toEqual({ unconfirmed: 1, outboxFiles: 1 })
      expect(db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).all()).toEqual([{ email: 'anne@eksempel.dk' }])
      // The per-sender counts go once the limit's window has passed (the background purge's next step).
      purgeSenderAttempts(db, later(3 * 24 * 60 + 1))
      expect(db.select().from(senderAttempts).where(eq(senderAttempts.action, 'newsletter')).all()).toEqual([])
      expect(readdirSync(outbox)).toEqual([])
    } finally {
      rmSync(outbox, { recursive: true, force: true })
    }
  })

  it('exports and erases a subscriber with contact:export and contact:delete', async () => {
    const { db } = temporaryDatabase()
    const outbox = mkdtempSync(join(tmpdir(), 'coach-outbox-'))
    try {
      signUpForNewsletter(formData({ email: 'anne@eksempel.dk' }), { ip: '192.0.2.1', db, clock: () => start })
      await deliverNewsletterEmails({ db, transport: outboxTransport(outbox), clock: () => start })
      const exported = await exportPerson(' ANNE@eksempel.dk', { db, outbox })
      expect(exported.newsletter).toMatchObject([{ email: 'anne@eksempel.dk', confirmedAt: null, emails: [{ kind: 'bekraeftelse', status: 'sent' }] }])
      expect(exported.emails.map((email) => email.subject)).toEqual(['Bekræft din tilmelding til nye artikler'])
      const deleted = await deletePerson('anne@eksempel.dk', { db, outbox })
      expect(deleted.newsletter).toHaveLength(1)
      expect(db.select().from(newsletterSubscribers).all()).toEqual([])
      expect(newsletterEmailRows(db)).toEqual([])
      expect(readdirSync(outbox)).toEqual([])
    } finally {
      rmSync(outbox, { recursive: true, force: true })
    }
  })
})
