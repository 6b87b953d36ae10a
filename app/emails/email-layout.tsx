import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components'
import { site } from '~/server/content/content.server'

const colors = { accent: '#2f5646', ink: '#2b2620', soft: '#4f473d', sand: '#f5f1ea', line: '#e9e2d6' }

export const emailText = { fontSize: '16px', lineHeight: '26px', color: colors.soft, margin: '0 0 16px' }
export const emailHeading = { fontSize: '22px', lineHeight: '30px', color: colors.ink, margin: '0 0 16px', fontFamily: 'Georgia, serif' }

/**
 * Text someone typed, its line breaks kept as <br> (not white-space: pre-wrap), so the plain-text
 * part of the e-mail keeps them too; a blank line stays a blank line.
 */
export const withLineBreaks = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]))

/** The site's calm look, in the table-based markup e-mail clients understand. */
export function EmailLayout({ preview, children }: { preview: string; children: React.ReactNode }) {
  return (
    <Html lang="da">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.sand, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '12px', maxWidth: '560px', padding: '32px' }}>
          <Text style={{ ...emailText, color: colors.accent, fontFamily: 'Georgia, serif', fontSize: '20px', fontWeight: 700 }}>
            {site.name}
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.line, margin: '24px 0' }} />
          <Text style={{ ...emailText, fontSize: '13px', lineHeight: '20px', margin: 0 }}>
            {`${site.name} · ${site.address.street}, ${site.address.postalCode} ${site.address.city} · ${site.phone.display} · ${site.email}`}
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
