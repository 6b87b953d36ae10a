import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { contactLimits } from '~/lib/field-rules'
import { bookingLimits } from '~/lib/booking/booking-form'
import { createBooking } from '~/server/booking/bookings.server'
import { deliverBookingEmails } from '~/server/booking/booking-mail.server'
import { submitContact } from '~/server/contact/contact.server'
import { outboxTransport } from '~/server/mail/mail-transport.server'
import { temporaryDatabase } from '../helpers'
import { MONDAY, NOW, details, testAvailability } from './booking-helpers'

// The e-mails as they are sent: rendered, written to the outbox, read back from its files. The
// coach reads the plain-text part on many phones and watches, so it is asserted as text.

type Sent = { to: string; subject: string; html: string; text: string }
let outbox = ''
afterEach(() => rmSync(outbox, { recursive: true, force: true }))
const newOutbox = () => (outbox = mkdtempSync(join(tmpdir(), 'coach-outbox-')))
function sentEmail(name: RegExp): Sent {
  const file = readdirSync(outbox).find((candidate) => name.test(candidate))
  if (!file) throw new Error(`no e-mail ${name} among ${readdirSync(outbox).join(', ')}`)
  return JSON.parse(readFileSync(join(outbox, file), 'utf8')) as Sent
}
/** The plain text's paragraphs: separated by one blank line, never by more, none empty. */
const paragraphsOf = (text: string) => {
  expect(text).not.toMatch(/\n{3,}/)
  return text.split('\n\n')
}

describe('the finished e-mails, read from the outbox', () => {
  it('the coach gets the whole contact message, its paragraphs and line breaks as written, in plain text', async () => {
    newOutbox()
    const { db } = temporaryDatabase()
    const opening = 'Hej Birgitte,\n\nJeg har brug for hjælp.\nMit arbejde fylder alt.'
    const closing = '\n\nVenlig hilsen\nAnne'
    // As long as the form allows: nothing is cut off.
    const middle = `\n\n${'Jeg sover dårligt og har svært ved at koble fra om aftenen. '.repeat(40)}`.slice(0, contactLimits.message.maxLength - opening.length - closing.length)
    const message = `${opening}${middle.trimEnd()}${closing}`
    const form = new FormData()
    for (const [name, value] of Object.entries({ firstName: 'Anne', lastName: 'Jensen', email: 'anne@eksempel.dk', phone: '20 30 40 50', message, serviceType: '', address: '', website: '' })) form.set(name, value)
    expect((await submitContact(form, { ip: '203.0.113.7', db, transport: outboxTransport(outbox), clock: () => NOW })).status).toBe('sendt')

    const notification = sentEmail(/^contact-.*-notification\.json$/)
    expect(notification.subject).toContain('Anne Jensen')
    expect(notification.text).toContain(message.trimEnd())
    const paragraphs = paragraphsOf(notification.text)
    expect(paragraphs).toEqual(expect.arrayContaining(['Navn: Anne Jensen', 'E-mail: anne@eksempel.dk', 'Telefon: 20 30 40 50', 'Hej Birgitte,', 'Jeg har brug for hjælp.\nMit arbejde fylder alt.', 'Venlig hilsen\nAnne']))
    expect(notification.text).not.toMatch(/<[a-z]/i)
    // The visitor's copy confirms without repeating what they wrote.
    const confirmation = sentEmail(/^contact-.*-confirmation\.json$/)
    expect(confirmation.to).toBe('anne@eksempel.dk')
    expect(confirmation.text).not.toContain('Mit arbejde fylder alt')
  })

  it('the booking note reaches the coach with its line breaks and blank lines, in plain text and in HTML', async () => {
    newOutbox()
    const { db } = temporaryDatabase()
    const note = 'Første linje\nAnden linje\n\nEt nyt afsnit, som det blev skrevet.'
    expect(note.length).toBeLessThanOrEqual(bookingLimits.besked.maxLength)
    const booked = createBooking(db, { availability: testAvailability(), date: MONDAY, time: '10:00', details: { ...details(), besked: note }, ipHash: 'ip-a', now: NOW })
    expect(booked.status).toBe('booket')
    await deliverBookingEmails({ db, transport: outboxTransport(outbox), clock: () => NOW })

    const toCoach = sentEmail(/^booking-.*-coach\.json$/)
    expect(toCoach.text).toContain(`Besked: ${note}`)
    expect(paragraphsOf(toCoach.text)).toEqual(expect.arrayContaining(['Besked: Første linje\nAnden linje', 'Et nyt afsnit, som det blev skrevet.']))
    expect(toCoach.html).toMatch(/Første linje<br\/?>Anden linje<br\/?><br\/?>Et nyt afsnit/)
    // The visitor's confirmation carries the manage link.
    const toGuest = sentEmail(/^booking-.*-gaest\.json$/)
    expect(toGuest.to).toBe('mette@eksempel.dk')
    expect(toGuest.text).toMatch(/https?:\/\/[^\s]+\/booking\/[A-Za-z0-9_-]{32}/)
  })
})
