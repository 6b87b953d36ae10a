import { execFile } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getPrivacy } from '~/server/content/content.server'
import { site } from '~/server/content/content.server'
import { type Db, openDatabase } from '#db/database'
import { seedIfEmpty } from '#db/connection'
import { bookings, contactMessages, outbox as outboxTable } from '#db/schema'
import { formatPeriod } from '~/lib/booking/time'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { createBooking } from '~/server/booking/bookings.server'
import { beat } from '~/server/app-state.server'
import { deletePerson, exportPerson, messageById, messageCounts, recentMessages, storedAbout } from '~/server/contact/contact-admin.server'
import { submitContact } from '~/server/contact/contact.server'
import { type MailTransport, outboxTransport } from '~/server/mail/mail-transport.server'
import { deliveredText } from '../../scripts/lib/contact-database.ts'
import { bookingEmailRows, calendarWriteRows, setEffects } from '../outbox-rows'
import { temporaryDatabase } from '../helpers'
import { details, testAvailability } from './booking-helpers'
import { runCommand } from '../run-command'

// The shipped facts as the fixture copy has them (CONTENT_DIR), which the scripts read too.
const privacy = getPrivacy()

// The background purge runs in each server worker: it may remove an outbox file right after the
// erasure listed the outbox. `afterListing` stands in for it; node:fs/promises is real otherwise.
const purge = vi.hoisted(() => ({ afterListing: undefined as (() => void) | undefined }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    readdir: async (...args: Parameters<typeof actual.readdir>) => {
      const names = await actual.readdir(...args)
      purge.afterListing?.()
      return names
    },
  }
})
afterEach(() => {
  purge.afterListing = undefined
})

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
/** A command as `npm run` starts it: its own tsx process, with the test's environment and these settings. */
async function spawnCommand(script: string, args: string[], env: Record<string, string>) {
  const result = await promisify(execFile)('node_modules/.bin/tsx', [`scripts/${script}.ts`, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' }).catch(
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  return { status: 'code' in result ? result.code : 0, stdout: result.stdout, stderr: result.stderr }
}

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

  it('says »i udbakken« for e-mails written to the local outbox, and »sendt« only when the provider took them', async () => {
    const { db, dir } = temporaryDatabase()
    const provider: MailTransport = { name: 'resend', send: async () => {} }
    await submitContact(form('anne@eksempel.dk', 'Hej'), { ip: '10.2.1.1', db, transport: provider, clock: at('2025-10-01T10:00:00Z') })
    await submitContact(form('bo@eksempel.dk', 'Hej', 'Bo'), { ip: '10.2.1.2', db, transport: outboxTransport(join(dir, 'outbox')), clock: at('2025-10-02T10:00:00Z') })
    expect(recentMessages({ db }).map((row) => [row.email, row.deliveredBy, deliveredText(row)])).toEqual([
      ['bo@eksempel.dk', 'outbox', 'i udbakken'],
      ['anne@eksempel.dk', 'resend', 'sendt'],
    ])
  })

  it('counts every message whose e-mails have not gone out, lists newest first (ties by number) and finds one by its number', async () => {
    const { db } = temporaryDatabase()
    expect(messageCounts({ db })).toEqual({ total: 0, undelivered: 0 })
    for (const [index, email] of ['a@eksempel.dk', 'b@eksempel.dk', 'c@eksempel.dk', 'd@eksempel.dk'].entries()) {
      await submitContact(form(email, 'Hej'), { ip: `10.2.2.${index}`, db, transport: mailDown, clock: at('2025-10-01T10:00:00Z') })
    }
    const [a, b, c] = recentMessages({ db }).reverse()
    setEffects(db, 'contact-email', { status: 'sending' }, eq(outboxTable.contactMessageId, a!.id))
    setEffects(db, 'contact-email', { status: 'failed' }, eq(outboxTable.contactMessageId, b!.id))
    setEffects(db, 'contact-email', { status: 'sent' }, eq(outboxTable.contactMessageId, c!.id))
    expect(messageCounts({ db })).toEqual({ total: 4, undelivered: 3 })
    // All four came at the same moment: the latest number first.
    expect(recentMessages({ db }).map((row) => row.email)).toEqual(['d@eksempel.dk', 'c@eksempel.dk', 'b@eksempel.dk', 'a@eksempel.dk'])
    expect(recentMessages({ db, limit: 2 }).map((row) => row.email)).toEqual(['d@eksempel.dk', 'c@eksempel.dk'])
    expect(messageById(b!.id, { db })).toMatchObject({ email: 'b@eksempel.dk', status: 'failed' })
    expect(messageById(999, { db })).toBeUndefined()
  })

  it('shows what erasure would take before anything is deleted, and leaves it all there', async () => {
    const { db, outbox } = await twoPeople()
    const anne = rowOf(db, 'anne@eksempel.dk')
    const before = readdirSync(outbox).sort()
    const about = await storedAbout(' Anne@Eksempel.DK ', { db, outbox })
    expect(about.messages.map((message) => message.message)).toEqual(['Første besked', 'Anden besked'])
    expect(about.outboxFiles).toEqual(about.messages.flatMap((message) => filesOf(message.publicId)))
    expect(about.outboxFiles).toContain(`contact-${anne.publicId}-notification.json`)
    expect(readdirSync(outbox).sort()).toEqual(before)
    expect(db.select().from(contactMessages).all()).toHaveLength(3)
    expect(await storedAbout('ingen@eksempel.dk', { db, outbox })).toEqual({ messages: [], newsletter: [], outboxFiles: [] })
    expect(await storedAbout('anne@eksempel.dk', { db, outbox: join(outbox, 'findes-ikke') })).toMatchObject({ outboxFiles: [] })
  })

  it('takes no outbox file of a message without a public id (written before ids existed)', async () => {
    const { db, outbox } = await twoPeople()
    const bo = rowOf(db, 'bo@eksempel.dk')
    db.update(contactMessages).set({ publicId: '' }).where(eq(contactMessages.id, bo.id)).run()
    // Every file name starts "contact-": an empty id must not match them all.
    expect((await storedAbout('bo@eksempel.dk', { db, outbox })).outboxFiles).toEqual([])
    expect((await exportPerson('bo@eksempel.dk', { db, outbox })).emails).toEqual([])
  })

  it('exports everything stored about one person, whatever the case of the address, and nobody else', async () => {
    const { db, outbox } = await twoPeople()
    // A write cut short leaves half an e-mail under a temporary name: not part of the export.
    writeFileSync(join(outbox, `contact-${rowOf(db, 'anne@eksempel.dk').publicId}-notification.json.4242.0b6c.tmp`), '{"to":')
    const data = await exportPerson(' ANNE@eksempel.dk', { db, outbox })
    expect(data.email).toBe(' ANNE@eksempel.dk')
    expect(Date.parse(data.exportedAt)).not.toBeNaN()
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
    expect(await deletePerson('anne@eksempel.dk', { db, outbox })).toEqual({ messages: [], newsletter: [], outboxFiles: [] })
  })

  it('erases one person although the background purge removed one of their outbox files after the listing', async () => {
    const { db, outbox } = await twoPeople()
    const anne = rowOf(db, 'anne@eksempel.dk')
    const bo = rowOf(db, 'bo@eksempel.dk')
    purge.afterListing = () => rmSync(join(outbox, `contact-${anne.publicId}-confirmation.json`))

    await deletePerson('anne@eksempel.dk', { db, outbox })
    expect(db.select().from(contactMessages).all()).toEqual([bo])
    expect(readdirSync(outbox).sort()).toEqual(filesOf(bo.publicId))
  })

  it('works as npm scripts, in Danish, and says what is missing', async () => {
    const { db, dir, outbox } = await twoPeople()
    await submitContact(form('cy@eksempel.dk', 'Hej Birgitte\n\nKan vi tale sammen?\nGerne i næste uge.', 'Cy'), { ip: '10.2.0.3', db, transport: mailDown, clock: at('2025-10-04T08:00:00Z') })
    const bo = rowOf(db, 'bo@eksempel.dk')
    const cy = rowOf(db, 'cy@eksempel.dk')
    // As on the site, where the server seeded the blog on its first start: the scripts, run side by
    // side, find a database that is ready and only read it.
    seedIfEmpty(db)
    // As stored, less the salted IP hash: an export hands on nothing that traces a sender (withoutSecrets).
    const { ipHash: _ipHash, ...boAsStored } = messageById(bo.id, { db })!
    db.$client.close()
    const database = join(dir, 'site.db')
    const env = { DATABASE_URL: database, MAIL_OUTBOX_DIR: outbox }
    const run = (script: string, ...args: string[]) => runCommand(script, args, env)

    // One run of each command as its own process proves the wiring (tsx, the exit status); the
    // others run in this process.
    const [list, exported, notThere] = await Promise.all([
      spawnCommand('contact-list', [], env),
      spawnCommand('contact-export', ['--email=BO@eksempel.dk'], env),
      spawnCommand('contact-show', ['99'], env),
    ])
    const listOne = await run('contact-list', '--antal', '1')
    const badLimit = await run('contact-list', '--antal', 'mange')
    const missing = await run('contact-delete')
    const shown = await run('contact-show', String(cy.id))
    expect(list.stdout.split('\n')[0]).toBe(`Database: ${database}`)
    expect(list.stdout).toMatch(/^\| nr \| modtaget +\| navn +\| e-mail +\| telefon +\| status +\| besked +\|$/m)
    expect(list.stdout).toMatch(
      new RegExp(`^\\| ${cy.id} +\\| 4\\. oktober 2025 kl\\. 10\\.00 +\\| Cy Jensen +\\| cy@eksempel\\.dk +\\| 21 43 65 87 \\| venter \\(1 forsøg: Mailudbyderen svarer ikke\\) \\| Hej Birgitte Kan vi tale sammen\\? Gerne i næste ug… \\|$`, 'm'),
    )
    expect(list.stdout).toMatch(new RegExp(`^\\| ${bo.id} +\\| 3\\. oktober 2025 kl\\. 10\\.00 +\\| Bo Jensen +\\| bo@eksempel\\.dk +\\| 21 43 65 87 \\| i udbakken +\\| Bos besked +\\|$`, 'm'))
    expect(list.stdout).toContain('Hele beskeden: npm run contact:show -- <nr>')
    expect(list.stdout).toContain('E-mailene om 1 besked er ikke sendt endnu (status »venter«, »sendes« eller »opgivet«). Tryk »Prøv igen nu« på skrivebordet, eller kør npm run mail:retry -- --alle, så prøver siden igen med det samme.')
    expect(listOne.stdout).toContain('Viser de 1 nyeste af 4 beskeder; alle: npm run contact:list -- --alle')
    expect(listOne.stdout).not.toContain('Bo Jensen')
    expect(badLimit).toMatchObject({ status: 2, stdout: '' })
    expect(badLimit.stderr).toContain('Angiv antallet af beskeder som et helt tal')

    expect(shown.stdout).toBe(
      [
        `Besked nr. ${cy.id}, modtaget 4. oktober 2025 kl. 10.00`,
        '',
        'Fra:         Cy Jensen',
        'E-mail:      cy@eksempel.dk',
        'Telefon:     21 43 65 87',
        'Type ydelse: Ikke angivet',
        'Adresse:     Ikke angivet',
        'E-mails:     venter (1 forsøg, sidste fejl: Mailudbyderen svarer ikke) – siden prøver igen af sig selv; »Prøv igen nu« på skrivebordet gør det med det samme',
        '',
        'Hej Birgitte',
        '',
        'Kan vi tale sammen?',
        'Gerne i næste uge.',
        '',
        `Database: ${database}`,
        '',
      ].join('\n'),
    )
    expect(notThere).toMatchObject({ status: 1, stdout: '' })
    expect(notThere.stderr).toContain(`Der er ingen besked nr. 99 i databasen ${database}.`)

    expect(JSON.parse(exported.stdout).messages).toEqual([boAsStored])
    expect(exported.stderr).toContain('1 besked og 2 e-mails i udbakken om BO@eksempel.dk.')
    expect(missing).toMatchObject({ status: 2, stdout: '' })
    expect(missing.stderr).toContain('Angiv personens e-mailadresse, fx: npm run contact:delete -- --email navn@eksempel.dk')

    // Run from a script (no terminal to ask in) and without --ja: it lists, refuses and keeps everything.
    const unconfirmed = await run('contact-delete', '--email', 'bo@eksempel.dk')
    expect(unconfirmed.status).toBe(2)
    expect(unconfirmed.stdout.split('\n')).toEqual([
      `Database: ${database}`,
      'Om bo@eksempel.dk er der gemt 1 besked og 2 e-mails i udbakken:',
      `- besked nr. ${bo.id} fra Bo Jensen, modtaget 3. oktober 2025 kl. 10.00: »Bos besked«`,
      ...filesOf(bo.publicId).map((name) => `- udbakken: ${name}`),
      '',
    ])
    expect(unconfirmed.stderr).toContain('Intet er slettet: sletning skal bekræftes, og her kan der ikke spørges. Er du sikker, så tilføj --ja: npm run contact:delete -- --email bo@eksempel.dk --ja')
    expect(readdirSync(outbox).filter((name) => name.includes(bo.publicId))).toHaveLength(2)

    const deleted = await run('contact-delete', '--email', 'bo@eksempel.dk', '--ja')
    expect(deleted.status).toBe(0)
    expect(deleted.stdout.split('\n').slice(-3)).toEqual([
      'Slettet om bo@eksempel.dk: 1 besked og 2 e-mails i udbakken.',
      `Slet også e-mails fra og om bo@eksempel.dk i din indbakke (${privacy.mailbox.name}). Resends log sletter dem af sig selv inden for ${privacy.mailProvider.logDays} dage, sikkerhedskopierne inden for ${privacy.backupRetentionDays} dage.`,
      '',
    ])
    expect(readdirSync(outbox).some((name) => name.includes(bo.publicId))).toBe(false)
    expect((await run('contact-delete', '--email', 'bo@eksempel.dk')).stdout).toBe(`Der er intet gemt om bo@eksempel.dk i databasen ${database}; intet er slettet.\n`)
  }, 180_000)

  it('asks at a terminal before deleting, and deletes only on ja', { timeout: 90_000 }, async () => {
    const { db, dir, outbox } = await twoPeople()
    const bo = rowOf(db, 'bo@eksempel.dk')
    seedIfEmpty(db)
    db.$client.close()
    // `script` gives the command a terminal of its own; the answer is typed once the question shows.
    const typed = (answer: string) =>
      new Promise<string>((resolve) => {
        const child = execFile(
          'script',
          ['-qec', 'node_modules/.bin/tsx scripts/contact-delete.ts --email bo@eksempel.dk', '/dev/null'],
          { env: { ...process.env, DATABASE_URL: join(dir, 'site.db'), MAIL_OUTBOX_DIR: outbox }, encoding: 'utf8' },
          (_error, stdout) => resolve(stdout),
        )
        child.stdout?.on('data', (chunk: string) => {
          if (chunk.includes('Skriv ja')) child.stdin?.end(`${answer}\n`)
        })
      })
    const bosFiles = () => readdirSync(outbox).filter((name) => name.includes(bo.publicId))

    const declined = await typed('nej')
    expect(declined).toContain(`- besked nr. ${bo.id} fra Bo Jensen`)
    expect(declined).toContain('Slet det hele for altid? Skriv ja og tryk Enter:')
    expect(declined).toContain('Intet er slettet.')
    expect(bosFiles()).toHaveLength(2)

    const accepted = await typed('ja')
    expect(accepted).toContain('Slettet om bo@eksempel.dk: 1 besked og 2 e-mails i udbakken.')
    expect(bosFiles()).toEqual([])
    expect(readdirSync(outbox)).toHaveLength(4)
  })

  it('booking:cancel asks first, cancels only in the database, and leaves the sending to the running site; contact:delete cancels before it deletes', { timeout: 180_000 }, async () => {
    const { db, dir } = temporaryDatabase()
    const outbox = join(dir, 'outbox')
    // The scripts read the real clock: two bookings on the first Monday at least a week from now.
    const monday = new Date(Date.now() + 7 * 86_400_000)
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7))
    const date = monday.toISOString().slice(0, 10)
    const bookedAt = new Date(monday.getTime() - 3 * 86_400_000)
    const book = (time: string, email: string) => {
      const outcome = createBooking(db, { availability: testAvailability(), date, time, details: details(email), ipHash: `ip-${email}`, now: bookedAt })
      if (outcome.status !== 'booket') throw new Error(outcome.status)
      return outcome.booking
    }
    const bo = book('09:00', 'bo@eksempel.dk')
    const anne = book('11:00', 'anne@eksempel.dk')
    await deliverBookingEmails({ db, transport: outboxTransport(outbox), clock: () => bookedAt })
    const outboxBefore = readdirSync(outbox).sort()
    const when = (booking: typeof bo) => formatPeriod(new Date(booking.startsAt), new Date(booking.endsAt))
    const env = { DATABASE_URL: join(dir, 'site.db'), MAIL_OUTBOX_DIR: outbox }
    const run = (script: string, ...args: string[]) => runCommand(script, args, env)
    const rowOfBooking = (id: number) => db.select().from(bookings).where(eq(bookings.id, id)).get()
    const emailRows = (id: number) => bookingEmailRows(db, eq(outboxTable.bookingId, id)).map(({ kind, role, status }) => ({ kind, role, status }))

    // Run from a script (no terminal to ask in) and without --ja: it shows the booking and changes nothing.
    const unconfirmed = await spawnCommand('booking-cancel', [bo.publicId], env)
    expect(unconfirmed.status).toBe(2)
    expect(unconfirmed.stdout).toBe(`Booking ${bo.publicId}: Mette Sørensen (bo@eksempel.dk, 20 30 40 50), ${when(bo)}.\n`)
    expect(unconfirmed.stderr).toContain(`Intet er aflyst: aflysningen skal bekræftes, og her kan der ikke spørges. Er du sikker, så tilføj --ja: npm run booking:cancel -- ${bo.publicId} --ja`)
    expect(rowOfBooking(bo.id)).toMatchObject({ status: 'bekraeftet', sequence: 0 })

    // With --ja it cancels in the database; the e-mails wait for the site, which has not reported in.
    const cancelled = await run('booking-cancel', bo.publicId, '--ja')
    expect(cancelled).toMatchObject({ status: 0, stderr: '' })
    expect(cancelled.stdout.split('\n').slice(-2)).toEqual([
      `Aflyst: Mette Sørensen, ${when(bo)}. Hjemmesiden kører ikke lige nu (den har ikke meldt sig de sidste minutter): aflysningen til bo@eksempel.dk ligger klar og sendes, så snart den kører igen.`,
      '',
    ])
    expect(rowOfBooking(bo.id)).toMatchObject({ status: 'aflyst', cancelledBy: 'coach', sequence: 1 })
    expect(emailRows(bo.id).filter((email) => email.kind === 'aflyst')).toEqual([
      { kind: 'aflyst', role: 'gaest', status: 'pending' },
      { kind: 'aflyst', role: 'coach', status: 'pending' },
    ])
    // Nothing was sent by the command itself.
    expect(readdirSync(outbox).sort()).toEqual(outboxBefore)
    const twice = await run('booking-cancel', bo.publicId, '--ja')
    expect(twice).toMatchObject({ status: 0, stdout: `Bookingen ${bo.publicId} (${when(bo)}) var allerede aflyst.\n` })

    // Erasing Anne, while the site runs: her upcoming booking is cancelled first and kept until the cancellation is out.
    beat(db)
    const erased = await run('contact-delete', '--email', 'anne@eksempel.dk', '--ja')
    expect(erased.status).toBe(0)
    expect(erased.stdout).toContain('1 kommende samtale aflyses først: anne@eksempel.dk får en aflysning, og tiden fjernes fra din kalender.')
    expect(erased.stdout).toContain(
      `Aflyst først: booking ${anne.publicId}, ${when(anne)}. Den slettes, så snart aflysningen er sendt. Aflysningen sendes af hjemmesiden inden for et minut.`,
    )
    expect(rowOfBooking(anne.id)).toMatchObject({ status: 'aflyst', cancelledBy: 'coach', eraseRequestedAt: expect.any(String) })
    expect(emailRows(anne.id).filter((email) => email.kind === 'aflyst')).toEqual([
      { kind: 'aflyst', role: 'gaest', status: 'pending' },
      { kind: 'aflyst', role: 'coach', status: 'pending' },
    ])
    expect(readdirSync(outbox).sort()).toEqual(outboxBefore)
  })

  it('names the database it looked for when DATABASE_URL is not set, and creates none', { timeout: 30_000 }, async () => {
    const { dir } = temporaryDatabase()
    const { DATABASE_URL: _, ...withoutDatabase } = process.env
    const result = await promisify(execFile)(join(process.cwd(), 'node_modules/.bin/tsx'), ['--tsconfig', join(process.cwd(), 'tsconfig.json'), join(process.cwd(), 'scripts/contact-list.ts')], {
      cwd: dir,
      env: withoutDatabase,
      encoding: 'utf8',
    }).catch((error: { code: number; stdout: string; stderr: string }) => error)
    expect('code' in result && result.code).toBe(2)
    expect(result.stderr).toContain('Databasen data/site.db (DATABASE_URL er ikke sat, så det er standardfilen) findes ikke; intet er læst eller ændret.')
    expect(result.stderr).toContain('Kør kommandoen med samme DATABASE_URL som serveren')
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })
})
