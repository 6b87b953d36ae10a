import { execFile } from 'node:child_process'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { privacy } from '#content/privacy'
import { site } from '#content/site'
import { type Db, seedIfEmpty } from '#db/connection'
import { contactMessages } from '#db/schema'
import { deletePerson, exportPerson, messageCounts, recentMessages } from '~/server/contact/contact-admin.server'
import { submitContact } from '~/server/contact/contact.server'
import { type MailTransport, outboxTransport } from '~/server/contact/mail-transport.server'
import { temporaryDatabase } from '../helpers'

const form = (email: string, message: string, firstName = 'Anne') => {
  const data = new FormData()
  for (const [key, value] of Object.entries({ firstName, lastName: 'Jensen', email, phone: '21 43 65 87', message })) data.set(key, value)
  return data
}
const mailDown: MailTransport = { name: 'nede', send: async () => Promise.reject(new Error('Mailudbyderen svarer ikke')) }
const at = (iso: string) => () => new Date(iso)

/** Anne wrote twice (her address typed in two cases), Bo once; all e-mails went to the outbox. */
async function twoPeople() {
  const { db, dir } = temporaryDatabase()
  const outbox = join(dir, 'outbox')
  const transport = outboxTransport(outbox)
  await submitContact(form('anne@eksempel.dk', 'Første besked'), { ip: '10.2.0.1', db, transport, clock: at('2025-10-01T08:00:00Z') })
  await submitContact(form('Anne@Eksempel.dk', 'Anden besked'), { ip: '10.2.0.1', db, transport, clock: at('2025-10-02T08:00:00Z') })
  await submitContact(form('bo@eksempel.dk', 'Bos besked', 'Bo'), { ip: '10.2.0.2', db, transport, clock: at('2025-10-03T08:00:00Z') })
  return { db, dir, outbox }
}
const rowOf = (db: Db, email: string) => db.select().from(contactMessages).all().find((row) => row.email === email)!
const filesOf = (publicId: string) => [`contact-${publicId}-confirmation.json`, `contact-${publicId}-notification.json`]

describe('the coach’s privacy tools', () => {
  it('lists recent messages with their delivery status, newest first, and counts what is not sent', async () => {
    const { db, dir } = temporaryDatabase()
    await submitContact(form('anne@eksempel.dk', 'Hej'), { ip: '10.2.1.1', db, transport: mailDown, clock: at('2025-10-01T10:00:00Z') })
    await submitContact(form('bo@eksempel.dk', 'Hej', 'Bo'), { ip: '10.2.1.2', db, transport: outboxTransport(join(dir, 'outbox')), clock: at('2025-10-02T10:00:00Z') })
    expect(recentMessages({ db }).map((row) => [row.email, row.status, row.lastError])).toEqual([
      ['bo@eksempel.dk', 'sent', null],
      ['anne@eksempel.dk', 'pending', 'Mailudbyderen svarer ikke'],
    ])
    expect(recentMessages({ db, limit: 1 }).map((row) => row.email)).toEqual(['bo@eksempel.dk'])
    expect(messageCounts({ db })).toEqual({ total: 2, undelivered: 1 })
  })

  it('exports everything stored about one person, whatever the case of the address, and nobody else', async () => {
    const { db, outbox } = await twoPeople()
    const data = await exportPerson(' ANNE@eksempel.dk', { db, outbox })
    expect(data.messages.map((message) => message.message)).toEqual(['Første besked', 'Anden besked'])
    expect(data.messages[0]).toMatchObject({ firstName: 'Anne', lastName: 'Jensen', phone: '21 43 65 87', status: 'sent' })
    expect(data.emails.map((email) => email.file)).toEqual(data.messages.flatMap((message) => filesOf(message.publicId)))
    expect(data.emails.filter((email) => email.to === site.email).map((email) => email.replyTo)).toEqual(['anne@eksempel.dk', 'Anne@Eksempel.dk'])
    expect(data.emails.filter((email) => email.subject === 'Tak for din besked')).toHaveLength(2)
    expect(JSON.stringify(data)).not.toMatch(/Bos besked|bo@eksempel\.dk/)
  })

  it('erases one person, outbox e-mails and half-written files included, and leaves everybody else', async () => {
    const { db, outbox } = await twoPeople()
    const anne = rowOf(db, 'anne@eksempel.dk')
    const bo = rowOf(db, 'bo@eksempel.dk')
    const boFiles = Object.fromEntries(filesOf(bo.publicId).map((name) => [name, readFileSync(join(outbox, name), 'utf8')]))
    // A write cut short by a crash leaves the e-mail under a temporary name: it is about Anne too.
    const leftover = `contact-${anne.publicId}-notification.json.4242.0b6c.tmp`
    writeFileSync(join(outbox, leftover), '{"to":')

    const deleted = await deletePerson('anne@EKSEMPEL.dk', { db, outbox })
    expect(deleted.messages.map((message) => message.message)).toEqual(['Første besked', 'Anden besked'])
    expect(deleted.outboxFiles).toHaveLength(5)
    expect(deleted.outboxFiles).toContain(leftover)

    expect(db.select().from(contactMessages).all()).toEqual([bo])
    expect(readdirSync(outbox).sort()).toEqual(Object.keys(boFiles).sort())
    for (const [name, content] of Object.entries(boFiles)) expect(readFileSync(join(outbox, name), 'utf8')).toBe(content)
    expect(await exportPerson('anne@eksempel.dk', { db, outbox })).toMatchObject({ messages: [], emails: [] })
    expect(await deletePerson('anne@eksempel.dk', { db, outbox })).toEqual({ messages: [], outboxFiles: [] })
  })

  it('works as npm scripts, in Danish, and says what is missing', async () => {
    const { db, dir, outbox } = await twoPeople()
    await submitContact(form('cy@eksempel.dk', 'Hej', 'Cy'), { ip: '10.2.0.3', db, transport: mailDown, clock: at('2025-10-04T08:00:00Z') })
    const bo = rowOf(db, 'bo@eksempel.dk')
    // As on the site, where the server seeded the blog on its first start: the scripts, run side by
    // side, find a database that is ready and only read it.
    seedIfEmpty(db)
    db.$client.close()
    const env = { ...process.env, DATABASE_URL: join(dir, 'site.db'), MAIL_OUTBOX_DIR: outbox }
    const run = async (script: string, ...args: string[]) => {
      const result = await promisify(execFile)('node_modules/.bin/tsx', [`scripts/${script}.ts`, ...args], { env, encoding: 'utf8' }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
      return { status: 'code' in result ? result.code : 0, stdout: result.stdout, stderr: result.stderr }
    }

    const [list, listOne, badLimit, exported, missing] = await Promise.all([
      run('contact-list'),
      run('contact-list', '--antal', '1'),
      run('contact-list', '--antal', 'mange'),
      run('contact-export', '--email=BO@eksempel.dk'),
      run('contact-delete'),
    ])
    expect(list.stdout).toMatch(/^\| modtaget +\| navn +\| e-mail +\| status +\| forsøg \| sidste fejl +\|$/m)
    expect(list.stdout).toMatch(/^\| 4\. oktober 2025 kl\. 10\.00 +\| Cy Jensen +\| cy@eksempel\.dk +\| venter +\| 1 +\| Mailudbyderen svarer ikke \|$/m)
    expect(list.stdout).toMatch(/^\| 3\. oktober 2025 kl\. 10\.00 +\| Bo Jensen +\| bo@eksempel\.dk +\| sendt +\| 1 +\| +\|$/m)
    expect(list.stdout).toContain('E-mailene om 1 besked er ikke sendt endnu (status »venter«, »sendes« eller »opgivet«). Kør npm run mail:retry -- --alle for at sende dem nu.')
    expect(listOne.stdout).toContain('Viser de 1 nyeste af 4 beskeder; alle: npm run contact:list -- --alle')
    expect(listOne.stdout).not.toContain('Bo Jensen')
    expect(badLimit).toMatchObject({ status: 2, stdout: '' })
    expect(badLimit.stderr).toContain('Angiv antallet af beskeder som et helt tal')

    expect(JSON.parse(exported.stdout).messages).toEqual([bo])
    expect(exported.stderr).toContain('1 besked og 2 e-mails i udbakken om BO@eksempel.dk.')
    expect(missing).toMatchObject({ status: 2, stdout: '' })
    expect(missing.stderr).toContain('Angiv personens e-mailadresse, fx: npm run contact:delete -- --email navn@eksempel.dk')

    const deleted = await run('contact-delete', '--email', 'bo@eksempel.dk')
    expect(deleted.stdout.split('\n')).toEqual([
      'Slettet om bo@eksempel.dk: 1 besked og 2 e-mails i udbakken.',
      '- besked fra Bo Jensen, modtaget 3. oktober 2025 kl. 10.00',
      ...filesOf(bo.publicId).map((name) => `- udbakken: ${name}`),
      `Slet også e-mails fra og om bo@eksempel.dk i din indbakke (${privacy.mailbox.name}). Resends log og sikkerhedskopierne sletter dem af sig selv inden for ${privacy.mailProvider.logDays} og ${privacy.backupRetentionDays} dage.`,
      '',
    ])
    expect(readdirSync(outbox).some((name) => name.includes(bo.publicId))).toBe(false)
    expect((await run('contact-delete', '--email', 'bo@eksempel.dk')).stdout).toMatch(/^Der er intet gemt om bo@eksempel\.dk; intet er slettet\.\nSlet også e-mails fra og om bo@eksempel\.dk i din indbakke/)
  }, 60_000)
})
