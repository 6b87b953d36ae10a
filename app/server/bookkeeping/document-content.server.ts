import { formatDateWithYear } from '~/lib/booking/time'
import { formatKroner } from '~/lib/payments/money'
import type { DocumentSnapshot } from '~/server/bookkeeping/documents.server'

/**
 * What a receipt or a credit note says, line by line, from its snapshot: one text for the PDF, the
 * printable page and the tests, so the three can never differ. While the seller is not registered
 * for moms there are no moms lines at all, only the sentence that says so.
 */
export type DocumentContent = { title: string; rows: Array<[label: string, value: string]>; amounts: Array<[label: string, value: string]>; notes: string[] }

export const NOT_VAT_REGISTERED = 'Sælger er ikke momsregistreret.'

export function documentContent(document: DocumentSnapshot): DocumentContent {
  const credit = document.kind === 'kreditnota'
  const { seller, buyer } = document
  const rows: DocumentContent['rows'] = [
    [credit ? 'Kreditnotanummer' : 'Kvitteringsnummer', document.number],
    ['Udstedt', formatDateWithYear(document.issueDate)],
    ...(document.credits ? ([['Krediterer', `Kvittering nr. ${document.credits.number} af ${formatDateWithYear(document.credits.issueDate)}`]] as Array<[string, string]>) : []),
    ['Sælger', `${seller.name}, ${seller.street}, ${seller.postalCode} ${seller.city}`],
    ['CVR-nr.', seller.cvr],
    ['Køber', `${buyer.name} (${buyer.email})`],
    // Quantity and unit price (§ 58): one of the service, at the price without moms when there is moms.
    ['Ydelse', `${document.description}, 1 stk. à ${formatKroner(document.vatRegistered ? document.exclVatOere : document.totalOere)}${document.vatRegistered ? ' uden moms' : ''}`],
    ['Leveringsdato', document.delivery],
    ...(document.reason ? ([['Årsag', document.reason]] as Array<[string, string]>) : []),
  ]
  const total = credit ? 'Tilbagebetalt i alt' : 'Betalt i alt'
  const amounts: DocumentContent['amounts'] = document.vatRegistered
    ? [
        ['Beløb uden moms', formatKroner(document.exclVatOere)],
        [`Moms ${document.vatRatePercent} %`, formatKroner(document.vatOere)],
        [`${total} inkl. moms`, formatKroner(document.totalOere)],
      ]
    : [[total, formatKroner(document.totalOere)]]
  const notes = [
    ...(document.vatRegistered ? [] : [NOT_VAT_REGISTERED]),
    credit ? 'Beløbet betales tilbage til det betalingsmiddel, der blev brugt (via Stripe).' : 'Betalt med kort eller MobilePay via Stripe.',
    ...(document.stripePaymentId ? [`Stripe-betalings-id: ${document.stripePaymentId}`] : []),
    `Ordrenummer: ${document.orderCode}`,
  ]
  return { title: credit ? `Kreditnota nr. ${document.number}` : `Kvittering nr. ${document.number}`, rows, amounts, notes }
}

/** The file name of a document's PDF: `kvittering-2026-0001.pdf`. */
export const documentFileName = (document: Pick<DocumentSnapshot, 'kind' | 'number'>) => `${document.kind}-${document.number}.pdf`
