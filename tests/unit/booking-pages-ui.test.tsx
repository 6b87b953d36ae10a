import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ManageBooking } from '~/components/booking/manage-booking'
import { BookingClosed, StatusNotice } from '~/components/booking/status-notice'
import { WeekNavigation, WeekOfTimes } from '~/components/booking/week-of-times'
import { BookingForm } from '~/components/booking/booking-form'
import { bookingStatusText } from '~/lib/booking/booking-form'
import type { ManagedBooking } from '~/lib/booking/page-data'
import { Route as ChosenSlotRoute } from '~/routes/book-samtale/$tidspunkt'
import { Route as WeekRoute } from '~/routes/book-samtale/index'
import type { PortraitImage } from '~/lib/portrait-sizes'
import { getSite } from '~/server/content/content.server'
import { Route as ManageRoute } from '~/routes/booking/$token'
import { headOf, linksOf, metaOf, renderPage, tagWithId, textOf, titleOf } from '../render'
import { bookingWeekHead, chosenSlotHead, manageBookingHead } from '~/server/pages/page-heads.server'
import { untilTheConversationHtml as renderUntilTheConversation } from '~/server/pages/booking-texts.server'

/** The booking pages' sentence about acute help, as their server functions send it. */
const untilTheConversationHtml = renderUntilTheConversation()
const portrait: PortraitImage = { width: 960, height: 1200, avif: [{ url: '/images/portrait-480.avif', width: 480 }], webp: [{ url: '/images/portrait-480.webp', width: 480 }] }

// The server functions' addresses, which the routes' loaders give the forms (Start makes them in its build).
const BOOKING_ACTION = '/_serverFn/booking'
const CHANGE_ACTION = '/_serverFn/booking-change'

const headersOf = (route: { options: { headers?: unknown } }) => (route.options.headers as () => Record<string, string>)()
const validate = (route: { options: { validateSearch?: unknown } }, search: Record<string, unknown>) => (route.options.validateSearch as (search: Record<string, unknown>) => Record<string, unknown>)(search)

const monday = {
  date: '2026-04-20',
  label: 'mandag 20. april',
  slots: [
    { key: '2026-04-20T09:00', time: '9.00', label: 'mandag 20. april kl. 9.00' },
    { key: '2026-04-20T10:30', time: '10.30', label: 'mandag 20. april kl. 10.30' },
  ],
}

const booking: ManagedBooking = {
  code: 'k7m2q9xd',
  name: 'Anne Jensen',
  status: 'bekraeftet',
  period: 'mandag 20. april kl. 10.00–10.30',
  mode: 'Telefon',
  changeable: true,
  cutoff: '24 timer',
  moveTo: [{ date: '2026-04-21', label: 'tirsdag 21. april', slots: [{ key: '2026-04-21T09:00', time: '9.00', label: 'kl. 9.00' }] }],
  addToCalendar: { google: 'https://calendar.google.com/x', outlook: 'https://outlook.live.com/x', outlookWork: 'https://outlook.office.com/x' },
}

describe('the week of free times', () => {
  it('names each day and links each time to its form, the link named by the full date', () => {
    const html = renderToStaticMarkup(<WeekOfTimes days={[monday]} />)
    expect(html).toContain('<h2 id="dag-2026-04-20-titel"')
    // The day is an anchor: a refused booking is sent back to /book-samtale?uge=…#dag-2026-04-20.
    expect(tagWithId(html, 'dag-2026-04-20')).toMatch(/^<section /)
    expect(html).toContain('aria-labelledby="dag-2026-04-20-titel"')
    expect(html).toContain('<time dateTime="2026-04-20">mandag 20. april</time>')
    expect(html).toMatch(/<a href="\/book-samtale\/2026-04-20T09%3A00" aria-label="mandag 20. april kl. 9.00"[^>]*><time dateTime="2026-04-20T09:00">9.00<\/time><\/a>/)
    expect(linksOf(html).map(([, href]) => href)).toEqual(['/book-samtale/2026-04-20T09%3A00', '/book-samtale/2026-04-20T10%3A30'])
  })

  it('says so when a week has no free time', () => {
    expect(textOf(renderToStaticMarkup(<WeekOfTimes days={[]} />))).toBe('Der er ingen ledige tider i denne uge.')
  })

  it('walks to the weeks around it and to the first free time, each only when there is one', () => {
    const html = renderToStaticMarkup(<WeekNavigation previousWeek="2026-W16" nextWeek="2026-W18" firstFree={{ key: '2026-04-20T09:00', label: 'mandag 20. april kl. 9.00' }} />)
    expect(html).toContain('aria-label="Uger"')
    expect(linksOf(html)).toEqual([
      ['Forrige uge', '/book-samtale?uge=2026-W16'],
      ['Næste uge', '/book-samtale?uge=2026-W18'],
      ['Første ledige tid (mandag 20. april kl. 9.00)', '/book-samtale/2026-04-20T09%3A00'],
    ])
    expect(linksOf(renderToStaticMarkup(<WeekNavigation />))).toEqual([])
  })
})

describe('the outcome of a booking post', () => {
  it('is announced politely when it went well and at once when it did not', () => {
    for (const status of ['tjek-email', 'flyttet', 'aflyst'] as const) {
      const html = renderToStaticMarkup(<StatusNotice status={status} texts={bookingStatusText} />)
      expect(tagWithId(html, 'status')).toContain('role="status"')
      expect(textOf(html)).toBe(bookingStatusText[status])
    }
    for (const status of ['ugyldig', 'taget', 'samme-tid'] as const) {
      const html = renderToStaticMarkup(<StatusNotice status={status} texts={bookingStatusText} />)
      expect(tagWithId(html, 'status')).toContain('role="alert"')
      expect(textOf(html)).toBe(bookingStatusText[status])
      expect(linksOf(html)).toEqual([])
    }
    expect(renderToStaticMarkup(<StatusNotice status={undefined} texts={bookingStatusText} />)).toBe('')
  })

  it('points to the contact form when booking is closed, too late or failed', () => {
    for (const status of ['lukket', 'for-sent', 'fejl'] as const) {
      const html = renderToStaticMarkup(<StatusNotice status={status} texts={bookingStatusText} />)
      expect(textOf(html)).toBe(`${bookingStatusText[status]} Gå til kontaktformularen.`)
      expect(linksOf(html)).toEqual([['Gå til kontaktformularen', '/kontakt']])
    }
  })

  it('offers the contact form instead of times while booking is closed', () => {
    const html = renderToStaticMarkup(<BookingClosed />)
    expect(textOf(html)).toContain('Booking er ikke åben lige nu')
    expect(linksOf(html)).toEqual([['Gå til kontaktformularen', '/kontakt']])
  })
})

describe('the booking form', () => {
  const form = (errors = {}) => renderToStaticMarkup(<BookingForm action={BOOKING_ACTION} slotKey="2026-04-20T10:00" modes={[{ value: 'telefon', label: 'Telefon' }, { value: 'video', label: 'Video' }]} errors={errors} />)

  it('posts the chosen time with name, e-mail and phone required, and the first way to talk chosen', () => {
    const html = form()
    expect(html).toContain('<input type="hidden" name="tidspunkt" value="2026-04-20T10:00"/>')
    expect(tagWithId(html, 'bookingformular')).toContain(`action="${BOOKING_ACTION}"`)
    for (const name of ['navn', 'email', 'telefon']) {
      expect(tagWithId(html, `booking-${name}`)).toContain(`name="${name}"`)
      expect(tagWithId(html, `booking-${name}`)).toContain('required=""')
    }
    const radios = html.match(/<input type="radio"[^>]*>/g) ?? []
    expect(radios).toHaveLength(2)
    for (const radio of radios) expect(radio).toMatch(/name="form".*required=""|required="".*name="form"/)
    expect(radios[0]).toMatch(/checked="" value="telefon"/)
    expect(radios[1]).not.toContain('checked')
    expect(tagWithId(html, 'booking-besked')).toContain('name="besked"')
    expect(tagWithId(html, 'booking-besked')).not.toContain('required')
    // The hint is read with the field, before anything is wrong.
    expect(tagWithId(html, 'booking-besked')).toContain('aria-describedby="booking-besked-hint"')
    expect(textOf(/<p id="booking-besked-hint"[^>]*>[^<]*<\/p>/.exec(html)?.[0] ?? '')).toBe('Valgfrit. Skriv gerne kort, hvad du vil tale om – men ingen helbredsoplysninger; dem tager vi i samtalen.')
    expect(textOf(/<legend[\s\S]*?<\/legend>/.exec(html)?.[0] ?? '')).toBe('Hvordan vil du tale sammen? *')
    expect(html).toContain('name="website"')
    expect(html).not.toContain('aria-invalid')
  })

  it('marks a wrong field and reads its message with it', () => {
    const html = form({ telefon: 'Skriv et telefonnummer.', form: 'Vælg hvordan.' })
    expect(tagWithId(html, 'booking-telefon')).toContain('aria-invalid="true"')
    expect(tagWithId(html, 'booking-telefon')).toContain('aria-describedby="booking-telefon-fejl"')
    expect(tagWithId(html, 'booking-navn')).not.toContain('aria-invalid')
    expect(tagWithId(form({ besked: 'For lang.' }), 'booking-besked')).toContain('aria-describedby="booking-besked-hint booking-besked-fejl"')
    expect(html).toMatch(/id="booking-telefon-fejl"[^>]*>Skriv et telefonnummer\.</)
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="booking-form-fejl"/)
    expect(html).toMatch(/id="booking-form-fejl"[^>]*>Vælg hvordan\.</)
  })
})

describe('the manage page of a booking', () => {
  it('shows the time, the way, the name and the number, and links to the three calendars', () => {
    const html = renderToStaticMarkup(<ManageBooking action={CHANGE_ACTION} booking={booking} token="tok123" />)
    expect(textOf(html)).toContain('Din samtale Tid mandag 20. april kl. 10.00–10.30 (dansk tid) Form Telefon Navn Anne Jensen Bookingnummer k7m2q9xd')
    expect(linksOf(html)).toEqual([
      ['Google Kalender', 'https://calendar.google.com/x'],
      ['Outlook.com (privat konto)', 'https://outlook.live.com/x'],
      ['Outlook (arbejds- eller skolekonto)', 'https://outlook.office.com/x'],
      ['Apple Kalender og andre (.ics)', '/booking/tok123/kalender.ics'],
    ])
    expect(textOf(html)).toContain('Takker du nej til kalenderinvitationen i din e-mail, aflyses samtalen ikke.')
  })

  it('moves and cancels only by the two posts, each with the link, and says until when', () => {
    const html = renderToStaticMarkup(<ManageBooking action={CHANGE_ACTION} booking={booking} token="tok123" />)
    const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? []
    expect(forms).toHaveLength(2)
    expect(forms[0]).toContain('<input type="hidden" name="link" value="tok123"/>')
    expect(forms[0]).toContain('<input type="hidden" name="handling" value="flyt"/>')
    expect(forms[0]).toMatch(/<select id="ny-tid" name="tidspunkt" required=""/)
    // No time is chosen beforehand: »Flyt« without a choice is refused by the browser, not a move to the first time.
    expect(forms[0]).toMatch(/<select[^>]*><option value="" disabled="" selected="">Vælg en tid<\/option><optgroup/)
    expect(forms[0]).toMatch(/<optgroup label="tirsdag 21. april"><option value="2026-04-21T09:00">kl. 9.00<\/option><\/optgroup>/)
    expect(forms[1]).toContain('<input type="hidden" name="link" value="tok123"/>')
    expect(forms[1]).toContain('<input type="hidden" name="handling" value="aflys"/>')
    expect(textOf(forms[1]!)).toContain('Aflys samtalen Tiden bliver frigivet, og du får en bekræftelse på e-mail. Aflys')
    expect(textOf(html)).toContain('Du kan flytte eller aflyse her indtil 24 timer før samtalen.')
  })

  it('asks to call or write when no other time is free', () => {
    const html = renderToStaticMarkup(<ManageBooking action={CHANGE_ACTION} booking={{ ...booking, moveTo: [] }} token="t" />)
    expect(textOf(html)).toContain('Der er ingen andre ledige tider lige nu. Ring eller skriv, så finder vi en tid.')
    expect(html).not.toContain('<select')
  })

  it('offers no change once it is too late, and none but a new booking once cancelled', () => {
    const late = renderToStaticMarkup(<ManageBooking action={CHANGE_ACTION} booking={{ ...booking, changeable: false }} token="t" />)
    expect(late).not.toContain('<form')
    expect(textOf(late)).toContain('Samtalen kan ikke længere ændres her. Ring eller skriv til mig, hvis der er noget.')
    const cancelled = renderToStaticMarkup(<ManageBooking action={CHANGE_ACTION} booking={{ ...booking, status: 'aflyst', addToCalendar: undefined }} token="t" />)
    expect(cancelled).not.toContain('<form')
    expect(cancelled).not.toContain('kalender')
    expect(textOf(cancelled)).toContain('Aflyst samtale')
    expect(textOf(cancelled)).toContain('Samtalen er aflyst. Du er velkommen til at booke en ny tid.')
    expect(cancelled).toContain('line-through')
  })
})

describe('the booking routes', () => {
  it('are never stored by a cache and never indexed; the manage page also cuts off the window that opened it', () => {
    for (const route of [WeekRoute, ChosenSlotRoute, ManageRoute]) expect(headersOf(route)['Cache-Control']).toBe('no-store')
    expect(headersOf(ManageRoute)['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(headersOf(WeekRoute)['Cross-Origin-Opener-Policy']).toBeUndefined()
    const week = bookingWeekHead()
    expect(titleOf(week)).toMatch(/^Book en samtale \| /)
    expect(metaOf(week, 'robots')).toBe('noindex,follow')
    expect(week.meta).toContainEqual({ name: 'description', content: 'Vælg en tid til en gratis, uforpligtende første samtale – i telefonen, på video eller i Fredericia.' })
    expect(week.links?.[0]?.href).toMatch(/\/book-samtale$/)
    const slot = chosenSlotHead('2026-04-20T10:00')
    expect(metaOf(slot, 'robots')).toBe('noindex,follow')
    expect(titleOf(slot)).toMatch(/^Book en samtale \| /)
    expect(slot.meta).toContainEqual({ name: 'description', content: 'Book en gratis, uforpligtende første samtale.' })
    expect(slot.links?.[0]?.href).toMatch(/\/book-samtale\/2026-04-20T10:00$/)
    const manage = manageBookingHead()
    expect(titleOf(manage)).toMatch(/^Din booking \| /)
    expect(metaOf(manage, 'robots')).toBe('noindex,follow')
    // The token must not travel in the canonical link.
    expect(manage.links?.[0]?.href).toMatch(/\/booking$/)
    expect(manage.meta).toContainEqual({ name: 'description', content: 'Flyt eller aflys din samtale.' })
    // Each route's head is the one the server sent with its data.
    const sent = { meta: [{ title: 'Siden' }], links: [] }
    for (const route of [WeekRoute, ChosenSlotRoute, ManageRoute]) expect(headOf(route, { loaderData: { head: sent } })).toBe(sent)
  })

  it('keep only the search values they know: an ISO week, a booking outcome, a short list of fields', () => {
    expect(validate(WeekRoute, { uge: '2026-W17', status: 'taget' })).toEqual({ uge: '2026-W17', status: 'taget' })
    expect(validate(WeekRoute, { uge: 'x2026-W17', status: 'hacket' })).toEqual({ uge: undefined, status: undefined })
    expect(validate(WeekRoute, { uge: '2026-W17x' }).uge).toBeUndefined()
    expect(validate(WeekRoute, { uge: 202617 }).uge).toBeUndefined()
    // A list whose text is a week is still no week.
    expect(validate(WeekRoute, { uge: ['2026-W17'] }).uge).toBeUndefined()
    expect(validate(ChosenSlotRoute, { status: 'ugyldig', felter: 'navn,email' })).toEqual({ status: 'ugyldig', felter: 'navn,email' })
    expect(validate(ChosenSlotRoute, { felter: 'x'.repeat(99) }).felter).toBe('x'.repeat(99))
    expect(validate(ChosenSlotRoute, { felter: 'x'.repeat(100), status: 'nej' })).toEqual({ felter: undefined, status: undefined })
    expect(validate(ChosenSlotRoute, { felter: ['navn'] }).felter).toBeUndefined()
    expect(validate(ManageRoute, { status: 'flyttet' })).toEqual({ status: 'flyttet' })
    expect(validate(ManageRoute, { status: 'nej' })).toEqual({ status: undefined })
  })

  it('/book-samtale shows the week with its number, its times and the way to the contact form, and the help that cannot wait', () => {
    const html = renderPage(WeekRoute, {
      loaderData: { week: { open: true, week: '2026-W17', label: 'mandag 20. – søndag 26. april', days: [monday], nextWeek: '2026-W18' }, untilTheConversationHtml, portrait, statusTexts: bookingStatusText },
      search: { status: 'aflyst' },
    })
    const text = textOf(html)
    // Her face and name beside the times.
    expect(html).toMatch(/<img [^>]*src="\/images\/portrait-480\.webp"[^>]*alt="[^"]+"/)
    expect(text).toContain(`Du taler med mig, ${getSite().name}, certificeret coach i ${getSite().address.city}.`)
    expect(text).toContain('Vælg en tid Den første samtale er gratis og uforpligtende og varer en halv time. Alle tider er dansk tid.')
    expect(text).toContain(bookingStatusText.aflyst)
    expect(text).toContain('Uge 17: mandag 20. – søndag 26. april')
    expect(linksOf(html)).toContainEqual(['Næste uge', '/book-samtale?uge=2026-W18'])
    expect(text).toContain('Passer ingen af tiderne, eller vil du hellere spørge om noget først? Skriv til mig')
    expect(linksOf(html)).toContainEqual(['Skriv til mig', '/kontakt'])
    expect(text).toContain('Samtalen er ikke akut hjælp.')
  })

  it('/book-samtale offers the contact form instead of times while booking is closed', () => {
    const html = renderPage(WeekRoute, { loaderData: { week: { open: false }, untilTheConversationHtml, portrait: undefined, statusTexts: bookingStatusText }, search: {} })
    expect(textOf(html)).toContain('Booking er ikke åben lige nu')
    expect(html).not.toContain('id="status"')
    expect(textOf(html)).toContain('Samtalen er ikke akut hjælp.')
  })

  it('the chosen time shows its form, with the fields the server refused marked by their hints', () => {
    const slot = { state: 'ledig', key: '2026-04-20T10:00', label: 'mandag 20. april kl. 10.00', ends: '10.30', week: '2026-W17', modes: [{ value: 'telefon', label: 'Telefon' }] }
    const loaderData = { slot, untilTheConversationHtml, bookingAction: BOOKING_ACTION, statusTexts: bookingStatusText }
    const html = renderPage(ChosenSlotRoute, { loaderData, search: { status: 'ugyldig', felter: 'telefon,ukendt' } })
    const text = textOf(html)
    expect(text).toContain('Du har valgt mandag 20. april kl. 10.00')
    // The time once, in the heading; the intro adds only when it ends.
    expect(text).toContain('Samtalen varer til kl. 10.30 (dansk tid) og er gratis og uforpligtende.')
    expect(text.match(/kl\. 10\.00/g)).toHaveLength(1)
    expect(text).toContain(bookingStatusText.ugyldig)
    expect(html).toContain('<input type="hidden" name="tidspunkt" value="2026-04-20T10:00"/>')
    expect(tagWithId(html, 'bookingformular')).toContain(`action="${BOOKING_ACTION}"`)
    expect(tagWithId(html, 'booking-telefon')).toContain('aria-invalid="true"')
    expect(tagWithId(html, 'booking-navn')).not.toContain('aria-invalid')
    expect(html).toMatch(/id="booking-telefon-fejl"[^>]*>[^<]+</)
    expect(linksOf(html)).toContainEqual(['Vælg en anden tid', '/book-samtale?uge=2026-W17'])
    expect(text).toContain('Samtalen er ikke akut hjælp.')
    expect(text).not.toContain('Booking er ikke åben')
    expect(tagWithId(renderPage(ChosenSlotRoute, { loaderData, search: {} }), 'booking-telefon')).not.toContain('aria-invalid')
  })

  it('a time that is taken or closed cannot be booked, and says where to go instead', () => {
    const taken = renderPage(ChosenSlotRoute, { loaderData: { slot: { state: 'ikke-ledig', week: '2026-W17' }, untilTheConversationHtml, bookingAction: BOOKING_ACTION, statusTexts: bookingStatusText }, search: {} })
    expect(textOf(taken)).toContain('Tiden kan ikke bookes')
    expect(textOf(taken)).toContain('Den tid er ikke ledig (længere). Vælg en anden tid.')
    expect(linksOf(taken)).toContainEqual(['Vælg en anden tid', '/book-samtale?uge=2026-W17'])
    expect(taken).not.toContain('<form')
    // A time that names no week (no real date) sends the visitor to the first week with times.
    expect(linksOf(renderPage(ChosenSlotRoute, { loaderData: { slot: { state: 'ikke-ledig', week: undefined }, untilTheConversationHtml, bookingAction: BOOKING_ACTION, statusTexts: bookingStatusText }, search: {} }))).toContainEqual(['Vælg en anden tid', '/book-samtale'])
    expect(textOf(taken)).not.toContain('gratis og uforpligtende')
    const closed = renderPage(ChosenSlotRoute, { loaderData: { slot: { state: 'lukket' }, untilTheConversationHtml, bookingAction: BOOKING_ACTION, statusTexts: bookingStatusText }, search: {} })
    expect(textOf(closed)).toContain('Booking er ikke åben lige nu')
    expect(textOf(closed)).not.toContain('Den tid er ikke ledig')
    expect(closed).not.toContain('<form')
  })

  it('the manage page names a cancelled conversation in its heading', () => {
    const heading = (html: string) => textOf(/<h1[^>]*>[^<]*<\/h1>/.exec(html)?.[0] ?? '')
    expect(heading(renderPage(ManageRoute, { loaderData: { booking, changeAction: CHANGE_ACTION, statusTexts: bookingStatusText }, params: { token: 'tok' }, search: {} }))).toBe('Flyt eller aflys din samtale')
    const cancelled = renderPage(ManageRoute, { loaderData: { booking: { ...booking, status: 'aflyst' }, changeAction: CHANGE_ACTION, statusTexts: bookingStatusText }, params: { token: 'tok' }, search: { status: 'aflyst' } })
    expect(heading(cancelled)).toBe('Samtalen er aflyst')
    expect(textOf(cancelled)).toContain(bookingStatusText.aflyst)
    expect(renderPage(ManageRoute, { loaderData: { booking, changeAction: CHANGE_ACTION, statusTexts: bookingStatusText }, params: { token: 'tok123' }, search: {} })).toContain('/booking/tok123/kalender.ics')
  })
})
