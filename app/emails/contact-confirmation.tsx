import { Text } from '@react-email/components'
import { crisisSentenceText, notForAcuteHelp } from '~/lib/content/crisis-lines'
import { getCrisisLines, site } from '~/server/content/content.server'
import { EmailLayout, emailHeading, emailText } from './email-layout'

/**
 * To the visitor: a receipt that promises an answer within one working day. It repeats nothing the
 * sender wrote, not even the name: anyone can type any address into the form, so the receipt must
 * not carry text of their choosing to it.
 */
export function ContactConfirmationEmail() {
  return (
    <EmailLayout preview="Tak for din besked – du hører fra mig inden for én hverdag">
      <Text style={emailHeading}>Tak for din besked</Text>
      <Text style={emailText}>
        Jeg har modtaget din besked via kontaktformularen på min hjemmeside og vender tilbage til dig inden for én
        hverdag.
      </Text>
      <Text style={emailText}>
        {`Haster det, er du velkommen til at ringe på ${site.phone.display} (${site.phoneHours.toLowerCase()}).`}
      </Text>
      <Text style={emailText}>{crisisSentenceText(notForAcuteHelp(getCrisisLines()))}</Text>
      <Text style={emailText}>
        Venlig hilsen
        <br />
        {site.name}
      </Text>
      <Text style={{ ...emailText, fontSize: '13px', lineHeight: '20px' }}>
        Du får denne e-mail, fordi din e-mailadresse blev skrevet i kontaktformularen på min hjemmeside. Har du ikke
        selv sendt beskeden, kan du se bort fra den.
      </Text>
    </EmailLayout>
  )
}

export default ContactConfirmationEmail
