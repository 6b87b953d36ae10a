import { render } from '@react-email/render'
import { eq } from 'drizzle-orm'
import { type Booking, type Order, type OutboxRow, type PackageCard, bookings } from '#db/schema'
import { BookingEmail } from '~/emails/booking-email'
import { modeLabels } from '~/lib/booking/booking-form'
import { formatDayWithYear, formatInstantWithYear, formatPeriodWithYear } from '~/lib/booking/time'
import type { PackageType, PaymentTerms, SessionType } from '~/lib/content/content-types'
import { formatKroner } from '~/lib/payments/money'
import { bookingInvitation } from '~/server/booking/booking-mail.server'
import { site } from '~/server/content/content.server'
import { cardUrl, manageUrl, orderUrl, siteOrigin } from '~/server/links/links.server'
import { sender } from '~/server/mail/addresses.server'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import type { Handler } from '~/server/outbox/worker.server'
import { findOrder } from '~/server/payments/orders.server'
import type { PackageSnapshot } from '~/server/payments/package-ledger.server'
import { cardOfOrder, lastValidDate } from '~/server/payments/packages.server'

import { type TermsSection, termsSections, withdrawalForm } from '~/server/payments/terms.server'
import type { BookkeepingDocument } from '#db/schema'
import { documentContent, documentFileName } from '~/server/bookkeeping/document-content.server'
import { documentPdf } from '~/server/bookkeeping/document-pdf.server'
import { creditNoteFor, receiptOf, snapshotOf } from '~/server/bookkeeping/documents.server'
import type { Db } from '#db/database'

/**
 * The e-mails about an order, to the client: the confirmation (the durable medium: the receipt,
 * the terms the order was bought under and the standard withdrawal form, with the calendar
 * invitation), the withdrawal's acknowledgement (content, date and time), a refund, the apology
 * when a payment came for a time already given away, and the payment link of a session paid afterwards.
 */
export type OrderEmailKind = 'bekraeftelse' | 'kvittering' | 'fortrydelse' | 'refusion' | 'undskyldning' | 'betalingslink'
/** refundCause: the refund the e-mail tells of; its credit note goes with it as a PDF. */
export type OrderEmailFacts = { orderId: number; kind: OrderEmailKind; amountOere?: number; at?: string; url?: string; refundCause?: string }

const sectionLines = (section: TermsSection) => [`— ${section.heading} —`, ...section.paragraphs]

/** The terms as the order stored them (its snapshot), so a later change of the file never rewrites what she agreed to. */
const termsOf = (order: Order) => {
  const { sessionType, packageType, ...terms } = order.termsSnapshot as PaymentTerms & { sessionType: SessionType; packageType?: PackageType }
  return termsSections(terms, [sessionType], site, packageType ? [packageType] : [])
}

/** The receipt as lines of the e-mail's text (the PDF beside it says the same). */
function receiptSection(document: BookkeepingDocument): TermsSection {
  const { title, rows, amounts, notes } = documentContent(snapshotOf(document))
  return { heading: title, paragraphs: [...[...rows, ...amounts].map(([label, value]) => `${label}: ${value}`), ...notes] }
}

/** A klippekort's confirmation: the card's page (what is left, booking the next session), the receipt, the terms and the withdrawal form. */
function packageConfirmation(order: Order, card: PackageCard, receipt: BookkeepingDocument | undefined) {
  const validThrough = `til og med ${formatDayWithYear(lastValidDate(new Date(card.createdAt), (order.termsSnapshot as unknown as PackageSnapshot).packageType.validMonths))}`
  return {
    subject: `Dit klippekort: ${card.total} sessioner`,
    heading: `Tak for dit køb, ${order.customerName}`,
    paragraphs: [
      `Du har købt ${order.sessionName}: ${card.total} sessioner, gyldigt ${validThrough}.`,
      `Book dine sessioner på dit klippekorts side – du betaler ikke igen: ${cardUrl(card.publicId)}`,
      'Gem linket; det er kun til dig.',
      `Betalt: ${formatKroner(order.amountOere)}${receipt && snapshotOf(receipt).vatRegistered ? ' inkl. moms.' : ''}`,
      'Du har udtrykkeligt bedt om at kunne bruge klippekortet med det samme. Fortryder du inden for 14 dage, får du de ubrugte klip betalt tilbage forholdsmæssigt; de sessioner, der er holdt, betaler du for.',
      ...(receipt ? sectionLines(receiptSection(receipt)) : []),
      `— Vilkår (version ${order.termsVersion}) —`,
      ...termsOf(order).flatMap(sectionLines),
      ...sectionLines(withdrawalForm(site)),
    ],
    link: { label: 'Se dit klippekort og book', href: cardUrl(card.publicId) },
  }
}

function content(order: Order, booking: Booking | undefined, facts: OrderEmailFacts, receipt: BookkeepingDocument | undefined, card?: PackageCard) {
  if (card && facts.kind === 'bekraeftelse') return packageConfirmation(order, card, receipt)
  const period = booking ? formatPeriodWithYear(new Date(booking.startsAt), new Date(booking.endsAt)) : ''
  const orderLink = { label: 'Se din ordre (her kan du også fortryde)', href: orderUrl(order.publicId) }
  switch (facts.kind) {
    case 'bekraeftelse': {
      const paid = order.status !== 'awaiting_payment' && receipt !== undefined
      const subject = `Din ${order.sessionName.split(',')[0]!.toLowerCase()} er booket: ${booking ? formatInstantWithYear(new Date(booking.startsAt)) : ''}`
      return {
        subject,
        heading: `Tak for din booking, ${order.customerName}`,
        paragraphs: [
          `Tid: ${period} (dansk tid)`,
          ...(booking ? [`Form: ${modeLabels[booking.mode]}`] : []),
          `Session: ${order.sessionName}`,
          // »inkl. moms« only when the receipt has moms: a seller not registered charges none.
          paid ? `Betalt: ${formatKroner(order.amountOere)}${snapshotOf(receipt).vatRegistered ? ' inkl. moms.' : ''}` : `Pris: ${formatKroner(order.amountOere)} inkl. moms – du betaler bagefter via et link, jeg sender dig.`,
          ...(order.expressStart ? ['Du har udtrykkeligt bedt om, at sessionen begynder inden for fortrydelsesfristen på 14 dage. Når sessionen er holdt, er din fortrydelsesret ophørt; fortryder du, efter at den er begyndt, betaler du for den del, der er leveret.'] : []),
          ...(booking ? [`Flyt eller aflys: ${manageUrl(booking.publicId)}`] : []),
          ...(paid ? sectionLines(receiptSection(receipt)) : []),
          `— Vilkår (version ${order.termsVersion}) —`,
          ...termsOf(order).flatMap(sectionLines),
          ...sectionLines(withdrawalForm(site)),
        ],
        link: orderLink,
      }
    }
    case 'kvittering': {
      const subject = `Kvittering for ${order.sessionName}`
      return { subject, heading: `Tak for din betaling, ${order.customerName}`, paragraphs: [...(receipt ? sectionLines(receiptSection(receipt)) : []), `Vilkårene for ordren (version ${order.termsVersion}) står i din bekræftelse og på din ordreside.`], link: orderLink }
    }
    case 'fortrydelse': {
      const subject = 'Kvittering: du har fortrudt din aftale'
      return {
        subject,
        heading: 'Du har fortrudt din aftale',
        paragraphs: [
          `Jeg har modtaget din fortrydelse ${formatInstantWithYear(new Date(facts.at!))} (dansk tid).`,
          `Aftalen: ${order.sessionName}${period ? `, ${period} (dansk tid)` : ''}, ordrenummer ${order.publicId}.`,
          facts.amountOere ? `Du får ${formatKroner(facts.amountOere)} tilbage på det betalingsmiddel, du brugte. Det sker nu; det kan tage et par bankdage, før du ser pengene.` : 'Du har ikke betalt noget, så der er intet at betale tilbage.',
          'Tiden er frigivet.',
        ],
        link: orderLink,
      }
    }
    case 'refusion': {
      const subject = `Du får ${formatKroner(facts.amountOere ?? 0)} tilbage`
      return {
        subject,
        heading: subject,
        paragraphs: [`For ${order.sessionName}${period ? `, ${period} (dansk tid)` : ''} betaler jeg ${formatKroner(facts.amountOere ?? 0)} tilbage på det betalingsmiddel, du brugte, efter vilkårene (version ${order.termsVersion}).`, 'Det kan tage et par bankdage, før du ser pengene.'],
        link: orderLink,
      }
    }
    case 'undskyldning': {
      const subject = 'Undskyld – din tid nåede at blive givet videre'
      return {
        subject,
        heading: 'Undskyld – din betaling kom for sent til tiden',
        paragraphs: [
          `Din betaling for ${order.sessionName}${period ? `, ${period} (dansk tid)` : ''} kom, efter at tiden var blevet ledig og booket af en anden.`,
          `Jeg har sendt alle ${formatKroner(order.amountOere)} tilbage til dig; det kan tage et par bankdage, før du ser dem.`,
          `Jeg vil gerne finde en anden tid til dig: book igen på ${siteOrigin()}/ydelser, eller ring til mig på ${site.phone.display.replace(/\u00a0/g, ' ')}.`,
        ],
        link: orderLink,
      }
    }
    case 'betalingslink': {
      const subject = `Betaling for ${order.sessionName}`
      return {
        subject,
        heading: subject,
        paragraphs: [`Tak for sessionen${period ? ` ${period}` : ''}. Du kan betale ${formatKroner(order.amountOere)} inkl. moms med kort eller MobilePay via linket herunder.`],
        link: { label: 'Betal', href: facts.url! },
      }
    }
  }
}

/** The documents an e-mail carries as PDFs: the receipt with the confirmation, the credit note with a refund. */
function documentsFor(db: Db, order: Order, facts: OrderEmailFacts) {
  if (facts.kind === 'bekraeftelse' || facts.kind === 'kvittering') return [receiptOf(db, order.id)].filter((document) => document !== undefined)
  return facts.refundCause ? [creditNoteFor(db, order.id, facts.refundCause)].filter((document) => document !== undefined) : []
}

export async function composeOrderEmail(db: Db, order: Order, booking: Booking | undefined, facts: OrderEmailFacts, row: Pick<OutboxRow, 'idempotencyKey' | 'createdAt'>, card?: PackageCard) {
  const receipt = receiptOf(db, order.id)
  const { subject, link, heading, paragraphs } = content(order, booking, facts, receipt, card)
  const element = BookingEmail({ preview: subject, heading, paragraphs, link, closing: ['Venlig hilsen', site.name], footnote: `Ordrenummer ${order.publicId}. Du får denne e-mail, fordi din e-mailadresse blev brugt til at booke hos ${site.name}.` })
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  const invitation = facts.kind === 'bekraeftelse' && booking ? bookingInvitation(booking, { kind: 'bekraeftelse', role: 'gaest', sequence: booking.sequence, startsAt: booking.startsAt, endsAt: booking.endsAt, coachNote: null, idempotencyKey: row.idempotencyKey, createdAt: row.createdAt }) : undefined
  const pdfs = await Promise.all(documentsFor(db, order, facts).map(async (document) => ({ filename: documentFileName(snapshotOf(document)), content: (await documentPdf(snapshotOf(document))).toString('base64'), encoding: 'base64' as const, contentType: 'application/pdf' })))
  const attachments = [...(invitation ? [{ filename: 'invitation.ics', content: invitation.content, contentType: `text/calendar; charset=utf-8; method=${invitation.method}` }] : []), ...pdfs]
  return {
    idempotencyKey: row.idempotencyKey,
    to: order.customerEmail,
    from: sender(),
    subject,
    html,
    text,
    attachments: attachments.length > 0 ? attachments : undefined,
  }
}

export function orderEmailHandler(transport: MailTransport): Handler {
  return {
    noun: 'order e-mail',
    async run(row, { db }) {
      const facts = row.payload as OrderEmailFacts
      const order = findOrder(db, facts.orderId)
      if (!order) return { status: 'skipped', reason: 'ordren er slettet' }
      const booking = order.bookingId === null ? undefined : db.select().from(bookings).where(eq(bookings.id, order.bookingId)).get()
      await transport.send(await composeOrderEmail(db, order, booking, facts, row, cardOfOrder(db, order.id)))
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}
