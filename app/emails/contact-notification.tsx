import { Link, Section, Text } from '@react-email/components'
import { type ContactMessageData, serviceTypeLabels } from '~/lib/contact'
import { EmailLayout, emailHeading, emailText, withLineBreaks } from './email-layout'

/** The visitor's text as paragraphs (a blank line between them), each with its line breaks. */
function paragraphs(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n\s*/)
}

/** To the coach: every field of the message; replying answers the visitor directly; the link opens the message on her desk. */
export function ContactNotificationEmail({ message, receivedAt, deskHref }: { message: ContactMessageData; receivedAt: string; deskHref: string }) {
  const rows: Array<[string, string]> = [
    ['Navn', `${message.firstName} ${message.lastName}`],
    ['E-mail', message.email],
    ['Telefon', message.phone || 'Ikke angivet'],
    ['Type ydelse', message.serviceType ? serviceTypeLabels[message.serviceType] : 'Ikke angivet'],
    ['Adresse', message.address || 'Ikke angivet'],
    ['Modtaget', receivedAt],
  ]
  return (
    <EmailLayout preview={`Ny besked fra ${message.firstName} ${message.lastName}`}>
      <Text style={emailHeading}>{`Ny besked fra ${message.firstName} ${message.lastName}`}</Text>
      <Section style={{ marginBottom: '16px' }}>
        {rows.map(([label, value]) => (
          <Text key={label} style={{ ...emailText, margin: '0 0 6px' }}>
            <strong>{`${label}: `}</strong>
            {value}
          </Text>
        ))}
      </Section>
      <Section style={{ backgroundColor: '#f5f1ea', borderRadius: '8px', padding: '16px' }}>
        {paragraphs(message.message).map((paragraph, index) => (
          <Text key={index} style={{ ...emailText, margin: index === 0 ? '0' : '12px 0 0' }}>
            {withLineBreaks(paragraph)}
          </Text>
        ))}
      </Section>
      <Text style={emailText}>Svar direkte på denne e-mail for at skrive tilbage.</Text>
      <Text style={emailText}>
        {'Se beskeden på dit skrivebord: '}
        <Link href={deskHref} style={{ color: '#2f5646', textDecoration: 'underline' }}>
          {deskHref}
        </Link>
      </Text>
    </EmailLayout>
  )
}

ContactNotificationEmail.PreviewProps = {
  message: {
    firstName: 'Anne',
    lastName: 'Jensen',
    email: 'anne@eksempel.dk',
    phone: '+45 20 30 40 50',
    serviceType: 'stress-coaching',
    address: '',
    message: 'Hej Birgitte\n\nJeg har haft travlt længe og kan mærke, at jeg har brug for at tale med nogen. Har du tid i næste uge?\n\nVenlig hilsen Anne',
  },
  receivedAt: '18. september 2025 kl. 10.42',
  deskHref: 'https://www.eksempel.dk/coach/besked/12',
} satisfies Parameters<typeof ContactNotificationEmail>[0]

export default ContactNotificationEmail
