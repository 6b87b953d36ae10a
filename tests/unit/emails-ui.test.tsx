import { render } from '@react-email/render'
import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import BookingEmailPreview, { BookingEmail } from '~/emails/booking-email'
import { ContactConfirmationEmail } from '~/emails/contact-confirmation'
import { ContactNotificationEmail } from '~/emails/contact-notification'
import NewsletterEmailPreview, { NewsletterEmail } from '~/emails/newsletter-email'
import { linksOf, textOf } from '../render'

const plainText = (email: React.ReactElement) => render(email, { plainText: true })
const booking = {
  preview: 'Din samtale er booket',
  heading: 'Din samtale er booket',
  paragraphs: ['Tid: mandag 20. april kl. 10.00', 'Besked: Første linje\nAnden linje'],
  closing: ['Venlig hilsen', 'Birgitte Holm'],
}

describe('every e-mail', () => {
  it('is Danish, previews its point, and ends with who sends it and how to reach her', async () => {
    const html = await render(<BookingEmail {...booking} />)
    expect(html).toMatch(/<html[^>]*lang="da"/)
    expect(html).toContain('Din samtale er booket')
    expect(textOf(html)).toContain(`${site.name} · ${site.address.street}, ${site.address.postalCode} ${site.address.city} · ${site.phone.display.replace(/\u00a0/g, ' ')} · ${site.email}`)
  })
})

describe('the e-mails about a booking', () => {
  it('state each fact as its own paragraph, keep the note’s line breaks, and close with the greeting', async () => {
    const text = await plainText(<BookingEmail {...booking} />)
    expect(text).toContain('Tid: mandag 20. april kl. 10.00\n\nBesked: Første linje\nAnden linje')
    expect(text).toMatch(/Venlig hilsen\nBirgitte Holm/)
    expect(text).not.toContain('Samtalen er ikke akut hjælp')
    const html = await render(<BookingEmail {...booking} />)
    expect(html).toMatch(/<span>Venlig hilsen<\/span><span><br\/?>Birgitte Holm<\/span>/)
    // Without a footnote there is no small print but the sender's address at the foot.
    expect(html.match(/font-size:13px/g)).toHaveLength(1)
    expect((await render(<BookingEmail {...booking} footnote="Lille skrift." />)).match(/font-size:13px/g)).toHaveLength(2)
  })

  it('keep a line break however the visitor’s system wrote it', async () => {
    const text = await plainText(<BookingEmail {...booking} paragraphs={['Besked: Windows\r\ngammel Mac\rUnix\nslut']} />)
    expect(text).toContain('Besked: Windows\ngammel Mac\nUnix\nslut')
  })

  it('give the manage link as its own address, the help until the conversation, and the footnote when asked', async () => {
    const email = <BookingEmail {...booking} link={{ label: 'Flyt eller aflys', href: 'https://www.eksempel.dk/booking/tok' }} crisisHelp footnote="Du får denne e-mail, fordi du har booket." />
    const html = await render(email)
    expect(linksOf(html)).toEqual([['https://www.eksempel.dk/booking/tok', 'https://www.eksempel.dk/booking/tok']])
    const text = textOf(html)
    expect(text).toContain('Flyt eller aflys: https://www.eksempel.dk/booking/tok')
    expect(text).toContain('Samtalen er ikke akut hjælp. Har du det rigtig svært, inden vi ses, kan du tale anonymt med Livslinien på 70 201 201')
    expect(text).toContain('Du får denne e-mail, fordi du har booket.')
    expect(linksOf(await render(<BookingEmail {...booking} />))).toEqual([])
  })

  it('the preview of `npm run email:dev` is a complete confirmation', async () => {
    const text = textOf(await render(<BookingEmailPreview />))
    expect(text).toContain('Din samtale er booket Tid: tirsdag 7. april kl. 10.00–10.30 (dansk tid)')
    expect(text).toContain('Flyt eller aflys: https://www.eksempel.dk/booking/eksempel')
  })
})

describe('the newsletter’s e-mails', () => {
  const notice = { preview: 'Ny artikel: Ro', heading: 'Ro i hverdagen', paragraphs: ['Om de små tegn.'], link: { label: 'Læs artiklen', href: 'https://www.eksempel.dk/blog/ro' }, footnote: 'Du får denne e-mail, fordi du har bedt om besked om nye artikler.' }

  it('link the article, say why the reader gets them, and give the unsubscribe link when there is one', async () => {
    const html = await render(<NewsletterEmail {...notice} unsubscribeHref="https://www.eksempel.dk/nyhedsbrev/afmeld/tok" />)
    expect(linksOf(html)).toEqual([
      ['Læs artiklen', 'https://www.eksempel.dk/blog/ro'],
      ['Afmeld besked om nye artikler', 'https://www.eksempel.dk/nyhedsbrev/afmeld/tok'],
    ])
    expect(textOf(html)).toContain(`Ro i hverdagen Om de små tegn. Læs artiklen Venlig hilsen ${site.name} Du får denne e-mail, fordi du har bedt om besked om nye artikler. Afmeld besked om nye artikler`)
    const confirmation = await render(<NewsletterEmail {...notice} />)
    expect(linksOf(confirmation)).toEqual([['Læs artiklen', 'https://www.eksempel.dk/blog/ro']])
  })

  it('the preview of `npm run email:dev` is a notice with its unsubscribe link', async () => {
    expect(linksOf(await render(<NewsletterEmailPreview />)).map(([label]) => label)).toEqual(['Læs artiklen', 'Afmeld besked om nye artikler'])
  })
})

describe('the contact e-mails', () => {
  it('the receipt promises an answer within a working day, gives the phone and its hours, and repeats nothing the sender wrote', async () => {
    const html = await render(<ContactConfirmationEmail />)
    const text = textOf(html)
    expect(text).toContain('Tak for din besked')
    expect(text).toContain('vender tilbage til dig inden for én hverdag.')
    expect(text).toContain(`Haster det, er du velkommen til at ringe på ${site.phone.display.replace(/\u00a0/g, ' ')} (${site.phoneHours.toLowerCase()}).`)
    expect(text).toContain(`Venlig hilsen ${site.name}`)
    expect(text).toContain('Har du ikke selv sendt beskeden, kan du se bort fra den.')
    expect(html).toContain('Tak for din besked – du hører fra mig inden for én hverdag')
  })

  it('the coach’s notification names every field, »Ikke angivet« for what was left out, and links to her desk', async () => {
    const props = ContactNotificationEmail.PreviewProps
    const html = await render(<ContactNotificationEmail {...props} />)
    const text = textOf(html)
    expect(text).toContain('Ny besked fra Anne Jensen Navn: Anne Jensen E-mail: anne@eksempel.dk Telefon: +45 20 30 40 50 Type ydelse: Stresscoaching Adresse: Ikke angivet Modtaget: 18. september 2025 kl. 10.42')
    expect(text).toContain('Svar direkte på denne e-mail for at skrive tilbage.')
    expect(text).toContain('Se beskeden på dit skrivebord: https://www.eksempel.dk/coach/besked/12')
    expect(linksOf(html)).toEqual([['https://www.eksempel.dk/coach/besked/12', 'https://www.eksempel.dk/coach/besked/12']])
    const bare = textOf(await render(<ContactNotificationEmail {...props} message={{ ...props.message, phone: '', serviceType: '', address: 'Vej 1' }} />))
    expect(bare).toContain('Telefon: Ikke angivet Type ydelse: Ikke angivet Adresse: Vej 1')
  })

  it('the notification previews who wrote', async () => {
    const html = await render(<ContactNotificationEmail {...ContactNotificationEmail.PreviewProps} />)
    expect(html).toMatch(/display:none[^>]*>Ny besked fra Anne Jensen/)
  })

  it('the notification starts with the visitor’s first words, and a line of spaces or an old Mac’s line ends separate paragraphs', async () => {
    const props = ContactNotificationEmail.PreviewProps
    /** The paragraphs of the grey box that holds the visitor's message. */
    const paragraphsOf = async (message: string) => {
      const html = await render(<ContactNotificationEmail {...props} message={{ ...props.message, message }} />)
      const box = html.slice(html.indexOf('background-color:#f5f1ea;border-radius:8px'), html.indexOf('Svar direkte på denne e-mail'))
      return [...box.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((match) => textOf(match[1]!))
    }
    expect(await paragraphsOf('\n\n  Hej\n\nLinje')).toEqual(['Hej', 'Linje'])
    expect(await paragraphsOf('Hej\n \t \nLinje')).toEqual(['Hej', 'Linje'])
    expect(await paragraphsOf('Hej\r\rLinje')).toEqual(['Hej', 'Linje'])
  })

  it('the notification keeps the visitor’s paragraphs apart, with Windows line ends read as line breaks', async () => {
    const props = ContactNotificationEmail.PreviewProps
    const text = await plainText(<ContactNotificationEmail {...props} message={{ ...props.message, message: '  Hej\r\n\r\nLinje et\rLinje to  ' }} />)
    expect(text).toContain('Hej\n\nLinje et\nLinje to\n')
  })
})
