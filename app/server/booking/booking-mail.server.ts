import { render } from '@react-email/render'
import { eq } from 'drizzle-orm'
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { type Booking, type OutboxRow, bookings, outbox } from '#db/schema'
import { BookingEmail, type BookingEmailProps } from '~/emails/booking-email'
import { firstName, modeLabels, modeLabelsForCoach } from '~/lib/booking/booking-form'
import { formatInstant, formatPeriod } from '~/lib/booking/time'
import { deskUrl, manageUrl, siteOrigin } from '~/server/links/links.server'
import { coachAddress, sender } from '~/server/mail/addresses.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'
import { type Handler, runOutbox } from '~/server/outbox/worker.server'
import type { Email, MailTransport } from '~/server/mail/mail-transport.server'

/** What a booking e-mail is about, as its outbox row keeps it (the payload): a retry sends the same bytes. */
export type BookingEmailFacts = {
  kind: 'bekraeftelse' | 'flyttet' | 'aflyst' | 'paamindelse' | 'eksisterende'
  role: 'gaest' | 'coach'
  sequence: number
  startsAt: string
  endsAt: string
  /** The coach's own words to the visitor (her reason for cancelling, her note on a move), written on her desk. */
  coachNote: string | null
  /**
   * False when the new time lies inside the visitor's cut-off as the change was made (the coach
   * moved it to tomorrow morning): the manage link would refuse, so the e-mail asks the visitor to
   * call or write instead. Absent in rows from before it was kept: the link is given.
   */
  manageable?: boolean
  /** To the coach, about a paid session: whether it is paid (»Betalt 850 kr. …«, »Betales bagefter«). */
  paymentNote?: string
}
type BookingEmailRow = BookingEmailFacts & { idempotencyKey: string; createdAt: string }

const location = (booking: Booking) =>
  booking.mode === 'fremmoede' ? `${site.address.street}, ${site.address.postalCode} ${site.address.city}` : modeLabels[booking.mode]

/** The UID stored with the booking; a row from before it was stored gets one from the running server first. */
function storedUid(booking: Booking) {
  if (!booking.uid) throw new Error(`booking ${booking.publicId} has no stored calendar UID yet`)
  return booking.uid
}

type Occurrence = { sequence: number; stamp: string; startsAt: string; endsAt: string; manageable?: boolean }

/**
 * The visitor's event, as an e-mailed invitation (REQUEST or CANCEL) or a file to import (PUBLISH):
 * the UID stored with the booking, times in UTC. The coach's calendar gets the booking from the
 * private feed and CalDAV instead (docs/architecture.md).
 */
export function visitorCalendar(booking: Booking, occurrence: Occurrence, method: ICalCalendarMethod) {
  const cancelled = method === ICalCalendarMethod.CANCEL
  const uid = storedUid(booking)
  const calendar = ical({ prodId: { company: uid.slice(uid.indexOf('@') + 1), product: 'booking', language: 'DA' }, method })
  const start = new Date(occurrence.startsAt)
  const end = new Date(occurrence.endsAt)
  const manage = cancelled ? '' : occurrence.manageable === false ? `\n${contactInstead()}` : `\nFlyt eller aflys: ${manageUrl(booking.publicId)}`
  calendar.createEvent({
    id: uid,
    sequence: occurrence.sequence,
    stamp: new Date(occurrence.stamp),
    start,
    end,
    summary: booking.sessionTypeId ? `Session med ${site.name}` : `Uforpligtende samtale med ${site.name}`,
    location: location(booking),
    description: `${formatPeriod(start, end)} (dansk tid)${manage}`,
    organizer: { name: site.name, email: site.email },
    // A file to import (PUBLISH) is the visitor's own copy: naming them as an attendee would make
    // some calendars treat it as an invitation to answer.
    attendees: method === ICalCalendarMethod.PUBLISH ? [] : [{ name: booking.name, email: booking.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  return calendar.toString()
}

/**
 * The invitation of one e-mail (RFC 5546): REQUEST while the booking stands, CANCEL when it is
 * cancelled; SEQUENCE from the e-mail row and DTSTAMP from when it was queued, so a retry sends
 * the same bytes. The coach gets none: an invitation she "organizes" but never made is not applied
 * by Google or Outlook.
 */
export function bookingInvitation(booking: Booking, email: BookingEmailRow) {
  const method = email.kind === 'aflyst' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST
  return { content: visitorCalendar(booking, { ...email, stamp: email.createdAt }, method), method: method === ICalCalendarMethod.CANCEL ? 'CANCEL' : 'REQUEST' }
}

/** What a visitor whose time can no longer be changed by the link is told to do. */
const contactInstead = () => `Tiden ligger så tæt på, at den ikke kan flyttes eller aflyses via linket. Er der noget, så ring til mig på ${site.phone.display} eller skriv til ${site.email}.`

/** Why the visitor's conversation was cancelled, in the words that fit who cancelled it. */
function cancellationLine(booking: Booking, when: string) {
  if (booking.cancelledBy !== 'coach') return `Samtalen ${when} (dansk tid) er aflyst, og tiden er frigivet.`
  // An erasure cancels as the coach would: the visitor asked for it.
  if (booking.eraseRequestedAt) return `Samtalen ${when} (dansk tid) er aflyst, fordi du har bedt om at få dine oplysninger slettet.`
  return `Jeg har desværre måttet aflyse vores samtale ${when} (dansk tid).`
}

function modeLine(booking: Booking) {
  if (booking.mode === 'telefon') return `Form: Telefon – jeg ringer til dig på ${booking.phone}`
  if (booking.mode === 'video') return `Form: ${modeLabels.video}`
  return `Form: Fremmøde hos mig, ${site.address.street}, ${site.address.postalCode} ${site.address.city}`
}

/** What each e-mail says, to the visitor (gaest) or to the coach. */
function content(booking: Booking, email: BookingEmailRow): { subject: string } & BookingEmailProps {
  const start = new Date(email.startsAt)
  const when = formatInstant(start)
  const period = `Tid: ${formatPeriod(start, new Date(email.endsAt))} (dansk tid)`
  const closing = ['Venlig hilsen', site.name]
  if (email.role === 'coach') {
    const subject = {
      bekraeftelse: `Ny booking: ${when} – ${booking.name}`,
      flyttet: `Booking flyttet til ${when} – ${booking.name}`,
      aflyst: `Booking aflyst: ${when} – ${booking.name}`,
      paamindelse: `Påmindelse: ${when}`,
      eksisterende: `Bookingforsøg: ${when} – ${booking.name}`,
    }[email.kind]
    return {
      subject,
      preview: subject,
      heading: subject,
      paragraphs: [
        period,
        `Form: ${modeLabelsForCoach[booking.mode]}`,
        `Navn: ${booking.name}`,
        `E-mail: ${booking.email}`,
        `Telefon: ${booking.phone}`,
        ...(booking.note ? [`Besked: ${booking.note}`] : []),
        ...(email.paymentNote ? [`Betaling: ${email.paymentNote}`] : []),
        `Bookingnummer: ${booking.publicId}`,
        'Bookingen står i din kalender, når du abonnerer på bookingkalenderen eller har forbundet din CalDAV-kalender (se vejledningen, afsnittet »Din kalender«).',
      ],
      link: { label: 'Se bookingen på dit skrivebord', href: deskUrl(`/coach/booking/${booking.publicId}`) },
      closing: ['Sendt fra bookingen på hjemmesiden'],
    }
  }
  const manageable = email.manageable !== false
  const link = manageable ? { label: 'Flyt eller aflys', href: manageUrl(booking.publicId) } : undefined
  // The coach's own words from her desk: her reason for cancelling, her note on a move.
  const fromCoach = email.coachNote ? [`Besked fra ${site.name}: ${email.coachNote}`] : []
  const footnote = `Du får denne e-mail, fordi din e-mailadresse blev brugt til at booke en samtale på min hjemmeside. Har du ikke selv booket, så ${manageable ? 'aflys via linket' : 'ring eller skriv til mig'}.`
  switch (email.kind) {
    case 'bekraeftelse':
    case 'flyttet': {
      const moved = email.kind === 'flyttet'
      const subject = moved ? `Din samtale er flyttet til ${when}` : `Din samtale er booket: ${when}`
      return {
        subject,
        preview: subject,
        heading: moved ? `Din samtale er flyttet, ${firstName(booking.name)}` : `Tak for din booking, ${firstName(booking.name)}`,
        paragraphs: [
          period,
          modeLine(booking),
          ...fromCoach,
          `Bookingnummer: ${booking.publicId}`,
          // A klippekort's session is paid already; the free first conversation is free.
          `${booking.packageCardId !== null ? 'Sessionen er et klip fra dit klippekort – du betaler ikke igen.' : 'Den første samtale er gratis og uforpligtende.'} En kalenderinvitation er vedhæftet; du kan også bare skrive tiden ind selv.`,
          manageable ? 'Takker du nej til invitationen i din kalender, aflyses samtalen ikke. Vil du flytte eller aflyse, så brug linket herunder.' : `Takker du nej til invitationen i din kalender, aflyses samtalen ikke. ${contactInstead()}`,
        ],
        link,
        closing,
        footnote,
        crisisHelp: true,
      }
    }
    case 'aflyst': {
      const subject = `Din samtale ${when} er aflyst`
      return {
        subject,
        preview: subject,
        heading: 'Din samtale er aflyst',
        paragraphs: [cancellationLine(booking, when), ...fromCoach, booking.packageCardId !== null ? 'Vil du finde en ny tid, så book den fra dit klippekorts side (linket står i din bekræftelse af klippekortet).' : `Vil du finde en ny tid, kan du booke igen på ${siteOrigin()}/book-samtale.`],
        closing,
      }
    }
    case 'eksisterende': {
      const subject = `Du har allerede en samtale booket: ${when}`
      return {
        subject,
        preview: subject,
        heading: 'Du har allerede en samtale booket',
        paragraphs: [
          'Der er netop forsøgt at booke en ny samtale med din e-mailadresse. Der kan kun være én kommende samtale pr. e-mailadresse, så der er ikke booket en ny.',
          `Din samtale: ${formatPeriod(start, new Date(email.endsAt))} (dansk tid)`,
          'Vil du hellere have en anden tid, kan du flytte samtalen via linket herunder. Var det ikke dig, kan du se bort fra denne e-mail.',
        ],
        link,
        closing,
      }
    }
    case 'paamindelse': {
      const subject = `Påmindelse: din samtale ${when}`
      return { subject, preview: subject, heading: 'Påmindelse om din samtale', paragraphs: [period, modeLine(booking), 'Jeg glæder mig til at tale med dig.'], link, closing, crisisHelp: true }
    }
  }
}

/** One stored e-mail row as the e-mail to send, with the invitation attached (not for reminders). */
export async function composeBookingEmail(booking: Booking, email: BookingEmailRow): Promise<Email> {
  const { subject, ...props } = content(booking, email)
  const element = BookingEmail(props)
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  const invitation = email.role === 'gaest' && (email.kind === 'bekraeftelse' || email.kind === 'flyttet' || email.kind === 'aflyst') ? bookingInvitation(booking, email) : undefined
  return {
    idempotencyKey: email.idempotencyKey,
    to: email.role === 'gaest' ? booking.email : coachAddress(),
    from: sender(),
    ...(email.role === 'coach' ? { replyTo: booking.email } : {}),
    subject,
    html,
    text,
    attachments: invitation
      ? [{ filename: invitation.method === 'CANCEL' ? 'aflyst.ics' : 'invitation.ics', content: invitation.content, contentType: `text/calendar; charset=utf-8; method=${invitation.method}` }]
      : undefined,
  }
}

/** A reminder goes out only while its booking is confirmed at that very time, and before it begins. */
const reminderStillDue = (booking: Booking, email: BookingEmailFacts, now: Date) =>
  booking.status === 'bekraeftet' && booking.startsAt === email.startsAt && Date.parse(booking.startsAt) > now.getTime()

/** A booking e-mail's facts from its outbox row. */
export const bookingEmailOf = (row: OutboxRow): BookingEmailRow => ({ ...(row.payload as BookingEmailFacts), idempotencyKey: row.idempotencyKey, createdAt: row.createdAt })

/** The e-mails about bookings, and the reminders whose time has come; one no longer due is skipped. */
export function bookingEmailHandler(transport: MailTransport): Handler {
  return {
    noun: 'booking e-mail',
    async run(row, { db, clock }) {
      const email = bookingEmailOf(row)
      const booking = db.select().from(bookings).where(eq(bookings.id, row.bookingId ?? -1)).get()
      if (!booking) return { status: 'skipped', reason: 'bookingen er slettet' }
      if (email.kind === 'paamindelse' && !reminderStillDue(booking, email, clock())) return { status: 'skipped', reason: 'påmindelsen gælder ikke længere' }
      await transport.send(await composeBookingEmail(booking, email))
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}

/**
 * Sends every booking e-mail that is due (of one booking, or all). `force` (mail:retry -- --alle in
 * a test) first revives the ones that gave up; a reminder still waits for its time.
 */
export async function deliverBookingEmails({
  db,
  transport,
  clock = systemClock,
  bookingId,
  force = false,
}: { db: Db; transport: MailTransport; clock?: Clock; bookingId?: number; force?: boolean }) {
  const where = bookingId === undefined ? undefined : eq(outbox.bookingId, bookingId)
  return runOutbox({ db, handlers: { 'booking-email': bookingEmailHandler(transport) }, clock, where, revive: force })
}
