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

import { type TermsSection, receipt, termsSections, withdrawalForm } from '~/server/payments/terms.server'

/**
 * The e-mails about an order, to the client: the confirmation (the durable medium: the receipt,
 * the terms the order was bought under and the standard withdrawal form, with the calendar
 * invitation), the withdrawal's acknowledgement (content, date and time), a refund, the apology
 * when a payment came for a time already given away, and the payment link of a session paid afterwards.
 */
export type OrderEmailKind = 'bekraeftelse' | 'kvittering' | 'fortrydelse' | 'refusion' | 'undskyldning' | 'betalingslink'
export type OrderEmailFacts = { orderId: number; kind: OrderEmailKind; amountOere?: number; at?: string; url?: string }

const sectionLines = (section: TermsSection) => [`— ${section.heading} —`, ...section.paragraphs]

/** The terms as the order stored them (its snapshot), so a later change of the file never rewrites what she agreed to. */
const termsOf = (order: Order) => {
  const { sessionType, packageType, ...terms } = order.termsSnapshot as PaymentTerms & { sessionType: SessionType; packageType?: PackageType }
  return termsSections(terms, [sessionType], site, packageType ? [packageType] : [])
}

/** A klippekort's confirmation: the card's page (what is left, booking the next session), the receipt, the terms and the withdrawal form. */
function packageConfirmation(order: Order, card: PackageCard) {
  const validThrough = `til og med ${formatDayWithYear(lastValidDate(new Date(card.createdAt), (order.termsSnapshot as unknown as PackageSnapshot).packageType.validMonths))}`
  return {
    subject: `Dit klippekort: ${card.total} sessioner`,
    heading: `Tak for dit køb, ${order.customerName}`,
    paragraphs: [
      `Du har købt ${order.sessionName}: ${card.total} sessioner, gyldigt ${validThrough}.`,
      `Book dine sessioner på dit klippekorts side – du betaler ikke igen: ${cardUrl(card.publicId)}`,
      'Gem linket; det er kun til dig.',
      `Betalt: ${formatKroner(order.amountOere)} inkl. moms.`,
      'Du har udtrykkeligt bedt om at kunne bruge klippekortet med det samme. Fortryder du inden for 14 dage, får du de ubrugte klip betalt tilbage forholdsmæssigt; de sessioner, der er holdt, betaler du for.',
      ...sectionLines(receipt(order, site, `${card.total} sessioner, gyldigt ${validThrough}`)),
      `— Vilkår (version ${order.termsVersion}) —`,
      ...termsOf(order).flatMap(sectionLines),
      ...sectionLines(withdrawalForm(site)),
    ],
    link: { label: 'Se dit klippekort og book', href: cardUrl(card.publicId) },
  }
}

function content(order: Order, booking: Booking | undefined, facts: OrderEmailFacts, card?: PackageCard) {
  if (card && facts.kind === 'bekraeftelse') return packageConfirmation(order, card)
  const period = booking ? formatPeriodWithYear(new Date(booking.startsAt), new Date(booking.endsAt)) : ''
  const orderLink = { label: 'Se din ordre (her kan du også fortryde)', href: orderUrl(order.publicId) }
  switch (facts.kind) {
    case 'bekraeftelse': {
      const paid = order.status !== 'awaiting_payment' && order.receiptNumber !== null
      const subject = `Din ${order.sessionName.split(',')[0]!.toLowerCase()} er booket: ${booking ? formatInstantWithYear(new Date(booking.startsAt)) : ''}`
      return {
        subject,
        heading: `Tak for din booking, ${order.customerName}`,
        paragraphs: [
          `Tid: ${period} (dansk tid)`,
          ...(booking ? [`Form: ${modeLabels[booking.mode]}`] : []),
          `Session: ${order.sessionName}`,
          paid ? `Betalt: ${formatKroner(order.amountOere)} inkl. moms.` : `Pris: ${formatKroner(order.amountOere)} inkl. moms – du betaler bagefter via et link, jeg sender dig.`,
          ...(order.expressStart ? ['Du har udtrykkeligt bedt om, at sessionen begynder inden for fortrydelsesfristen på 14 dage. Når sessionen er holdt, er din fortrydelsesret ophørt; fortryder du, efter at den er begyndt, betaler du for den del, der er leveret.'] : []),
          ...(booking ? [`Flyt eller aflys: ${manageUrl(booking.publicId)}`] : []),
          ...(paid ? sectionLines(receipt(order, site, period)) : []),
          `— Vilkår (version ${order.termsVersion}) —`,
          ...termsOf(order).flatMap(sectionLines),
          ...sectionLines(withdrawalForm(site)),
        ],
        link: orderLink,
      }
    }
    case 'kvittering': {
      const subject = `Kvittering for ${order.sessionName}`
      return { subject, heading: `Tak for din betaling, ${order.customerName}`, paragraphs: [...sectionLines(receipt(order, site, period)), `Vilkårene for ordren (version ${order.termsVersion}) står i din bekræftelse og på din ordreside.`], link: orderLink }
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

export async function composeOrderEmail(order: Order, booking: Booking | undefined, facts: OrderEmailFacts, row: Pick<OutboxRow, 'idempotencyKey' | 'createdAt'>, card?: PackageCard) {
  const { subject, link, heading, paragraphs } = content(order, booking, facts, card)
  const element = BookingEmail({ preview: subject, heading, paragraphs, link, closing: ['Venlig hilsen', site.name], footnote: `Ordrenummer ${order.publicId}. Du får denne e-mail, fordi din e-mailadresse blev brugt til at booke hos ${site.name}.` })
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  const invitation = facts.kind === 'bekraeftelse' && booking ? bookingInvitation(booking, { kind: 'bekraeftelse', role: 'gaest', sequence: booking.sequence, startsAt: booking.startsAt, endsAt: booking.endsAt, coachNote: null, idempotencyKey: row.idempotencyKey, createdAt: row.createdAt }) : undefined
  return {
    idempotencyKey: row.idempotencyKey,
    to: order.customerEmail,
    from: sender(),
    subject,
    html,
    text,
    attachments: invitation ? [{ filename: 'invitation.ics', content: invitation.content, contentType: `text/calendar; charset=utf-8; method=${invitation.method}` }] : undefined,
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
      await transport.send(await composeOrderEmail(order, booking, facts, row, cardOfOrder(db, order.id)))
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}
