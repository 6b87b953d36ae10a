import type { Order } from '#db/schema'
import type { PackageType, PaymentTerms, SessionType, Site } from '~/lib/content/content-types'
import { formatInstantWithYear } from '~/lib/booking/time'
import { formatKroner } from '~/lib/payments/money'

/**
 * The terms for paid sessions, written from the coach's facts (content/ydelser.yaml: the sessions
 * and »vilkaar«; site.yaml: who she is): the /vilkaar page and the order's confirmation e-mail read
 * the same sections, so what a client agreed to is what the page said. Only what the law says for
 * certain is written as a rule; the open points go to the coach's guide (docs/vejledning.md).
 */
export type TermsSection = { heading: string; paragraphs: string[] }

/** The withdrawal period (forbrugeraftaleloven § 18). */
export const WITHDRAWAL_DAYS = 14

/** Whether an order is still within its withdrawal period, counted from the payment (or the order, while unpaid). */
export const withinWithdrawalPeriod = (order: Pick<Order, 'paidAt' | 'createdAt'>, now: Date) => now.getTime() <= Date.parse(order.paidAt ?? order.createdAt) + WITHDRAWAL_DAYS * 86_400_000

const paymentWhen = (type: SessionType) => (type.payment === 'ved-booking' ? 'betales med kort eller MobilePay, når du booker' : 'betales bagefter via et link, jeg sender dig')

/** The klippekort section: what a card is, how its sessions come back, what withdrawal and expiry pay back (one pro-rata rule). */
export function packageSection(terms: PaymentTerms, packages: readonly PackageType[], types: readonly SessionType[]): TermsSection {
  return {
    heading: 'Klippekort',
    paragraphs: [
      ...packages.map((card) => `${card.name}: ${card.sessions} × ${types.find((type) => type.id === card.sessionTypeId)?.name ?? card.sessionTypeId} for ${formatKroner(card.amountOere)} inkl. moms, betalt ved køb og gyldigt i ${card.validMonths} måneder fra købet. En session skal begynde, før kortet udløber.`),
      'Du booker dine sessioner én ad gangen fra dit klippekorts side (linket står i din bekræftelse) uden at betale igen; hver booking bruger ét klip.',
      `Aflyser du inden for fortrydelsesfristen og før sessionen, eller senest ${terms.cancelHours} timer før den, får du klippet tilbage. Aflyser du senere, eller kommer du ikke, er klippet brugt. Må jeg selv aflyse, får du altid klippet tilbage.`,
      `Når du køber et klippekort, beder du udtrykkeligt om at kunne bruge det med det samme. Fortryder du inden for ${WITHDRAWAL_DAYS} dage, får du de ubrugte klip betalt tilbage forholdsmæssigt (prisen × ubrugte klip ÷ alle klip, afrundet til hele øre); de sessioner, der er holdt, betaler du for. Sessioner, du har booket, men som ikke er holdt, bliver aflyst og tæller som ubrugte.`,
      terms.refundExpiredPackages
        ? 'Udløber kortet med ubrugte klip, betaler jeg dem tilbage forholdsmæssigt på samme måde, med det betalingsmiddel, du brugte.'
        : 'Udløber kortet med ubrugte klip, bortfalder de. Book derfor dine sessioner i god tid inden udløbet.',
    ],
  }
}

export function termsSections(terms: PaymentTerms, types: readonly SessionType[], site: Site, packages: readonly PackageType[] = []): TermsSection[] {
  const late = terms.lateCancelRefundPercent
  return [
    {
      heading: 'Sessioner og priser',
      paragraphs: [
        ...types.map((type) => `${type.name}: ${type.minutes} minutter, ${formatKroner(type.amountOere)} inkl. moms – ${paymentWhen(type)}.`),
        'Alle priser er i danske kroner og inklusive moms.',
      ],
    },
    {
      heading: 'Betaling',
      paragraphs: [
        'Når du booker en session, der betales ved booking, holdes tiden til dig i 30 minutter, mens du betaler. Betaler du ikke, bliver tiden ledig igen, og du betaler intet.',
        `Hvorfor jeg beder om betaling ved booking: ${terms.prepaymentReason}`,
        'Betalingen sker hos Stripe, som tager imod kort og MobilePay; jeg ser aldrig dine kortoplysninger. Du får en kvittering på e-mail.',
      ],
    },
    {
      heading: 'Afbud og flytning',
      paragraphs: [
        `Du kan aflyse via linket i din bekræftelse. Aflyser du inden for ${WITHDRAWAL_DAYS} dage efter købet, og før sessionen finder sted, får du hele beløbet tilbage (din fortrydelsesret).`,
        `Efter de ${WITHDRAWAL_DAYS} dage gælder: aflyser du senest ${terms.cancelHours} timer før sessionen, får du hele beløbet tilbage. Aflyser du senere, får du ${late === 0 ? 'intet' : `${late} %`} tilbage${late === 100 ? ' – altså det hele' : ''}.`,
        `Kommer du ikke, og har du ikke aflyst, får du ${terms.noShowRefundPercent === 0 ? 'intet' : `${terms.noShowRefundPercent} %`} tilbage.`,
        'Må jeg selv aflyse, får du altid hele beløbet tilbage.',
      ],
    },
    {
      heading: 'Fortrydelsesret',
      paragraphs: [
        `Du har ${WITHDRAWAL_DAYS} dages fortrydelsesret fra den dag, du køber. Du fortryder med knappen »Fortryd aftalen« på din ordreside (linket står i din bekræftelse), med standardfortrydelsesformularen i bekræftelsen, eller ved at skrive til ${site.email}.`,
        `Ligger sessionen inden for de ${WITHDRAWAL_DAYS} dage, kan du kun booke den, hvis du udtrykkeligt beder om, at den begynder inden fristen. Er sessionen så holdt, er fortrydelsesretten ophørt. Fortryder du, efter at den er begyndt, betaler du for den del, der er leveret.`,
        `Fortryder du, betaler jeg pengene tilbage hurtigst muligt og senest ${WITHDRAWAL_DAYS} dage efter, med samme betalingsmiddel, som du brugte.`,
      ],
    },
    ...(packages.length > 0 ? [packageSection(terms, packages, types)] : []),
    { heading: 'Klager', paragraphs: [terms.complaints] },
    {
      heading: 'Sælger',
      paragraphs: [`${site.name}, ${site.address.street}, ${site.address.postalCode} ${site.address.city}. CVR ${site.cvr}. E-mail ${site.email}, telefon ${site.phone.display.replace(/\u00a0/g, ' ')}.`],
    },
  ]
}

/** The standard withdrawal form (forbrugeraftaleloven, bilag 3), addressed to the coach: sent on a durable medium with every order. */
export function withdrawalForm(site: Site): TermsSection {
  return {
    heading: 'Standardfortrydelsesformular',
    paragraphs: [
      '(Denne formular udfyldes og returneres kun, hvis fortrydelsesretten gøres gældende)',
      `Til ${site.name}, ${site.address.street}, ${site.address.postalCode} ${site.address.city}, ${site.email}:`,
      'Jeg/vi (*) meddeler herved, at jeg/vi (*) ønsker at gøre fortrydelsesretten gældende i forbindelse med min/vores (*) købsaftale om levering af følgende tjenesteydelser (*):',
      'Bestilt den (*)/modtaget den (*):',
      'Forbrugerens/forbrugernes navn:',
      'Forbrugerens/forbrugernes adresse:',
      'Forbrugerens/forbrugernes underskrift (kun hvis formularens indhold meddeles på papir):',
      'Dato:',
      '(*) Det ikke relevante udstreges.',
    ],
  }
}
