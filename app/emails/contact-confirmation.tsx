import { Text } from '@react-email/components'
import { site } from '#content/site'
import type { ContactMessageData } from '~/lib/contact'
import { EmailLayout, emailHeading, emailText } from './email-layout'

/**
 * To the visitor: a receipt that promises an answer within 24 hours. It deliberately does not
 * repeat the message, so the form cannot be used to send text of one's choosing to any address.
 */
export function ContactConfirmationEmail({ message }: { message: ContactMessageData }) {
  return (
    <EmailLayout preview="Tak for din besked – du hører fra mig inden for 24 timer">
      <Text style={emailHeading}>{`Kære ${message.firstName}`}</Text>
      <Text style={emailText}>
        Tak for din besked. Jeg har modtaget den og vender tilbage til dig inden for 24 timer – på hverdage som
        regel samme dag.
      </Text>
      <Text style={emailText}>
        {`Haster det, er du velkommen til at ringe på ${site.phone.display} (${site.phoneHours.toLowerCase()}).`}
      </Text>
      <Text style={emailText}>
        Venlig hilsen
        <br />
        {site.name}
      </Text>
      <Text style={{ ...emailText, fontSize: '13px', lineHeight: '20px' }}>
        Du får denne e-mail, fordi du har skrevet til mig via kontaktformularen på min hjemmeside. Har du ikke
        selv sendt beskeden, kan du se bort fra den.
      </Text>
    </EmailLayout>
  )
}

ContactConfirmationEmail.PreviewProps = {
  message: {
    firstName: 'Anne',
    lastName: 'Jensen',
    email: 'anne@eksempel.dk',
    phone: '+45 20 30 40 50',
    serviceType: '',
    address: '',
    message: 'Hej Birgitte\n\nJeg vil gerne høre mere om parcoaching.\n\nVenlig hilsen Anne',
  },
} satisfies Parameters<typeof ContactConfirmationEmail>[0]

export default ContactConfirmationEmail
