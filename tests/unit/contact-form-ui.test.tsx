import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import { ContactForm } from '~/components/contact/contact-form'
import { Honeypot } from '~/components/ui/honeypot'
import { contactStatusText, serviceTypeLabels } from '~/lib/contact'
import { linksOf, tagWithId, textOf, withSite } from '../render'

const form = (props: Partial<React.ComponentProps<typeof ContactForm>> = {}) => renderToStaticMarkup(withSite(<ContactForm action="/kontakt" {...props} />))

describe('the contact form', () => {
  it('posts to the page without JavaScript, names its fields for the server, and requires name, e-mail and message', () => {
    const html = form()
    const opening = /<form[^>]*>/.exec(html)?.[0] ?? ''
    expect(opening).toContain('method="post"')
    expect(opening).toContain('action="/kontakt"')
    expect(opening).toContain('aria-labelledby="kontaktformular-titel"')
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'address', 'message']) expect(tagWithId(html, `kontakt-${name}`)).toContain(`name="${name}"`)
    for (const name of ['firstName', 'lastName', 'email', 'message']) expect(tagWithId(html, `kontakt-${name}`)).toContain('required=""')
    for (const name of ['serviceType', 'address']) expect(tagWithId(html, `kontakt-${name}`)).not.toContain('required')
    expect(tagWithId(html, 'kontakt-phone').includes('required')).toBe(site.contactPhoneRequired)
    expect(html).not.toContain('aria-invalid')
    expect(html).not.toContain('role=')
    // A required field says so in its label; an optional one does not.
    const label = (name: string) => textOf(new RegExp(`<label for="kontakt-${name}"[^>]*>[\\s\\S]*?</label>`).exec(html)?.[0] ?? '')
    expect(['firstName', 'lastName', 'email', 'message'].map(label)).toEqual(['Fornavn *', 'Efternavn *', 'E-mail *', 'Besked *'])
    expect(label('address')).toBe('Adresse')
    expect(label('serviceType')).toBe('Type ydelse')
    expect(textOf(html)).toContain('Send mig en besked Jeg svarer inden for én hverdag. Felter markeret med * skal udfyldes.')
    expect(/<button[^>]*>([^<]*)<\/button>/.exec(html)?.[1]).toBe('Send besked')
    expect(/<button[^>]*>/.exec(html)?.[0]).not.toContain('disabled=""')
  })

  it('offers every service, none chosen, and reads each hint with its field', () => {
    const html = form()
    expect(html).toContain('<option value="" selected="">Vælg ydelse (valgfrit)</option>')
    for (const [value, label] of Object.entries(serviceTypeLabels)) expect(html).toContain(`<option value="${value}">${label.replace(/–/g, '–')}</option>`)
    expect(tagWithId(html, 'kontakt-address')).toContain('aria-describedby="kontakt-address-hint"')
    expect(html).toMatch(/id="kontakt-address-hint"[^>]*>Valgfrit – fx til en faktura</)
    expect(tagWithId(html, 'kontakt-firstName')).not.toContain('aria-describedby')
    expect(textOf(/<p id="kontakt-message-hint"[^>]*>[^<]*<\/p>/.exec(html)?.[0] ?? '')).toBe('Skriv kort, hvad du gerne vil tale om – men ingen helbredsoplysninger; dem tager vi i samtalen.')
    if (!site.contactPhoneRequired) {
      expect(tagWithId(html, 'kontakt-phone')).toContain('aria-describedby="kontakt-phone-hint"')
      expect(html).toMatch(/id="kontakt-phone-hint"[^>]*>Valgfrit – hvis du hellere vil ringes op</)
    }
  })

  it('marks the fields a refused post got wrong, with the message read after the hint', () => {
    const html = form({ initialResult: { status: 'ugyldig', fieldErrors: { email: 'Skriv en gyldig e-mail.', message: 'Skriv en besked.' } } })
    expect(tagWithId(html, 'kontakt-email')).toContain('aria-invalid="true"')
    expect(tagWithId(html, 'kontakt-email')).toContain('aria-describedby="kontakt-email-fejl"')
    expect(tagWithId(html, 'kontakt-message')).toContain('aria-describedby="kontakt-message-hint kontakt-message-fejl"')
    expect(tagWithId(html, 'kontakt-firstName')).not.toContain('aria-invalid')
    expect(html).toMatch(/id="kontakt-email-fejl"[^>]*>Skriv en gyldig e-mail\.</)
    expect(html).toMatch(/<div aria-live="polite" aria-atomic="true"><p tabindex="-1"[^>]*>Beskeden blev ikke sendt/)
    expect(textOf(html)).toContain(contactStatusText.ugyldig)
  })

  it('keeps what the visitor typed when a post was refused', () => {
    const html = form({ initialValues: { firstName: 'Anne', message: 'Hej <du>' } })
    expect(tagWithId(html, 'kontakt-firstName')).toContain('value="Anne"')
    expect(tagWithId(html, 'kontakt-lastName')).toContain('value=""')
    expect(html).toMatch(/<textarea[^>]*id="kontakt-message"[^>]*>Hej &lt;du&gt;<\/textarea>/)
  })

  it('gives the phone number when the visitor has sent too many, and thanks for a received message', () => {
    const tooMany = form({ initialResult: { status: 'for-mange' } })
    expect(textOf(tooMany)).toContain(`${contactStatusText['for-mange']} ${site.phone.display.replace(/\u00a0/g, ' ')}.`)
    expect(linksOf(tooMany)).toContainEqual([site.phone.display.replace(/\u00a0/g, ' '), site.phone.href])
    const sent = form({ initialResult: { status: 'sendt' } })
    expect(textOf(sent)).toContain(contactStatusText.sendt)
    expect(linksOf(sent)).not.toContainEqual([site.phone.display.replace(/\u00a0/g, ' '), site.phone.href])
  })

  it('carries the spam trap, hidden from people and screen readers, and the privacy notice', () => {
    const html = form()
    expect(html).toContain(renderToStaticMarkup(<Honeypot />))
    const trap = renderToStaticMarkup(<Honeypot />)
    expect(trap).toMatch(/^<div aria-hidden="true" class="absolute -left-\[10000px\][^"]*overflow-hidden">/)
    expect(/<input[^>]*>/.exec(trap)?.[0]).toMatch(/type="text"[^>]*tabindex="-1"[^>]*autoComplete="off"[^>]*name="website"[^>]*value=""/)
    expect(linksOf(html)).toContainEqual(['privatlivspolitik', '/privatlivspolitik'])
    expect(textOf(html)).toContain('Læs i min privatlivspolitik, hvordan jeg behandler dine oplysninger.')
  })
})
