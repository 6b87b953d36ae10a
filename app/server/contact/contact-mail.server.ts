import { render } from '@react-email/render'
import { site } from '~/server/content/content.server'
import type { ContactMessage } from '#db/schema'
import { ContactConfirmationEmail } from '~/emails/contact-confirmation'
import { ContactNotificationEmail } from '~/emails/contact-notification'
import type { ContactMessageData, ServiceType } from '~/lib/contact'
import { deskUrl } from '~/server/links/links.server'
import { coachAddress, sender } from '~/server/mail/addresses.server'
import type { Email } from '~/server/mail/mail-transport.server'

const receivedFormat = new Intl.DateTimeFormat('da-DK', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Copenhagen',
})

/** The two e-mails of one stored message: the notification to the coach and the visitor's receipt (unless its cap held it back). */
export async function composeContactEmails(row: ContactMessage, { withReceipt = true } = {}): Promise<Email[]> {
  const message: ContactMessageData = { ...row, serviceType: row.serviceType as ServiceType | '' }
  const notification = ContactNotificationEmail({ message, receivedAt: receivedFormat.format(new Date(row.createdAt)), deskHref: deskUrl(`/coach/besked/${row.id}`) })
  const confirmation = ContactConfirmationEmail()
  const [notificationHtml, notificationText, confirmationHtml, confirmationText] = await Promise.all([
    render(notification),
    render(notification, { plainText: true }),
    render(confirmation),
    render(confirmation, { plainText: true }),
  ])
  return [
    {
      idempotencyKey: `contact-${row.publicId}-notification`,
      to: coachAddress(),
      from: sender(),
      replyTo: row.email,
      subject: `Ny besked fra ${row.firstName} ${row.lastName} via hjemmesiden`,
      html: notificationHtml,
      text: notificationText,
    },
    ...(withReceipt
      ? [{ idempotencyKey: `contact-${row.publicId}-confirmation`, to: row.email, from: sender(), subject: 'Tak for din besked', html: confirmationHtml, text: confirmationText }]
      : []),
  ]
}
