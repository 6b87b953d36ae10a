import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { closeDb } from '#db/connection'
import { contactMessages } from '#db/schema'
import { type ContactDraft, type ContactResult, isReceived } from '~/lib/contact'
import { sendContactMessage } from '~/lib/contact-action'
import { refusedPostStatus } from '~/lib/contact-post'
import { contactStatuses } from '~/lib/contact-status'
import { handleContactPost } from '~/server/contact/contact-endpoint.server'
import { answerPlainContactPost } from '~/server/contact/contact-page.server'
import { recentMessages } from '~/server/contact/contact-admin.server'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'
import { insertPost, temporaryDatabase } from '../helpers'
import { inStartRequest } from '../start-request'

// The two ways a visitor's form reaches the server: the JavaScript form's server function and the
// plain form post to /kontakt, each inside a Start request scope with the visitor's address.

const fields = { firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', serviceType: 'parcoaching', address: '', message: 'Må jeg ringe i morgen?', website: '' }
const formOf = (changes: Record<string, string> = {}) => {
  const form = new FormData()
  for (const [key, value] of Object.entries({ ...fields, ...changes })) form.set(key, value)
  return form
}
const recording = () => {
  const sent: Email[] = []
  const transport: MailTransport = { name: 'test', send: async (email) => void sent.push(email) }
  return { sent, transport }
}
const mailDown: MailTransport = { name: 'nede', send: () => Promise.reject(new Error('Mailudbyderen svarer ikke')) }

/** `null`: no x-tsr-serverfn header, as a plain HTML form posting to the function's URL sends. */
const serverFnRequest = (header: string | null = 'true') =>
  new Request('http://localhost/_serverFn/kontakt', { method: 'POST', headers: header === null ? {} : { 'x-tsr-serverfn': header } })
const plainPost = (form: FormData) => new Request('http://localhost/kontakt', { method: 'POST', body: form })

beforeEach(() => {
  vi.stubEnv('CONTACT_RATE_LIMIT', undefined)
})
afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the JavaScript form’s endpoint', () => {
  it('answers a stored and sent message with its result, counting the visitor by the request’s address', async () => {
    const { db } = temporaryDatabase()
    const { sent, transport } = recording()
    vi.stubEnv('CONTACT_RATE_LIMIT', '1')
    const post = (address: string) => inStartRequest(serverFnRequest(), address, () => handleContactPost(formOf(), { db, transport })).then(({ result, status }) => ({ result, status }))

    expect(await post('192.0.2.10')).toEqual({ result: { status: 'sendt' }, status: 200 })
    expect(sent.map((email) => email.to)).toEqual(['kontakt@holmcoaching.dk', 'anne@eksempel.dk'])
    // The limit of one counts this address only: a second post from it is refused, another address is not.
    expect(await post('192.0.2.10')).toEqual({ result: { status: 'for-mange' }, status: 200 })
    expect(await post('192.0.2.11')).toEqual({ result: { status: 'sendt' }, status: 200 })
    expect(db.select().from(contactMessages).all()).toHaveLength(2)
  })

  it('stores and writes to an address at a domain with æ, ø or å in its ASCII form', async () => {
    const { db } = temporaryDatabase()
    const { sent, transport } = recording()
    const { result } = await inStartRequest(serverFnRequest(), '192.0.2.14', () => handleContactPost(formOf({ email: 'anne@blåbær.dk' }), { db, transport }))
    expect(result).toEqual({ status: 'sendt' })
    expect(db.select().from(contactMessages).all().map((row) => row.email)).toEqual(['anne@xn--blbr-roah.dk'])
    expect(sent.map((email) => [email.to, email.replyTo])).toEqual([
      ['kontakt@holmcoaching.dk', 'anne@xn--blbr-roah.dk'],
      ['anne@xn--blbr-roah.dk', undefined],
    ])
  })

  it('answers bad input with the field errors, and a lost database with 503 and no receipt', async () => {
    const { db, dir } = temporaryDatabase()
    const { sent, transport } = recording()
    const invalid = await inStartRequest(serverFnRequest(), '192.0.2.12', () => handleContactPost(formOf({ email: 'ikke-en-mail' }), { db, transport }))
    expect(invalid.status).toBe(200)
    expect(invalid.result).toEqual({ status: 'ugyldig', fieldErrors: { email: expect.stringContaining('gyldig e-mailadresse') } })

    rmSync(join(dir, 'site.db'))
    expect(await inStartRequest(serverFnRequest(), '192.0.2.12', () => handleContactPost(formOf(), { db, transport })).then(({ result, status }) => ({ result, status }))).toEqual({ result: { status: 'fejl' }, status: 503 })
    expect(sent).toEqual([])
  })

  it('answers a plain post to the endpoint with a 303 carrying only the outcome and the wrong fields’ names', async () => {
    const { db } = temporaryDatabase()
    const { transport } = recording()
    for (const header of [null, 'false']) {
      const { result, status } = await inStartRequest(serverFnRequest(header), '192.0.2.13', () => handleContactPost(formOf({ email: 'x', message: '' }), { db, transport }))
      expect(status).toBe(200)
      const response = result as Response
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/kontakt?status=ugyldig&felter=email%2Cmessage#kontaktformular')
    }
    const { result } = await inStartRequest(serverFnRequest(null), '192.0.2.13', () => handleContactPost(formOf(), { db, transport: mailDown }))
    expect((result as Response).headers.get('location')).toBe('/kontakt?status=modtaget#kontaktformular')

    const gone = temporaryDatabase()
    rmSync(join(gone.dir, 'site.db'))
    const lost = await inStartRequest(serverFnRequest(null), '192.0.2.13', () => handleContactPost(formOf(), { db: gone.db, transport }))
    expect(lost.status).toBe(200)
    expect((lost.result as Response).headers.get('location')).toBe('/kontakt?status=fejl#kontaktformular')
  })
})

describe('the form’s server function', () => {
  it('stores the message in the site’s database and writes both e-mails to its outbox', async () => {
    const { db, dir } = temporaryDatabase()
    // The site's database, with its blog already there (nothing to seed).
    insertPost(db, 'en-artikel', 'stress', '2025-01-01')
    const outbox = join(dir, 'outbox')
    vi.stubEnv('DATABASE_URL', join(dir, 'site.db'))
    vi.stubEnv('MAIL_OUTBOX_DIR', outbox)
    vi.stubEnv('RESEND_API_KEY', undefined)
    onTestFinished(() => closeDb())
    // Called here, the function runs its handler itself (in the browser it would post to the server).
    await inStartRequest(serverFnRequest(), '192.0.2.30', () => sendContactMessage({ data: formOf() }))
    const [row] = recentMessages({ db })
    expect(row).toMatchObject({ firstName: 'Anne', email: 'anne@eksempel.dk', status: 'sent' })
    expect(readdirSync(outbox).sort()).toEqual([`contact-${row!.publicId}-confirmation.json`, `contact-${row!.publicId}-notification.json`])
  })
})

describe('the plain form post to /kontakt', () => {
  const answer = (request: Request, address: string, deps: Parameters<typeof answerPlainContactPost>[1]) =>
    inStartRequest(request, address, () => answerPlainContactPost(request, deps)).then(({ result }) => result)

  it('redirects a received message with only its outcome', async () => {
    const { db } = temporaryDatabase()
    expect(await answer(plainPost(formOf()), '192.0.2.20', { db, transport: recording().transport })).toEqual({ redirect: '/kontakt?status=sendt#kontaktformular' })
    expect(await answer(plainPost(formOf()), '192.0.2.20', { db, transport: mailDown })).toEqual({ redirect: '/kontakt?status=modtaget#kontaktformular' })
    expect(db.select().from(contactMessages).all()).toHaveLength(2)
  })

  it('renders a refused post again with everything typed, also beyond a field’s bound, and never the empty fields', async () => {
    const { db } = temporaryDatabase()
    const long = 'å'.repeat(5001)
    const draft = (await answer(plainPost(formOf({ email: 'anne@', message: long })), '192.0.2.21', { db, transport: recording().transport })) as { draft: ContactDraft }
    expect(draft.draft.result.status).toBe('ugyldig')
    expect(Object.keys(draft.draft.result.fieldErrors ?? {})).toEqual(['email', 'message'])
    expect(draft.draft.values).toEqual({ firstName: 'Anne', lastName: 'Jensen', email: 'anne@', phone: '20 30 40 50', serviceType: 'parcoaching', message: long })
    expect(db.select().from(contactMessages).all()).toEqual([])
  })

  it('writes no file back into a field: a file posted as the message is refused, and only the text fields come back', async () => {
    const { db } = temporaryDatabase()
    const form = formOf()
    form.set('message', new File(['Må jeg ringe i morgen?'], 'besked.txt', { type: 'text/plain' }))
    const answered = (await answer(plainPost(form), '192.0.2.25', { db, transport: recording().transport })) as { draft: ContactDraft }
    expect(answered.draft.result).toEqual({ status: 'ugyldig', fieldErrors: { message: 'Beskeden skal være tekst.' } })
    expect(answered.draft.values).toEqual({ firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', serviceType: 'parcoaching' })
    expect(db.select().from(contactMessages).all()).toEqual([])
  })

  it('renders the page again when the sender is over the limit, counted by the request’s address', async () => {
    const { db } = temporaryDatabase()
    vi.stubEnv('CONTACT_RATE_LIMIT', '1')
    const { transport } = recording()
    expect(await answer(plainPost(formOf()), '192.0.2.22', { db, transport })).toEqual({ redirect: '/kontakt?status=sendt#kontaktformular' })
    expect(await answer(plainPost(formOf()), '192.0.2.22', { db, transport })).toEqual({
      draft: { result: { status: 'for-mange' }, values: { firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', serviceType: 'parcoaching', message: 'Må jeg ringe i morgen?' } },
    })
    expect(await answer(plainPost(formOf()), '192.0.2.23', { db, transport })).toEqual({ redirect: '/kontakt?status=sendt#kontaktformular' })
  })

  it('keeps what was typed when the database is lost, and answers an unreadable body with the error', async () => {
    const { db, dir } = temporaryDatabase()
    rmSync(join(dir, 'site.db'))
    expect(await answer(plainPost(formOf({ address: 'Vestre Ringvej 1' })), '192.0.2.24', { db, transport: recording().transport })).toEqual({
      draft: {
        result: { status: 'fejl' },
        values: { firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', serviceType: 'parcoaching', address: 'Vestre Ringvej 1', message: 'Må jeg ringe i morgen?' },
      },
    })
    const garbled = new Request('http://localhost/kontakt', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'ikke en formular' })
    expect(await answer(garbled, '192.0.2.24', {})).toEqual({ draft: { result: { status: 'fejl' }, values: {} } })
  })
})

describe('the status of the page that answers a refused post', () => {
  const server = (refusedPostStatus as unknown as { options: { server: (options: { next: () => Promise<unknown> }) => Promise<{ response: Response; context?: unknown }> } }).options.server
  const page = () => new Response('<html>siden</html>', { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=60' } })
  const draftOf = (result: ContactResult): ContactDraft => ({ result, values: { firstName: 'Anne' } })

  it.each([
    ['ugyldig', 422],
    ['for-mange', 429],
    ['fejl', 503],
    ['sendt', 422],
  ] as const)('answers a draft with status %s as %i, kept out of every cache, with the page itself', async (status, code) => {
    const answered = await server({ next: async () => ({ response: page(), context: { contactDraft: draftOf({ status }) } }) })
    expect(answered.response.status).toBe(code)
    expect(answered.response.headers.get('cache-control')).toBe('no-store')
    expect(answered.response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await answered.response.text()).toBe('<html>siden</html>')
    expect(answered.context).toEqual({ contactDraft: draftOf({ status }) })
  })

  it('leaves every other answer as it was', async () => {
    for (const context of [undefined, {}]) {
      const result = { response: page(), context }
      expect(await server({ next: async () => result })).toBe(result)
    }
  })
})

describe('the outcome shown after a plain post', () => {
  it('counts a message as received when it was sent or stored, and nothing else', () => {
    expect(contactStatuses.filter((status) => isReceived(status))).toEqual(['sendt', 'modtaget'])
    expect(isReceived(undefined)).toBe(false)
  })
})
