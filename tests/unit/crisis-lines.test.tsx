import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { crisisHelpFor, crisisSentenceText, notForAcuteHelp as notForAcuteHelpOf, untilTheConversation as untilTheConversationOf } from '~/lib/content/crisis-lines'
import { getCrisisLines } from '~/server/content/content.server'
import { CrisisHelpSentence, CrisisLineShort, CrisisLines } from '~/components/blog/crisis-lines'
import { UntilTheConversation } from '~/components/booking/until-the-conversation'
import BookingEmailPreview from '~/emails/booking-email'
import { ContactConfirmationEmail } from '~/emails/contact-confirmation'
import { untilTheConversationHtml } from '~/server/pages/booking-texts.server'

// The lines as the site reads them (a copy of the shipped kriselinjer.yaml: tests/fixtures/content).
const help = (audience: 'adult' | 'teen') => crisisHelpFor(getCrisisLines(), audience)
const notForAcuteHelp = notForAcuteHelpOf(getCrisisLines())
const untilTheConversation = untilTheConversationOf(getCrisisLines())

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ').replace(/\u2060/g, '')

describe('crisis lines under an article', () => {
  it('give adults Livslinien with its hours, 112 and lægevagten with its number, each number a link to call', () => {
    const html = renderToStaticMarkup(<CrisisLines lines={help('adult').lines} />)
    expect(text(html)).toMatch(/Livslinien: 70 201 201[\s\S]*Åben alle dage kl\. 11\.00–5\.00\.[\s\S]*Ved akut fare: 112[\s\S]*Lægevagten i Region Syddanmark: 70 11 07 07[\s\S]*din egen læge[\s\S]*sundhedskort/)
    expect(html).toContain('href="tel:+4570201201"')
    expect(html).toContain('href="tel:112"')
    expect(html).toContain('href="tel:+4570110707"')
    expect(text(html)).not.toContain('BørneTelefonen')
  })

  it('give young people BørneTelefonen first, and the same help as adults', () => {
    const html = renderToStaticMarkup(<CrisisLines lines={help('teen').lines} />)
    expect(text(html)).toMatch(/BørneTelefonen: 116 111[\s\S]*Åben hele døgnet\.[\s\S]*Livslinien: 70 201 201[\s\S]*112/)
    expect(html).toContain('href="tel:116111"')
  })

  it('put one sentence of it in the call-to-action card', () => {
    expect(text(renderToStaticMarkup(<CrisisLineShort short={help('adult').short} />))).toBe(
      'Har du det rigtig svært lige nu? Ring til Livslinien på 70 201 201 – eller 112 ved akut fare.',
    )
    expect(text(renderToStaticMarkup(<CrisisLineShort short={help('teen').short} />))).toBe(
      'Har du det rigtig svært lige nu? Ring til BørneTelefonen på 116 111 eller Livslinien på 70 201 201 – eller 112 ved akut fare.',
    )
  })

  it('tell on /kontakt and in the receipt that the form is not for acute help: 112, Livslinien, lægevagten', () => {
    const expected =
      'Kontaktformularen er ikke beregnet til akut hjælp. Er der fare for liv, så ring 112. Har du det rigtig svært, kan du tale anonymt med Livslinien på 70 201 201 (alle dage kl. 11.00–5.00). Når din egen læge har lukket, kan du ringe til lægevagten – i Region Syddanmark på 70 11 07 07.'
    const html = renderToStaticMarkup(<CrisisHelpSentence sentence={notForAcuteHelp} />)
    expect(text(html)).toBe(expected)
    for (const href of ['tel:112', 'tel:+4570201201', 'tel:+4570110707']) expect(html).toContain(`href="${href}"`)
    expect(text(crisisSentenceText(notForAcuteHelp))).toBe(expected)
    expect(text(renderToStaticMarkup(<ContactConfirmationEmail />))).toContain(expected)
  })

  it('tell on the booking pages and in the e-mails before the conversation where to turn until then: Livslinien and 112', () => {
    const expected = 'Samtalen er ikke akut hjælp. Har du det rigtig svært, inden vi ses, kan du tale anonymt med Livslinien på 70 201 201 (alle dage kl. 11.00–5.00). Er der fare for liv, så ring 112.'
    const html = renderToStaticMarkup(<UntilTheConversation html={untilTheConversationHtml()} />)
    expect(text(html)).toBe(expected)
    for (const href of ['tel:112', 'tel:+4570201201']) expect(html).toContain(`href="${href}"`)
    expect(text(crisisSentenceText(untilTheConversation))).toBe(expected)
    expect(text(renderToStaticMarkup(<BookingEmailPreview />))).toContain(expected)
  })
})
