import { Link, Text } from '@react-email/components'
import { crisisSentenceText, untilTheConversation } from '~/lib/content/crisis-lines'
import { getCrisisLines } from '~/server/content/content.server'
import { EmailLayout, emailHeading, emailText, withLineBreaks } from './email-layout'

export type BookingEmailProps = {
  preview: string
  heading: string
  /** Lines of fact ("Tid: …"), each its own paragraph, so they also read well as plain text; the
   * visitor's note keeps its line breaks. */
  paragraphs: string[]
  link?: { label: string; href: string }
  closing: string[]
  footnote?: string
  /** To the visitor before the conversation: where to turn if it cannot wait until then. */
  crisisHelp?: true
}

/** Every e-mail about a booking (to the visitor and to the coach): the facts stand on their own, without the invitation. */
export function BookingEmail({ preview, heading, paragraphs, link, closing, footnote, crisisHelp }: BookingEmailProps) {
  return (
    <EmailLayout preview={preview}>
      <Text style={emailHeading}>{heading}</Text>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {withLineBreaks(paragraph)}
        </Text>
      ))}
      {link && (
        <Text style={emailText}>
          {`${link.label}: `}
          <Link href={link.href} style={{ color: '#2f5646', textDecoration: 'underline' }}>
            {link.href}
          </Link>
        </Text>
      )}
      {crisisHelp && <Text style={emailText}>{crisisSentenceText(untilTheConversation(getCrisisLines()))}</Text>}
      <Text style={emailText}>
        {closing.map((line, index) => (
          <span key={line}>
            {index > 0 && <br />}
            {line}
          </span>
        ))}
      </Text>
      {footnote && <Text style={{ ...emailText, fontSize: '13px', lineHeight: '20px' }}>{footnote}</Text>}
    </EmailLayout>
  )
}

/** For `npm run email:dev`. */
export default function BookingEmailPreview() {
  return (
    <BookingEmail
      preview="Din samtale er booket: tirsdag 7. april kl. 10.00"
      heading="Din samtale er booket"
      paragraphs={['Tid: tirsdag 7. april kl. 10.00–10.30 (dansk tid)', 'Form: Telefon – jeg ringer til dig på 20 30 40 50', 'Bookingnummer: k7m2q9xd']}
      link={{ label: 'Flyt eller aflys', href: 'https://www.eksempel.dk/booking/eksempel' }}
      closing={['Venlig hilsen', 'Birgitte Holm']}
      crisisHelp
    />
  )
}
