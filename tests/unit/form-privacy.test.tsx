import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BookingForm } from '~/components/booking/booking-form'
import { ContactForm } from '~/components/contact/contact-form'
import { SiteContext } from '~/lib/content/site-data'
import { getSite } from '~/server/content/content.server'

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")

const contact = renderToStaticMarkup(
  <SiteContext value={getSite()}>
    <ContactForm action="/kontakt" />
  </SiteContext>,
)
const booking = renderToStaticMarkup(<BookingForm action="/_serverFn/booking" slotKey="2026-04-20T10:00" modes={[{ value: 'telefon', label: 'Telefon' }]} errors={{}} />)

describe('what the forms say about privacy', () => {
  it('the contact form asks, as the booking form does, to keep health details for the conversation, in the hint read with the field', () => {
    expect(text(contact)).toContain('Skriv kort, hvad du gerne vil tale om – men ingen helbredsoplysninger; dem tager vi i samtalen.')
    expect(contact).toMatch(/<textarea[^>]*aria-describedby="kontakt-message-hint"/)
    expect(contact).toMatch(/id="kontakt-message-hint"[^>]*>Skriv kort/)
    expect(text(booking)).toContain('men ingen helbredsoplysninger; dem tager vi i samtalen.')
  })

  it('both point to the policy without calling the sending an acceptance of it', () => {
    for (const form of [contact, booking]) {
      expect(text(form)).toContain('Læs i min privatlivspolitik, hvordan jeg behandler dine oplysninger.')
      expect(form).toContain('href="/privatlivspolitik"')
      expect(text(form)).not.toMatch(/accepterer/)
    }
  })
})
