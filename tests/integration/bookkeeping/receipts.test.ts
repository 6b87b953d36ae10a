import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { bookkeepingDocuments } from '#db/schema'
import { cancelBooking } from '~/server/booking/bookings.server'
import { documentContent } from '~/server/bookkeeping/document-content.server'
import { documentPage } from '~/server/bookkeeping/document-page.server'
import { documentPdf } from '~/server/bookkeeping/document-pdf.server'
import { type DocumentSnapshot, documentsOfOrder, issueReceipt, snapshotOf, splitVat } from '~/server/bookkeeping/documents.server'
import { getSite } from '~/server/content/content.server'
import { orderToken } from '~/server/links/links.server'
import { withdrawOrder } from '~/server/payments/cancellation.server'
import { releaseHold } from '~/server/payments/orders.server'
import { refundByHand } from '~/server/payments/payment-desk.server'
import { testAvailability } from '../booking-helpers'
import { paymentHarness } from '../payments/payment-harness'

// Issue 49, item 2: a receipt for every payment, a credit note for every refund, one gapless
// series, every § 58 field on the PDF (read back as text) and on the printable page, and no moms
// lines while the seller is not registered.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

async function paidSession(date = '2026-04-20', time = '09:00', pay?: Harness) {
  pay ??= await paymentHarness()
  const { order, booking, session } = await pay.checkout({ date, time, email: `klient-${time.replace(':', '')}@eksempel.dk` })
  await pay.fake.pay(session.id)
  return { pay, order: pay.order(order.id), booking: pay.booking(booking.id) }
}

/** The reasons the credit notes of an order give, in order. */
const reasonsOf = (pay: Harness, orderId: number) => documentsOfOrder(pay.db, orderId).slice(1).map((document) => snapshotOf(document).reason)

const documentsOf = (pay: Harness, orderId: number) => documentsOfOrder(pay.db, orderId).map((document) => ({ number: document.number, kind: document.kind, credits: document.creditedNumber, total: document.totalOere }))

async function pdfText(snapshot: DocumentSnapshot) {
  const pdf = await getDocumentProxy(new Uint8Array(await documentPdf(snapshot)))
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')
}

/** Every field § 58 asks of the fixture's receipt, as the documents write it. */
const fieldsOfReceipt = (snapshot: DocumentSnapshot) => [
  'Kvittering nr. 2026-0001',
  'Udstedt 10. april 2026',
  'Birgitte Holm, Brøndstedvej 14, 7000 Fredericia',
  `CVR-nr. ${snapshot.seller.cvr}`,
  'Mette Sørensen',
  'Coachingsamtale, 60 min, 1 stk. à 850 kr.',
  'Leveringsdato mandag 20. april 2026 kl. 9.00–10.00 (dansk tid)',
  `Stripe-betalings-id: ${snapshot.stripePaymentId}`,
]

describe('receipts', () => {
  it('are issued with the payment, numbered from one gapless series, and frozen', async () => {
    const { pay, order } = await paidSession()
    const second = await paidSession('2026-04-20', '11:00', pay)
    expect(documentsOf(pay, order.id)).toEqual([{ number: '2026-0001', kind: 'kvittering', credits: null, total: 85_000 }])
    expect(documentsOf(pay, second.order.id)).toEqual([{ number: '2026-0002', kind: 'kvittering', credits: null, total: 85_000 }])
    // Issued is issued: the database refuses any change, whatever the code tries.
    expect(() => pay.db.update(bookkeepingDocuments).set({ stripePaymentId: 'pi_en_anden' }).where(eq(bookkeepingDocuments.number, '2026-0001')).run()).toThrow(/never changed/)
  })

  it('never leaves a hole or reuses a number when the transaction that took it is rolled back', async () => {
    const { pay } = await paidSession()
    const next = await pay.checkout({ time: '11:00', email: 'naeste@eksempel.dk' })
    expect(() =>
      pay.db.$client
        .transaction(() => {
          expect(issueReceipt(pay.db, next.order, next.booking, getSite(), pay.now()).number).toBe('2026-0002')
          throw new Error('something failed after the number was taken')
        })
        .immediate(),
    ).toThrow(/failed after/)
    await pay.fake.pay(next.session.id)
    expect(documentsOf(pay, next.order.id).map((document) => document.number)).toEqual(['2026-0002'])
    const third = await paidSession('2026-04-27', '09:00', pay)
    expect(documentsOf(pay, third.order.id).map((document) => document.number)).toEqual(['2026-0003'])
  })

  it('show every § 58 field on the PDF and on the printable page, and no moms lines while she is not registered', async () => {
    const { pay, order } = await paidSession()
    const [receipt] = documentsOfOrder(pay.db, order.id)
    const snapshot = snapshotOf(receipt!)
    const pdf = await pdfText(snapshot)
    const page = await documentPage(orderToken(order.publicId), receipt!.number, { db: pay.db })
    expect(page.status).toBe(200)
    expect(Object.fromEntries(page.headers)).toMatchObject({ 'cache-control': 'no-store, private', 'x-robots-tag': 'noindex, nofollow' })
    const html = await page.text()
    expect(html).not.toContain('<script')
    const pageText = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    for (const field of [...fieldsOfReceipt(snapshot), 'Betalt i alt 850 kr.', 'Sælger er ikke momsregistreret.']) {
      expect(pdf).toContain(field)
      expect(pageText).toContain(field.replace(/ (?=\S+ \(dansk)/, ' '))
    }
    for (const text of [pdf, pageText]) expect(text).not.toMatch(/Moms \d+ %|inkl\. moms|uden moms/)
    // Another order's link, or a number not of this order, finds nothing.
    expect((await documentPage(orderToken('en-anden-ordre'), receipt!.number, { db: pay.db })).status).toBe(404)
    expect((await documentPage(orderToken(order.publicId), '2026-0002', { db: pay.db })).status).toBe(404)
  })

  it('show the amount without moms, the rate and the moms when she is registered', async () => {
    const pay = await paymentHarness()
    const { order, booking } = await pay.checkout()
    const registered = { ...getSite(), vat: { registered: true } }
    const snapshot = snapshotOf(pay.db.$client.transaction(() => issueReceipt(pay.db, order, booking, registered, pay.now())).immediate())
    expect(snapshot).toMatchObject({ totalOere: 85_000, vatOere: 17_000, exclVatOere: 68_000, vatRatePercent: 25 })
    const pdf = await pdfText(snapshot)
    for (const field of ['1 stk. à 680 kr. uden moms', 'Beløb uden moms 680 kr.', 'Moms 25 % 170 kr.', 'Betalt i alt inkl. moms 850 kr.']) expect(pdf).toContain(field)
    expect(pdf).not.toContain('ikke momsregistreret')
  })

  it('work out moms in one way: 20 % of the price with moms, to whole øre, the two parts adding up', () => {
    expect(splitVat(85_000, true)).toEqual({ totalOere: 85_000, vatOere: 17_000, exclVatOere: 68_000, vatRatePercent: 25 })
    expect(splitVat(99_99, true)).toEqual({ totalOere: 9_999, vatOere: 2_000, exclVatOere: 7_999, vatRatePercent: 25 })
    expect(splitVat(1, true)).toEqual({ totalOere: 1, vatOere: 0, exclVatOere: 1, vatRatePercent: 25 })
    expect(splitVat(85_000, false)).toEqual({ totalOere: 85_000, vatOere: 0, exclVatOere: 85_000, vatRatePercent: 0 })
  })

  it('go with the confirmation e-mail as a PDF', async () => {
    const { pay } = await paidSession()
    await pay.runOutbox()
    const confirmation = pay.transport.sent.find((email) => email.subject.startsWith('Din coachingsamtale er booket'))!
    const pdf = confirmation.attachments!.find((file) => file.filename === 'kvittering-2026-0001.pdf')!
    expect(pdf).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' })
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
  })
})

describe('credit notes', () => {
  const cancel = (pay: Harness, id: number, by: 'gaest' | 'coach') => cancelBooking(pay.db, { id, by, availability: testAvailability(), now: pay.now() })

  it('are issued for a withdrawal, naming the receipt, with their own number, and go with the e-mail', async () => {
    const { pay, order } = await paidSession()
    pay.advance(60 * 24)
    withdrawOrder(pay.db, order.id, pay.now(), (held) => cancel(pay, held.id, 'gaest'))
    expect(documentsOf(pay, order.id)).toEqual([
      { number: '2026-0001', kind: 'kvittering', credits: null, total: 85_000 },
      { number: '2026-0002', kind: 'kreditnota', credits: '2026-0001', total: 85_000 },
    ])
    await pay.runOutbox()
    const email = pay.transport.sent.find((sent) => sent.subject === 'Kvittering: du har fortrudt din aftale')!
    expect(email.attachments?.map((file) => file.filename)).toEqual(['kreditnota-2026-0002.pdf'])
    const pdf = await pdfText(snapshotOf(documentsOfOrder(pay.db, order.id)[1]!))
    for (const field of ['Kreditnota nr. 2026-0002', 'Krediterer Kvittering nr. 2026-0001 af 10. april 2026', 'Årsag Fortrydelse', 'Tilbagebetalt i alt 850 kr.']) expect(pdf).toContain(field)
  })

  it("are issued for the client's cancellation and for the coach's, each giving its own reason", async () => {
    const { pay, order, booking } = await paidSession('2026-05-04')
    pay.setNow(new Date('2026-04-30T07:00:00Z'))
    cancel(pay, booking.id, 'gaest')
    expect(documentsOf(pay, order.id).map((document) => [document.kind, document.credits])).toEqual([
      ['kvittering', null],
      ['kreditnota', '2026-0001'],
    ])
    expect(reasonsOf(pay, order.id)).toEqual(['Afbud efter vilkårene'])
    const coach = await paidSession('2026-05-04', '11:00', pay)
    cancel(pay, coach.booking.id, 'coach')
    expect(documentsOf(pay, coach.order.id)).toEqual([
      { number: '2026-0003', kind: 'kvittering', credits: null, total: 85_000 },
      { number: '2026-0004', kind: 'kreditnota', credits: '2026-0003', total: 85_000 },
    ])
    expect(reasonsOf(pay, coach.order.id)).toEqual(['Sessionen blev aflyst af sælger'])
  })

  it('are issued for each refund by hand, for its own amount', async () => {
    const { pay, order, booking } = await paidSession()
    expect(refundByHand(pay.db, booking.id, 200, pay.now())).toBe('refunderet')
    expect(refundByHand(pay.db, booking.id, 100, pay.now())).toBe('refunderet')
    expect(documentsOf(pay, order.id).slice(1)).toEqual([
      { number: '2026-0002', kind: 'kreditnota', credits: '2026-0001', total: 20_000 },
      { number: '2026-0003', kind: 'kreditnota', credits: '2026-0001', total: 10_000 },
    ])
    expect(reasonsOf(pay, order.id)).toEqual(['Tilbagebetaling efter aftale', 'Tilbagebetaling efter aftale'])
  })

  it('are issued when a payment came for a time given away: the receipt and its credit note at once', async () => {
    const pay = await paymentHarness()
    const { order, session } = await pay.checkout()
    releaseHold(pay.db, order.id, pay.now())
    expect(pay.hold({ email: 'anden@eksempel.dk' }).status).toBe('holdt')
    await pay.fake.pay(session.id)
    expect(documentsOf(pay, order.id)).toEqual([
      { number: '2026-0001', kind: 'kvittering', credits: null, total: 85_000 },
      { number: '2026-0002', kind: 'kreditnota', credits: '2026-0001', total: 85_000 },
    ])
    expect(reasonsOf(pay, order.id)).toEqual(['Betalingen kom, efter at tiden var givet til en anden'])
    await pay.runOutbox()
    expect(pay.transport.sent.find((email) => email.subject.startsWith('Undskyld'))!.attachments?.map((file) => file.filename)).toEqual(['kreditnota-2026-0002.pdf'])
  })

  it('say the same in their content as on paper: no moms lines when the receipt had none', () => {
    const content = documentContent({
      kind: 'kreditnota', number: '2026-0009', issueDate: '2026-12-07', seller: { name: 'S', street: 'Gade 1', postalCode: '7000', city: 'By', cvr: '12 34 56 78', email: 's@eksempel.dk' }, vatRegistered: false,
      buyer: { name: 'K', email: 'k@eksempel.dk' }, description: 'Samtale', delivery: '7. december 2026', ...splitVat(10_000, false), stripePaymentId: null, orderCode: 'abc', credits: { number: '2026-0001', issueDate: '2026-12-01' }, reason: 'Afbud efter vilkårene',
    })
    expect(content.amounts).toEqual([['Tilbagebetalt i alt', '100 kr.']])
  })
})
