import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DeskOverview } from '~/components/desk/desk-overview'
import { DeskFrame } from '~/components/desk/desk-parts'
import { DeskSubpage } from '~/components/desk/desk-subpage'
import { DeskUndelivered } from '~/components/desk/desk-undelivered'
import type { DeskBookingPage, DeskMessage, DeskOverview as Overview, DeskPersonPage } from '~/lib/desk/desk-data'
import { deskStatusText } from '~/lib/desk/desk-data'
import { Route as SubpageRoute } from '~/routes/coach/$'
import { Route as OverviewRoute } from '~/routes/coach/index'
import { headOf, linksOf, renderPage, tagWithId, textOf } from '../render'

const formToken = 'formular-123'

const booking: DeskBookingPage = {
  code: 'k7m2q9xd',
  date: '2026-04-20',
  time: 'kl. 10.00',
  name: 'Anne Jensen',
  mode: 'Telefon',
  phone: '+45 20 30 40 50',
  email: 'anne+test@eksempel.dk',
  note: 'Jeg vil gerne\ntale om stress',
  cancelled: false,
  noShow: false,
  begun: false,
  period: 'mandag 20. april kl. 10.00–10.30',
  moveTo: [{ label: 'tirsdag 21. april', slots: [{ key: '2026-04-21T09:00', label: 'kl. 9.00' }] }],
  changeable: true,
  calendarConflict: false,
} as DeskBookingPage

const message: DeskMessage = {
  id: 12,
  name: 'Bo Hansen',
  received: '18. september kl. 10.42',
  unread: true,
  handled: false,
  email: 'bo@eksempel.dk',
  phone: '+45 20 30-40 50',
  service: 'Stress coaching',
  address: 'Vestergade 3',
  text: 'Hej\nHar du tid?',
  becameClient: false,
  deletedOn: '17. december 2026',
  clientRetentionDays: 365,
}

const person: DeskPersonPage = {
  email: 'anne+test@eksempel.dk',
  name: 'Anne Jensen',
  bookings: [{ code: 'k7m2q9xd', period: 'mandag 20. april kl. 10.00', status: 'bekræftet' }],
  messages: [{ id: 12, name: 'Anne Jensen', received: '18. september', unread: false, handled: true }],
  upcoming: 0,
  keptDocuments: 0,
  cards: [],
  balance: 0,
} as DeskPersonPage

const overview: Overview = {
  days: [{ date: '2026-04-20', label: 'mandag 20. april', bookings: [booking, { ...booking, code: 'b2', name: 'Carl', cancelled: true, noShow: true, note: '' }] }],
  freeTimes: ['tirsdag 21. april kl. 9.00'],
  cardHolders: [],
  messages: [message, { ...message, id: 13, name: 'Dorte', unread: false, handled: false }, { ...message, id: 14, name: 'Erik', unread: false, handled: true }],
  search: undefined,
  undelivered: { failed: [], retrying: 0 },
  problems: [],
} as Overview

/** The hidden fields of every <form> in the markup, one record per form. */
const formsOf = (html: string) =>
  (html.match(/<form[\s\S]*?<\/form>/g) ?? []).map((form) => Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value])))

const subpage = (path: string, page: object, search: object = {}) => renderToStaticMarkup(<DeskSubpage path={path} page={page as never} search={search} />)

describe('the desk frame', () => {
  it('shows only the desk’s own outcomes: problems as alerts, the rest as status', () => {
    const problem = renderToStaticMarkup(<DeskFrame title="Overblik" status="taget">x</DeskFrame>)
    expect(tagWithId(problem, 'status')).toContain('role="alert"')
    expect(textOf(problem)).toBe(`Dit skrivebord Overblik ${deskStatusText.taget} x`)
    const done = renderToStaticMarkup(<DeskFrame title="Overblik" status="flyttet">x</DeskFrame>)
    expect(tagWithId(done, 'status')).toContain('role="status"')
    expect(textOf(done)).toContain(deskStatusText.flyttet)
    expect(renderToStaticMarkup(<DeskFrame title="Overblik" status="<script>">x</DeskFrame>)).not.toContain('id="status"')
  })
})

describe('the desk overview', () => {
  it('lists the bookings by day with who, how and how to reach them, cancelled and no-shows marked', () => {
    const html = renderToStaticMarkup(<DeskOverview overview={overview} />)
    const text = textOf(html)
    expect(text).toContain('mandag 20. april kl. 10.00: Anne Jensen Telefon +45 20 30 40 50 · anne+test@eksempel.dk Besked: Jeg vil gerne tale om stress')
    // The marks stand apart by their margin.
    expect(text).toContain('kl. 10.00: CarlAflystUdeblev')
    expect(linksOf(html)).toContainEqual(['kl. 10.00: Anne Jensen', '/coach/booking/k7m2q9xd'])
    expect(linksOf(html)).toContainEqual(['+45 20 30 40 50', 'tel:+4520304050'])
    expect(linksOf(html)).toContainEqual(['anne+test@eksempel.dk', 'mailto:anne+test@eksempel.dk'])
    expect(text).not.toContain('Besked: Tom')
    expect(html.match(/Besked: /g)).toHaveLength(1)
  })

  it('lists the next free times and the messages, new ones first marked, each with its state', () => {
    const html = renderToStaticMarkup(<DeskOverview overview={overview} />)
    expect(textOf(html)).toContain('Næste ledige tider tirsdag 21. april kl. 9.00')
    expect(linksOf(html)).toContainEqual(['Ny: Bo Hansen, 18. september kl. 10.42', '/coach/besked/12'])
    expect(textOf(html)).toContain('Ny: Bo Hansen, 18. september kl. 10.42ulæst')
    expect(textOf(html)).toContain('Dorte, 18. september kl. 10.42læst')
    expect(linksOf(html)).toContainEqual(['Dorte, 18. september kl. 10.42', '/coach/besked/13'])
    expect(textOf(html)).toContain('Erik, 18. september kl. 10.42håndteret')
    expect(textOf(html)).not.toMatch(/Ingen (bookinger|beskeder|ledige)/)
  })

  it('says when there is nothing, and when booking is closed', () => {
    const empty = textOf(renderToStaticMarkup(<DeskOverview overview={{ days: [], freeTimes: [], messages: [], search: undefined, cardHolders: [], problems: [] } as never} />))
    expect(empty).toContain('Ingen bookinger den seneste uge eller fremover.')
    expect(empty).toContain('Ingen ledige tider inden for bookingvinduet.')
    expect(empty).toContain('Ingen beskeder.')
    const closed = textOf(renderToStaticMarkup(<DeskOverview overview={{ ...overview, freeTimes: undefined }} />))
    expect(closed).toContain('Bookingen er lukket lige nu (se vejledningen, »Når noget går galt«).')
  })

  it('searches by name or e-mail with a GET form and lists who was found', () => {
    const found = renderToStaticMarkup(<DeskOverview overview={{ ...overview, search: { query: 'anne', persons: [{ email: 'anne+test@eksempel.dk', name: 'Anne Jensen', bookings: 1, messages: 0 }] } }} />)
    const searchForm = /<form[^>]*role="search"[^>]*>/.exec(found)?.[0]
    expect(searchForm).toContain('method="get"')
    expect(searchForm).toContain('action="/coach"')
    expect(tagWithId(found, 'soeg')).toContain('name="q"')
    expect(tagWithId(found, 'soeg')).toContain('value="anne"')
    expect(textOf(found)).toContain('Fundet: 1')
    expect(linksOf(found)).toContainEqual(['Anne Jensen (anne+test@eksempel.dk)', '/coach/person?email=anne%2Btest%40eksempel.dk'])
    const none = renderToStaticMarkup(<DeskOverview overview={{ ...overview, search: { query: 'zz', persons: [] } }} />)
    expect(textOf(none)).toContain('Fundet: ingen')
    expect(tagWithId(renderToStaticMarkup(<DeskOverview overview={overview} />), 'soeg')).toContain('value=""')
  })
})

describe('what the site could not send', () => {
  it('shows nothing while everything went out', () => {
    expect(renderToStaticMarkup(<DeskUndelivered undelivered={{ failed: [], retrying: 0 }} formToken="t" />)).toBe('')
  })

  it('lists what gave up with its error and revives it by a post; counts what is retried by itself', () => {
    const undelivered = { failed: [{ what: 'ændring i din kalender', queued: '18. september kl. 10.42', error: 'kalenderen svarer ikke' }], retrying: 2 }
    const html = renderToStaticMarkup(<DeskUndelivered undelivered={undelivered} formToken="formular-token" />)
    expect(textOf(html)).toContain('Ikke sendt endnu 2 ting prøves igen af sig selv om lidt.')
    expect(textOf(html)).toContain('ændring i din kalender fra 18. september kl. 10.42 – kalenderen svarer ikke')
    expect(formsOf(html)).toEqual([{ formular: 'formular-token', handling: 'send-igen', tilbage: '/coach' }])
    const retryingOnly = renderToStaticMarkup(<DeskUndelivered undelivered={{ failed: [], retrying: 1 }} formToken="t" />)
    expect(textOf(retryingOnly)).toBe('Ikke sendt endnu 1 ting prøves igen af sig selv om lidt.')
    expect(formsOf(retryingOnly)).toEqual([])
  })
})

describe('a desk page below /coach', () => {
  it('without a session asks for the e-mail address, and sends a person page back to the overview', () => {
    const html = subpage('booking/k7m2q9xd', { signedIn: false }, { status: 'for-mange' })
    expect(textOf(html)).toContain('Log ind på dit skrivebord')
    expect(textOf(html)).toContain(deskStatusText['for-mange'])
    expect(formsOf(html)).toEqual([{ til: '/coach/booking/k7m2q9xd' }])
    expect(tagWithId(html, 'log-ind-email')).toContain('name="email"')
    expect(formsOf(subpage('person', { signedIn: false }))).toEqual([{ til: '/coach' }])
    // Only the person page goes back to the overview, not any address that happens to end in »person«.
    expect(formsOf(subpage('booking/k2person', { signedIn: false }))).toEqual([{ til: '/coach/booking/k2person' }])
  })

  it('opens a sign-in link only by its button, and tells when the link is used up', () => {
    const usable = subpage('link/abc', { signedIn: false, linkUsable: true })
    expect(formsOf(usable)).toEqual([{ link: 'abc' }])
    expect(textOf(usable)).toContain('Tryk på knappen for at logge ind på denne enhed.')
    for (const page of [{ signedIn: false, linkUsable: false }, { signedIn: false }, { signedIn: true, formToken, page: 'ukendt' }]) {
      const used = subpage('link/abc', page)
      expect(textOf(used)).toContain(deskStatusText['link-ugyldig'])
      expect(formsOf(used)).toEqual([{ til: '/coach' }])
    }
  })

  it('a booking can be moved with a message, cancelled with a reason, and comes back to its own page', () => {
    const html = subpage('booking/k7m2q9xd', { signedIn: true, formToken, page: 'booking', booking })
    expect(textOf(html)).toContain('Booking: Anne Jensen')
    expect(textOf(html)).toContain('mandag 20. april kl. 10.00–10.30 (dansk tid) · bookingnummer k7m2q9xd')
    expect(linksOf(html)).toContainEqual(['Tilbage til overblikket', '/coach'])
    expect(linksOf(html)).toContainEqual(['Alt om personen (eksport og sletning)', '/coach/person?email=anne%2Btest%40eksempel.dk'])
    const back = '/coach/booking/k7m2q9xd'
    expect(formsOf(html)).toEqual([
      { formular: formToken, handling: 'flyt', tilbage: back, kode: 'k7m2q9xd' },
      { formular: formToken, handling: 'aflys', tilbage: back, kode: 'k7m2q9xd' },
      { formular: formToken, handling: 'log-ud', tilbage: back },
      { formular: formToken, handling: 'log-ud-overalt', tilbage: back },
    ])
    expect(tagWithId(html, 'begrundelse')).toContain('required=""')
    expect(tagWithId(html, 'flyt-besked')).toContain('name="besked"')
    expect(html).toContain('<option value="2026-04-21T09:00">kl. 9.00</option>')
    // A booking line on its own page is not a link to itself.
    expect(textOf(html)).toContain('kl. 10.00: Anne Jensen Telefon')
    expect(linksOf(html).map(([, href]) => href)).not.toContain(back)
    const oddCode = subpage('booking/k2person', { signedIn: true, formToken, page: 'booking', booking })
    expect(formsOf(oddCode).at(-1)?.tilbage).toBe('/coach/booking/k2person')
  })

  it('a booking with no other free time, or past changing, offers what is left: the no-show mark and its undoing', () => {
    const full = subpage('booking/k7m2q9xd', { signedIn: true, formToken, page: 'booking', booking: { ...booking, moveTo: [] } })
    expect(textOf(full)).toContain('Der er ingen andre ledige tider lige nu.')
    expect(full).not.toContain('<select')
    const begun = subpage('booking/k7m2q9xd', { signedIn: true, formToken, page: 'booking', booking: { ...booking, changeable: false, begun: true } })
    expect(formsOf(begun).map((form) => form.handling)).toEqual(['udeblevet', 'log-ud', 'log-ud-overalt'])
    expect(textOf(begun)).toContain('Markér som udeblevet')
    const marked = subpage('booking/k7m2q9xd', { signedIn: true, formToken, page: 'booking', booking: { ...booking, changeable: false, begun: true, noShow: true } })
    expect(formsOf(marked).map((form) => form.handling)).toEqual(['udeblevet-fortrudt', 'log-ud', 'log-ud-overalt'])
    expect(textOf(marked)).toContain('Fortryd »udeblev«')
    const cancelled = subpage('booking/k7m2q9xd', { signedIn: true, formToken, page: 'booking', booking: { ...booking, changeable: false, begun: true, cancelled: true } })
    expect(formsOf(cancelled).map((form) => form.handling)).toEqual(['log-ud', 'log-ud-overalt'])
  })

  it('a message shows every field, links to answer, and is marked handled by a post', () => {
    const html = subpage('besked/12', { signedIn: true, formToken, page: 'besked', message })
    const text = textOf(html)
    expect(text).toContain('Besked fra Bo Hansen')
    expect(text).toContain('Modtaget 18. september kl. 10.42 E-mail bo@eksempel.dk Telefon +45 20 30-40 50 Type ydelse Stress coaching Adresse Vestergade 3 Hej Har du tid?')
    expect(linksOf(html)).toContainEqual(['+45 20 30-40 50', 'tel:+4520304050'])
    expect(linksOf(html)).toContainEqual(['bo@eksempel.dk', 'mailto:bo@eksempel.dk'])
    expect(linksOf(html)).toContainEqual(['Alt om personen (eksport og sletning)', '/coach/person?email=bo%40eksempel.dk'])
    expect(formsOf(html)[0]).toEqual({ formular: formToken, handling: 'haandteret', tilbage: '/coach/besked/12', besked: '12' })
    const handled = subpage('besked/12', { signedIn: true, formToken, page: 'besked', message: { ...message, handled: true } })
    expect(textOf(handled)).toContain('Beskeden er håndteret.')
    expect(formsOf(handled).map((form) => form.handling)).toEqual(['blev-klient', 'log-ud', 'log-ud-overalt'])
    // When the message goes, and the button that keeps a client's message for the full period.
    expect(text).toContain('Beskeden slettes automatisk 17. december 2026. Blev klient – gem beskeden i 365 dage')
    expect(formsOf(html)[1]).toEqual({ formular: formToken, handling: 'blev-klient', tilbage: '/coach/besked/12', besked: '12' })
    const client = subpage('besked/12', { signedIn: true, formToken, page: 'besked', message: { ...message, becameClient: true } })
    expect(formsOf(client).map((form) => form.handling)).not.toContain('blev-klient')
    // Without a phone (the field is optional) there is no phone row at all, and no empty tel: link.
    const noPhone = subpage('besked/12', { signedIn: true, formToken, page: 'besked', message: { ...message, phone: '' } })
    expect(textOf(noPhone)).toContain('Modtaget 18. september kl. 10.42 E-mail bo@eksempel.dk Type ydelse Stress coaching')
    expect(textOf(noPhone)).not.toContain('Telefon')
    expect(noPhone).not.toContain('tel:')
  })

  it('a person’s page lists what is stored, exports it, and erases it only after a confirmation', () => {
    const html = subpage('person', { signedIn: true, formToken, page: 'person', person }, { status: 'slettet' })
    const text = textOf(html)
    expect(text).toContain('Anne Jensen (anne+test@eksempel.dk) Bookinger mandag 20. april kl. 10.00 (bekræftet) Beskeder Besked modtaget 18. september')
    expect(linksOf(html)).toContainEqual(['mandag 20. april kl. 10.00 (bekræftet)', '/coach/booking/k7m2q9xd'])
    expect(linksOf(html)).toContainEqual(['Besked modtaget 18. september', '/coach/besked/12'])
    expect(formsOf(html)).toEqual([
      { formular: formToken, handling: 'eksporter', tilbage: '/coach/person', email: 'anne+test@eksempel.dk' },
      { formular: formToken, handling: 'log-ud', tilbage: '/coach/person' },
      { formular: formToken, handling: 'log-ud-overalt', tilbage: '/coach/person' },
    ])
    expect(linksOf(html)).toContainEqual(['Slet alt om personen …', '/coach/person?email=anne%2Btest%40eksempel.dk&amp;slet=ja'])
    expect(text).toContain(deskStatusText.slettet)
    expect(html).toMatch(/<h1[^>]*>Person<\/h1>/)
  })

  it('a person with nothing stored says so', () => {
    const text = textOf(subpage('person', { signedIn: true, formToken, page: 'person', person: { ...person, bookings: [], messages: [] } }))
    expect(text).toContain('Bookinger Ingen. Beskeder Ingen.')
  })

  it('the erasure’s confirmation names the conversations it cancels first', () => {
    const confirm = (upcoming: number) => subpage('person', { signedIn: true, formToken, page: 'person', person: { ...person, upcoming } }, { slet: 'ja' })
    expect(formsOf(confirm(0))[1]).toEqual({ formular: formToken, handling: 'slet', tilbage: '/coach/person', email: 'anne+test@eksempel.dk', bekraeft: 'ja' })
    expect(textOf(confirm(0))).toContain('Bekræft sletningen Alt herover slettes og kan ikke hentes tilbage. Ja, slet alt om personen')
    expect(textOf(confirm(1))).toContain('Alt herover slettes og kan ikke hentes tilbage. Den kommende samtale aflyses først, og personen får besked om aflysningen.')
    expect(textOf(confirm(2))).toContain('De 2 kommende samtaler aflyses først, og personen får besked om aflysningen.')
    expect(linksOf(confirm(1))).toContainEqual(['Fortryd', '/coach/person?email=anne%2Btest%40eksempel.dk'])
  })

  it('an address that names nothing says so', () => {
    for (const page of [{ page: 'ukendt' }, { page: 'booking', booking: undefined }, { page: 'besked', message: undefined }, { page: 'person', person: undefined }]) {
      const html = subpage('booking/x', { signedIn: true, formToken, ...page })
      expect(textOf(html)).toContain('Findes ikke Tilbage til overblikket Der er intet på den adresse (det kan være slettet).')
    }
  })
})

describe('the desk routes', () => {
  it('are private, never stored and never indexed', () => {
    for (const route of [OverviewRoute, SubpageRoute]) {
      const options = route.options as unknown as { headers: () => Record<string, string> }
      expect(options.headers()['Cache-Control']).toBe('no-store, private')
      expect(headOf(route as never).meta).toContainEqual({ name: 'robots', content: 'noindex,nofollow' })
    }
  })

  it('/coach shows the sign-in without a session and the overview with one', () => {
    const signIn = renderPage(OverviewRoute, { loaderData: { signedIn: false }, search: { status: 'tjek-email' } })
    expect(textOf(signIn)).toContain(`Log ind på dit skrivebord ${deskStatusText['tjek-email']}`)
    expect(formsOf(signIn)).toEqual([{ til: '/coach' }])
    const html = renderPage(OverviewRoute, { loaderData: { signedIn: true, formToken, page: 'oversigt', overview }, search: {} })
    expect(textOf(html)).toContain('Dit skrivebord Overblik')
    expect(textOf(html)).toContain('Næste ledige tider')
    expect(formsOf(html).slice(-2)).toEqual([
      { formular: formToken, handling: 'log-ud', tilbage: '/coach' },
      { formular: formToken, handling: 'log-ud-overalt', tilbage: '/coach' },
    ])
  })

  it('/coach/… renders the page its path names', () => {
    const html = renderPage(SubpageRoute, { loaderData: { signedIn: true, formToken, page: 'besked', message }, params: { _splat: 'besked/12' }, search: {} })
    expect(textOf(html)).toContain('Besked fra Bo Hansen')
    expect(formsOf(html)[0]?.tilbage).toBe('/coach/besked/12')
    // /coach/ itself, with nothing after it, signs in back to it.
    expect(formsOf(renderPage(SubpageRoute, { loaderData: { signedIn: false }, params: {}, search: {} }))).toEqual([{ til: '/coach/' }])
    // Signing out comes back to the page of the address.
    expect(formsOf(html).at(-1)).toEqual({ formular: formToken, handling: 'log-ud-overalt', tilbage: '/coach/besked/12' })
  })
})

describe('what the desk says of her calendar', () => {
  it('shows the open problems with the way to »Hvorfor er tiden lukket?«, and a booking she moved in her calendar', () => {
    const moved = 'Du har flyttet samtalen med Anne Jensen (mandag 20. april kl. 10.00–10.30) til mandag 20. april kl. 11.00–11.30 i din kalender – flyt eller aflys for den besøgende?'
    const html = renderToStaticMarkup(
      <DeskOverview overview={{ ...overview, problems: [{ title: 'Bookingen er lukket, fordi en af dine kalendere ikke kan læses.', since: '12. april kl. 09.30' }], days: [{ ...overview.days[0]!, bookings: [{ ...booking, movedInCalendar: moved }] }] }} />,
    )
    expect(textOf(html)).toContain('Det skal du vide Bookingen er lukket, fordi en af dine kalendere ikke kan læses. (siden 12. april kl. 09.30; du har fået en e-mail om det)')
    expect(textOf(html)).toContain(moved)
    expect(linksOf(html)).toContainEqual(['Hvorfor er tiden lukket?', '/coach/lukket'])
    expect(textOf(renderToStaticMarkup(<DeskOverview overview={overview} />))).not.toContain('Det skal du vide')
  })

  it('lists each time of the two weeks with why it is closed', () => {
    const html = subpage('lukket', {
      signedIn: true,
      formToken,
      page: 'lukket',
      closed: { closedNow: undefined, days: [{ date: '2026-04-13', label: 'mandag 13. april', hours: 'kl. 9.00–10.30', slots: [{ time: 'kl. 9.00', reason: 'booket' }, { time: 'kl. 10.00', reason: undefined }] }] },
    })
    expect(textOf(html)).toContain('Hvorfor er tiden lukket?')
    expect(textOf(html)).toContain('mandag 13. april: kl. 9.00–10.30 kl. 9.00 – booket kl. 10.00 – ledig')
  })

  it('tells on the booking’s page that the site left her newer version in her calendar alone', () => {
    const html = subpage('booking/k7m2q9xd', { signedIn: true, formToken, page: 'booking', booking: { ...booking, calendarConflict: true } })
    expect(textOf(html)).toContain('Siden har ikke overskrevet din ændring')
  })
})
