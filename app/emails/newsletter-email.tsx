import { Link, Text } from '@react-email/components'
import { site } from '~/server/content/content.server'
import { EmailLayout, emailHeading, emailText } from './email-layout'

const linkStyle = { color: '#2f5646', textDecoration: 'underline' }
const smallText = { ...emailText, fontSize: '13px', lineHeight: '20px' }

export type NewsletterEmailProps = {
  preview: string
  heading: string
  paragraphs: string[]
  link: { label: string; href: string }
  /** Why the reader gets it; with the unsubscribe link on every notice of a new article. */
  footnote: string
  unsubscribeHref?: string
}

/** The confirmation of a sign-up and the notice of a new article. */
export function NewsletterEmail({ preview, heading, paragraphs, link, footnote, unsubscribeHref }: NewsletterEmailProps) {
  return (
    <EmailLayout preview={preview}>
      <Text style={emailHeading}>{heading}</Text>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {paragraph}
        </Text>
      ))}
      <Text style={emailText}>
        <Link href={link.href} style={linkStyle}>
          {link.label}
        </Link>
      </Text>
      <Text style={emailText}>
        Venlig hilsen
        <br />
        {site.name}
      </Text>
      <Text style={smallText}>
        {footnote}
        {unsubscribeHref && (
          <>
            {' '}
            <Link href={unsubscribeHref} style={linkStyle}>
              Afmeld besked om nye artikler
            </Link>
          </>
        )}
      </Text>
    </EmailLayout>
  )
}

/** For `npm run email:dev`. */
export default function NewsletterEmailPreview() {
  return (
    <NewsletterEmail
      preview="Ny artikel: Når stress sniger sig ind"
      heading="Når stress sniger sig ind"
      paragraphs={['Om de små tegn, der kommer før de store.']}
      link={{ label: 'Læs artiklen', href: 'https://www.eksempel.dk/blog/eksempel' }}
      footnote="Du får denne e-mail, fordi du har bedt om besked om nye artikler på min hjemmeside."
      unsubscribeHref="https://www.eksempel.dk/nyhedsbrev/afmeld/eksempel"
    />
  )
}
