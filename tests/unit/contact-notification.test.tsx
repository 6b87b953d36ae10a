import { render } from '@react-email/render'
import { describe, expect, it } from 'vitest'
import { ContactNotificationEmail } from '~/emails/contact-notification'

const withMessage = (message: string) =>
  ContactNotificationEmail({ ...ContactNotificationEmail.PreviewProps, message: { ...ContactNotificationEmail.PreviewProps.message, message } })

describe('the coach’s notification e-mail', () => {
  it('keeps the visitor’s line breaks and paragraphs in the plain-text part', async () => {
    const text = await render(withMessage('Hej Birgitte\r\n\r\nJeg har haft travlt.\nMeget travlt.\n\n\n  \nVenlig hilsen\nAnne'), { plainText: true })
    expect(text).toContain('Hej Birgitte\n\nJeg har haft travlt.\nMeget travlt.\n\nVenlig hilsen\nAnne\n')
  })

  it('keeps them in the HTML part too, with the text escaped', async () => {
    const html = await render(withMessage('Første linje <b>fed?</b>\nAnden linje\n\nNyt afsnit'))
    expect(html).toMatch(/Første linje &lt;b&gt;fed\?&lt;\/b&gt;<br\/?>Anden linje<\/p>/)
    expect(html).toMatch(/>Nyt afsnit<\/p>/)
  })
})
