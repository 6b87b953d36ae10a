import { strFromU8, unzipSync } from 'fflate'
import { eq } from 'drizzle-orm'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { deskStatusText } from '~/lib/desk/desk-data'
import { handleDeskAction } from '~/server/desk/desk-actions.server'
import { newSignInLink, redeemSignInLink, sessionCookieName } from '~/server/desk/desk-auth.server'
import { deskPage } from '~/server/desk/desk-page.server'
import { deskPerson } from '~/server/desk/desk-views.server'
import { formData } from '../../helpers'
import { bookings, bookkeepingDocuments, deskEvents, orderRefunds, orders } from '#db/schema'
import { documentsOfOrder, parseMonth } from '~/server/bookkeeping/documents.server'
import { monthArchive, monthCsv } from '~/server/bookkeeping/month-archive.server'
import { eraseOrders, keptForBookkeeping, purgeBookkeeping } from '~/server/bookkeeping/retention.server'
import { deleteBookings } from '~/server/booking/booking-admin.server'
import { refundByHand } from '~/server/payments/payment-desk.server'
import { paymentHarness } from '../payments/payment-harness'

// Issue 49, items 3 and 4: the month's archive for her bookkeeping, and the money records kept five
// years after their financial year, through an erasure, then deleted by the purge.

type Harness = Awaited<ReturnType<typeof paymentHarness>>

/** A paid session whose payment arrives at `paidAt` (the fake Stripe and the fulfilment both read the harness clock). */
async function paidAt(pay: Harness, paidAt: string, email: string, date = '2026-04-20', time = '09:00') {
  pay.setNow(new Date(paidAt))
  const { order, booking, session } = await pay.checkout({ email, date, time })
  await pay.fake.pay(session.id)
  return { order: pay.order(order.id), booking: pay.booking(booking.id) }
}

describe("the month's hand-over", () => {
  it('holds exactly the documents issued in that Danish month: the CSV rows and their PDFs', async () => {
    const pay = await paymentHarness()
    // 10 April 2026 is the harness's day; the second payment lands on 30 April at 23.30 Danish time (21.30 UTC).
    const april = await paidAt(pay, '2026-04-10T09:00:00Z', 'april@eksempel.dk')
    const lastOfApril = await paidAt(pay, '2026-04-30T21:30:00Z', 'sidst-i-april@eksempel.dk', '2026-05-04')
    // 30 April at 22.30 UTC is 1 May in Denmark: May's.
    await paidAt(pay, '2026-04-30T22:30:00Z', 'maj@eksempel.dk', '2026-05-04', '11:00')
    expect(refundByHand(pay.db, april.booking.id, 250, new Date('2026-05-02T10:00:00Z'))).toBe('refunderet')
    const archive = await monthArchive(pay.db, { year: 2026, month: 4, text: '2026-04' })
    expect(archive).toMatchObject({ receipts: 2, creditNotes: 0, fileName: 'regnskab-2026-04.zip' })
    const files = unzipSync(archive.zip)
    expect(Object.keys(files).sort()).toEqual(['bilag/kvittering-2026-0001.pdf', 'bilag/kvittering-2026-0002.pdf', 'regnskab-2026-04.csv'])
    expect(strFromU8(files['bilag/kvittering-2026-0001.pdf']!.subarray(0, 5))).toBe('%PDF-')
    // UTF-8 with a BOM (the three bytes EF BB BF), so Excel and the importers read æ, ø and å.
    expect([...files['regnskab-2026-04.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = strFromU8(files['regnskab-2026-04.csv']!).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe('Nummer;Dato;Type;Kunde;Beskrivelse;Beløb uden moms;Moms;I alt;Stripe-betalings-id;Stripe-gebyr;Krediterer')
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 8))).toEqual([
      ['2026-0001', '10-04-2026', 'Kvittering', 'Mette Sørensen', 'Coachingsamtale, 60 min', '850,00', '0,00', '850,00'],
      ['2026-0002', '30-04-2026', 'Kvittering', 'Mette Sørensen', 'Coachingsamtale, 60 min', '850,00', '0,00', '850,00'],
    ])
    // The Stripe payment's id, for matching her Stripe payouts; Stripe's fee is not known here and left empty.
    const paymentIds = lines.slice(1).map((line) => line.split(';').slice(8, 10))
    expect(paymentIds).toEqual([
      [april.order.stripePaymentIntent, ''],
      [lastOfApril.order.stripePaymentIntent, ''],
    ])
    expect(april.order.stripePaymentIntent).toMatch(/^pi_/)
    const mayArchive = await monthArchive(pay.db, { year: 2026, month: 5, text: '2026-05' })
    expect(mayArchive).toMatchObject({ receipts: 1, creditNotes: 1, fileName: 'regnskab-2026-05.zip' })
    const may = unzipSync(mayArchive.zip)
    const mayLines = strFromU8(may['regnskab-2026-05.csv']!).trimEnd().split('\r\n').slice(1)
    expect(mayLines.map((line) => line.split(';').filter((_, n) => [0, 1, 2, 7, 10].includes(n)))).toEqual([
      ['2026-0003', '01-05-2026', 'Kvittering', '850,00', ''],
      ['2026-0004', '02-05-2026', 'Kreditnota', '-250,00', '2026-0001'],
    ])
    expect(Object.keys(may).sort()).toEqual(['bilag/kreditnota-2026-0004.pdf', 'bilag/kvittering-2026-0003.pdf', 'regnskab-2026-05.csv'])
  })

  it('quotes a field with a semicolon or a quote, so a name cannot shift the columns', async () => {
    const pay = await paymentHarness()
    const { order } = await paidAt(pay, '2026-04-10T09:00:00Z', 'semikolon@eksempel.dk')
    pay.db.update(orders).set({ customerName: 'x' }).where(eq(orders.id, order.id)).run()
    const [receipt] = documentsOfOrder(pay.db, order.id)
    const named = { ...receipt!, snapshot: { ...(receipt!.snapshot as object), buyer: { name: 'Hansen; "Jens"', email: 'j@eksempel.dk' } } }
    expect(monthCsv([named]).split('\r\n')[1]).toContain(';"Hansen; ""Jens""";')
  })

  it('leaves the Stripe columns empty, not made up, for a document without a Stripe payment', async () => {
    const pay = await paymentHarness()
    const { order } = await paidAt(pay, '2026-04-10T09:00:00Z', 'uden-stripe@eksempel.dk')
    const [receipt] = documentsOfOrder(pay.db, order.id)
    const withoutPayment = { ...receipt!, snapshot: { ...(receipt!.snapshot as object), stripePaymentId: null } }
    expect(monthCsv([withoutPayment]).split('\r\n')[1]!.split(';').slice(7)).toEqual(['850,00', '', '', ''])
  })

  it("holds December's documents in December's archive, up to New Year's Eve at midnight Danish time", async () => {
    const pay = await paymentHarness()
    // 31 December 2026 at 23.30 Danish time (22.30 UTC): December's; at 00.30 on 1 January (23.30 UTC): January's.
    await paidAt(pay, '2026-12-31T22:30:00Z', 'nytaarsaften@eksempel.dk', '2027-01-04')
    await paidAt(pay, '2026-12-31T23:30:00Z', 'nytaarsdag@eksempel.dk', '2027-01-04', '11:00')
    const december = await monthArchive(pay.db, { year: 2026, month: 12, text: '2026-12' })
    expect(december).toMatchObject({ receipts: 1, creditNotes: 0, fileName: 'regnskab-2026-12.zip' })
    expect(Object.keys(unzipSync(december.zip)).sort()).toEqual(['bilag/kvittering-2026-0001.pdf', 'regnskab-2026-12.csv'])
    const january = await monthArchive(pay.db, { year: 2027, month: 1, text: '2027-01' })
    expect(Object.keys(unzipSync(january.zip)).sort()).toEqual(['bilag/kvittering-2027-0001.pdf', 'regnskab-2027-01.csv'])
  })

  it('dates every file in the archive the first of its month, not the day it was made', async () => {
    const pay = await paymentHarness()
    await paidAt(pay, '2026-04-10T09:00:00Z', 'samme@eksempel.dk')
    const { zip } = await monthArchive(pay.db, { year: 2026, month: 4, text: '2026-04' })
    // Each ZIP entry's local header (signature PK 3 4) carries its date as a DOS date: (year − 1980) << 9 | month << 5 | day.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    const dates: number[] = []
    for (let at = 0; at + 30 <= zip.length; at++) if (view.getUint32(at, true) === 0x04034b50) dates.push(view.getUint16(at + 12, true))
    expect(dates.length).toBe(2)
    for (const date of dates) expect({ year: (date >> 9) + 1980, month: (date >> 5) & 15, day: date & 31 }).toEqual({ year: 2026, month: 4, day: 1 })
    // Made again a day later, the month is the same bytes: the PDFs are dated by their day of issue too.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => void vi.useRealTimers())
    vi.setSystemTime(new Date(Date.now() + 86_400_000))
    expect((await monthArchive(pay.db, { year: 2026, month: 4, text: '2026-04' })).zip).toEqual(zip)
  })

  it('reads a month only as the whole of YYYY-MM, around spaces', () => {
    expect(parseMonth(' 2026-04 ')).toEqual({ year: 2026, month: 4, text: '2026-04' })
    expect(parseMonth('2026-12')).toEqual({ year: 2026, month: 12, text: '2026-12' })
    for (const wrong of ['12026-04', 'x2026-04', '2026-041', '2026-04x', '2026-13', '2026-4', '']) expect(parseMonth(wrong)).toBeUndefined()
  })
})

describe("the desk's download", () => {
  it('gives the ZIP to her session with its form token, changes nothing, and refuses a month that is not one in Danish', async () => {
    const pay = await paymentHarness()
    await paidAt(pay, '2026-04-10T09:00:00Z', 'desk@eksempel.dk')
    vi.stubEnv('COACH_EMAIL', 'coach@eksempel.dk')
    const cookie = `${sessionCookieName()}=${redeemSignInLink(pay.db, newSignInLink(pay.db, '/coach', pay.now()), pay.now())!.sessionToken}`
    const deps = { db: pay.db, clock: pay.now, cookieHeader: cookie, clientAddress: '203.0.113.7' }
    const page = deskPage({ page: 'oversigt', key: '' }, deps)
    if (!page.signedIn) throw new Error('not signed in')
    const before = pay.db.select().from(bookkeepingDocuments).all()
    const answer = await handleDeskAction(formData({ formular: page.formToken, handling: 'regnskab', tilbage: '/coach', maaned: '2026-04' }), deps)
    expect(answer.headers.get('Content-Type')).toBe('application/zip')
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="regnskab-2026-04.zip"')
    // Every client's payment is in it: no cache on the way may keep it.
    expect(answer.headers.get('Cache-Control')).toBe('no-store, private')
    expect(pay.db.select({ action: deskEvents.action }).from(deskEvents).all().map((event) => event.action)).toContain('regnskab-hentet')
    expect(Object.keys(unzipSync(new Uint8Array(await answer.arrayBuffer()))).sort()).toEqual(['bilag/kvittering-2026-0001.pdf', 'regnskab-2026-04.csv'])
    expect(pay.db.select().from(bookkeepingDocuments).all()).toEqual(before)
    const wrong = await handleDeskAction(formData({ formular: page.formToken, handling: 'regnskab', tilbage: '/coach', maaned: '2026-13' }), deps)
    expect(wrong.headers.get('Location')).toBe('/coach?status=ugyldig-maaned')
    expect(deskStatusText['ugyldig-maaned']).toBe('Vælg en måned (år og måned, fx 2026-12), og hent igen.')
    // Without her session, nothing is handed out.
    const stranger = await handleDeskAction(formData({ formular: page.formToken, handling: 'regnskab', tilbage: '/coach', maaned: '2026-04' }), { ...deps, cookieHeader: null })
    expect(stranger.headers.get('Content-Type')).toBeNull()
  })
})

describe('kept five years after the financial year', () => {
  it('an erasure deletes the person and everything else but keeps the receipts, credit notes and their orders', async () => {
    const pay = await paymentHarness()
    const { order, booking } = await paidAt(pay, '2026-04-10T09:00:00Z', 'mette@eksempel.dk')
    refundByHand(pay.db, booking.id, 100, pay.now())
    const unpaid = await pay.checkout({ email: 'mette@eksempel.dk', date: '2026-04-27' })
    pay.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, unpaid.order.id)).run()
    // Her confirmation step says what stays.
    expect(deskPerson(pay.db, 'mette@eksempel.dk', pay.now())).toMatchObject({ keptDocuments: 2 })
    await deleteBookings('mette@eksempel.dk', { db: pay.db, now: new Date('2026-06-01T09:00:00Z'), outbox: '/nonexistent-outbox' })
    const erased = eraseOrders(pay.db, 'METTE@eksempel.dk')
    expect(erased).toEqual({ deletedOrders: 1, keptDocuments: 2 })
    expect(pay.db.select().from(bookings).all()).toEqual([])
    expect(pay.db.select({ id: orders.id, bookingId: orders.bookingId }).from(orders).all()).toEqual([{ id: order.id, bookingId: null }])
    expect(pay.db.select({ number: bookkeepingDocuments.number }).from(bookkeepingDocuments).all()).toEqual([{ number: '2026-0001' }, { number: '2026-0002' }])
    // Her desk still finds the person by the kept orders, and says what stays.
    expect(deskPerson(pay.db, 'mette@eksempel.dk', pay.now())).toMatchObject({ name: 'Mette Sørensen', bookings: [], messages: [], keptDocuments: 2 })
    // The booking is gone, the receipt still says when the session was: its snapshot holds it.
    expect((documentsOfOrder(pay.db, order.id)[0]!.snapshot as { delivery: string }).delivery).toBe('mandag 20. april 2026 kl. 9.00–10.00 (dansk tid)')
  })

  it('the purge deletes a five-year-old receipt from 1 January of the sixth year and keeps a four-year-old one', async () => {
    const pay = await paymentHarness()
    const old = await paidAt(pay, '2026-04-10T09:00:00Z', 'gammel@eksempel.dk')
    refundByHand(pay.db, old.booking.id, 100, pay.now())
    const newer = await paidAt(pay, '2027-01-05T09:00:00Z', 'nyere@eksempel.dk', '2027-01-18')
    // The last day of 2031 (Danish time): the documents of 2026 are still kept.
    expect(purgeBookkeeping(pay.db, new Date('2031-12-31T22:59:00Z'), 90)).toEqual({ documents: 0, orders: 0 })
    // 1 January 2032: 2026's receipt and credit note go, with their order and refund; 2027's (four years old) stays.
    expect(purgeBookkeeping(pay.db, new Date('2031-12-31T23:00:00Z'), 90)).toEqual({ documents: 2, orders: 1 })
    expect(pay.db.select({ id: orders.id }).from(orders).all()).toEqual([{ id: newer.order.id }])
    expect(pay.db.select().from(orderRefunds).all()).toEqual([])
    expect(pay.db.select({ number: bookkeepingDocuments.number }).from(bookkeepingDocuments).all()).toEqual([{ number: '2027-0001' }])
  })

  it('the purge deletes an order that was never paid with the bookings, not one a payment may still arrive for', async () => {
    const pay = await paymentHarness()
    const waiting = await pay.checkout({ email: 'venter@eksempel.dk' })
    const expired = await pay.checkout({ email: 'udloebet@eksempel.dk', time: '11:00' })
    pay.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, expired.order.id)).run()
    expect(purgeBookkeeping(pay.db, new Date('2026-07-10T09:00:00Z'), 90)).toEqual({ documents: 0, orders: 1 })
    expect(pay.db.select({ id: orders.id }).from(orders).all()).toEqual([{ id: waiting.order.id }])
  })

  it('the purge keeps an unpaid order until it has been unchanged for the days the bookings are kept', async () => {
    const pay = await paymentHarness()
    const expired = await pay.checkout({ email: 'udloebet@eksempel.dk' })
    pay.db.update(orders).set({ status: 'expired', updatedAt: '2026-04-10T09:00:00.000Z' }).where(eq(orders.id, expired.order.id)).run()
    // 89 days later it stays; 90 days and a minute later it goes.
    expect(purgeBookkeeping(pay.db, new Date('2026-07-08T09:00:00Z'), 90)).toEqual({ documents: 0, orders: 0 })
    expect(pay.db.select({ id: orders.id }).from(orders).all()).toEqual([{ id: expired.order.id }])
    expect(purgeBookkeeping(pay.db, new Date('2026-07-09T09:01:00Z'), 90)).toEqual({ documents: 0, orders: 1 })
    expect(pay.db.select().from(orders).all()).toEqual([])
  })

  it('an erasure of a person without receipts deletes all their orders and says nothing was kept', async () => {
    const pay = await paymentHarness()
    const unpaid = await pay.checkout({ email: 'ingen-kvittering@eksempel.dk' })
    pay.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, unpaid.order.id)).run()
    expect(eraseOrders(pay.db, 'ingen-kvittering@eksempel.dk')).toEqual({ deletedOrders: 1, keptDocuments: 0 })
    expect(pay.db.select().from(orders).all()).toEqual([])
    expect(keptForBookkeeping(0)).toBe('')
  })

  it('tells the coach, after an erasure, how many documents were kept and why', () => {
    const why = 'med ordrerne bag dem er gemt, fordi bogføringsloven kræver det: de slettes af sig selv fem år efter udgangen af det regnskabsår, de hører til.'
    expect(keptForBookkeeping(1)).toBe(`Én kvittering eller kreditnota ${why}`)
    expect(keptForBookkeeping(2)).toBe(`2 kvitteringer og kreditnotaer ${why}`)
  })
})
