import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contactMessages } from '#db/schema'
import { deletePerson, exportPerson, recentMessages } from '~/server/contact-admin.server'
import { submitContact } from '~/server/contact.server'
import { type MailTransport, outboxTransport } from '~/server/mail-transport.server'
import { temporaryDatabase } from '../helpers'

const form = (email: string, message = 'Hej, kan vi tale sammen i næste uge?') => {
  const data = new FormData()
  for (const [key, value] of Object.entries({ firstName: 'Anne', lastName: 'Jensen', email, phone: '21 43 65 87', message })) data.set(key, value)
  return data
}

async function twoPeople() {
  const { db, dir } = temporaryDatabase()
  const outbox = join(dir, 'outbox')
  const transport = outboxTransport(outbox)
  await submitContact(form('anne@eksempel.dk', 'Første besked'), { ip: '10.2.0.1', db, transport })
  await submitContact(form('Anne@Eksempel.dk', 'Anden besked'), { ip: '10.2.0.1', db, transport })
  await submitContact(form('bo@eksempel.dk', 'Bos besked'), { ip: '10.2.0.2', db, transport })
  return { db, dir, outbox }
}

describe('the coach’s privacy tools', () => {
  it('lists recent messages with their delivery status, newest first', async () => {
    const { db } = temporaryDatabase()
    const down: MailTransport = { name: 'nede', send: async () => Promise.reject(new Error('Mailudbyderen svarer ikke')) }
    await submitContact(form('anne@eksempel.dk'), { ip: '10.2.1.1', db, transport: down, clock: () => new Date('2025-10-01T10:00:00Z') })
    await submitContact(form('bo@eksempel.dk'), { ip: '10.2.1.2', db, transport: outboxTransport(join(db.$client.name, '..', 'outbox')), clock: () => new Date('2025-10-02T10:00:00Z') })
    expect(recentMessages({ db }).map((row) => [row.email, row.status, row.lastError])).toEqual([
      ['bo@eksempel.dk', 'sent', null],
      ['anne@eksempel.dk', 'pending', 'Mailudbyderen svarer ikke'],
    ])
  })

  it('exports everything stored about one person, whatever the case of the address, and nobody else', async () => {
    const { db, outbox } = await twoPeople()
    const data = await exportPerson('ANNE@eksempel.dk', { db, outbox })
    expect(data.messages.map((message) => message.message)).toEqual(['Første besked', 'Anden besked'])
    expect(data.emails).toHaveLength(4)
    expect(JSON.stringify(data)).not.toContain('Bos besked')
    expect(data.emails.every((email) => email.to === 'kontakt@holmcoaching.dk' || String(email.to).toLowerCase() === 'anne@eksempel.dk')).toBe(true)
  })

  it('erases one person, outbox e-mails included, and leaves everybody else', async () => {
    const { db, outbox } = await twoPeople()
    expect(await deletePerson('anne@eksempel.dk', { db, outbox })).toEqual({ messages: 2, outboxFiles: 4 })
    expect(db.select().from(contactMessages).all().map((row) => row.email)).toEqual(['bo@eksempel.dk'])
    const bo = db.select().from(contactMessages).all()[0]!
    expect(readdirSync(outbox).sort()).toEqual([`contact-${bo.publicId}-confirmation.json`, `contact-${bo.publicId}-notification.json`])
    expect(await exportPerson('anne@eksempel.dk', { db, outbox })).toMatchObject({ messages: [], emails: [] })
  })

  it('works as npm scripts, and says in Danish what is missing', async () => {
    const { db, dir, outbox } = await twoPeople()
    db.$client.close()
    const env = { ...process.env, DATABASE_URL: join(dir, 'site.db'), MAIL_OUTBOX_DIR: outbox }
    const run = (script: string, ...args: string[]) => execFileSync('node_modules/.bin/tsx', [`scripts/${script}.ts`, ...args], { env, encoding: 'utf8' })

    expect(run('contact-list')).toMatch(/\| modtaget +\| navn +\| e-mail +\| status +\|/)
    expect(JSON.parse(run('contact-export', '--email', 'bo@eksempel.dk')).messages).toHaveLength(1)
    expect(run('contact-delete', '--email', 'bo@eksempel.dk')).toContain('Slettet 1 besked(er) og 2 e-mail(s) i udbakken om bo@eksempel.dk.')
    const missing = spawnSync('node_modules/.bin/tsx', ['scripts/contact-delete.ts'], { env, encoding: 'utf8' })
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('Angiv personens e-mailadresse, fx: npm run contact:delete -- --email navn@eksempel.dk')
  }, 60_000)
})
