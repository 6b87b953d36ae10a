import { coachAlertHandler } from '~/server/alerts/coach-alerts.server'
import { bookingEmailHandler } from '~/server/booking/booking-mail.server'
import { caldavConfig } from '~/server/calendar/caldav.server'
import { calendarWriteHandler } from '~/server/calendar/calendar-writes.server'
import { contactEmailHandler } from '~/server/contact/contact.server'
import { deskLinkHandler } from '~/server/desk/desk-link-mail.server'
import { contentPushHandler } from '~/server/content/content-git.server'
import { getMailTransport } from '~/server/mail/mail-transport.server'
import { newsletterEmailHandler } from '~/server/newsletter/newsletter-mail.server'
import type { Handlers } from '~/server/outbox/worker.server'
import { stripeExpireHandler } from '~/server/payments/holds.server'
import { orderEmailHandler } from '~/server/payments/order-mail.server'
import type { Payments } from '~/server/payments/payments.server'
import { isLiveKey, stripeClient, stripeConfig } from '~/server/payments/stripe-client.server'
import { stripeRefundHandler } from '~/server/payments/refunds.server'

/**
 * Stripe from this process's configuration (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, and for tests
 * STRIPE_API_URL): the one place that reads them. Undefined without a key: paid sessions are then paid afterwards.
 */
export function configuredPayments(env: NodeJS.ProcessEnv = process.env): Payments | undefined {
  const config = stripeConfig(env)
  return config && { stripe: stripeClient(config), livemode: isLiveKey(config.secretKey), webhookSecret: config.webhookSecret }
}

/**
 * One handler per kind, from this process's configuration: the mail provider (Resend, or the local
 * mail folder) and the CalDAV calendar. Only the running server's worker calls this: a command in
 * the coach's shell queues effects and never reads these settings (her shell has none of them).
 */
export function configuredHandlers({ transport = getMailTransport(), caldav = caldavConfig(), payments = configuredPayments() } = {}): Handlers {
  return {
    'contact-email': contactEmailHandler(transport),
    'booking-email': bookingEmailHandler(transport),
    'calendar-write': calendarWriteHandler(caldav),
    'newsletter-email': newsletterEmailHandler(transport),
    'coach-alert': coachAlertHandler(transport),
    'desk-link': deskLinkHandler(transport),
    'content-push': contentPushHandler(),
    'order-email': orderEmailHandler(transport),
    // Without a key the Stripe rows wait (and say why) until one is set.
    'stripe-expire': stripeExpireHandler(payments),
    'stripe-refund': stripeRefundHandler(payments),
  }
}
