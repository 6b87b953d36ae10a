import { createServerFn } from '@tanstack/react-start'
import { shortText } from '~/lib/booking/booking-actions'
import { formDataOnly } from '~/lib/contact-action'

/**
 * The paid booking pages' server functions: the loaders (a session's week, its chosen time, the
 * return from Checkout, an order, the terms) and the two plain forms (book a session, withdraw).
 */

/** »<session>|<week or time>«: two short texts in one, as a loader passes them. */
const pair = (value: unknown) => {
  const [first = '', second = ''] = shortText(value).split('|')
  return { session: first, rest: second }
}

export const fetchSessionWeek = createServerFn({ method: 'GET' })
  .validator(pair)
  .handler(async ({ data }) => (await import('~/server/payments/payment-pages.server')).sessionWeek(data.session, data.rest))

export const fetchSessionSlot = createServerFn({ method: 'GET' })
  .validator(pair)
  .handler(async ({ data }) => (await import('~/server/payments/payment-pages.server')).sessionSlot(data.session, data.rest))

export const fetchOrderPage = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => (await import('~/server/payments/payment-pages.server')).orderPage(data) ?? null)

export const fetchTermsPage = createServerFn({ method: 'GET' }).handler(async () => (await import('~/server/payments/payment-pages.server')).termsPage())

export const bookSession = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/payment-endpoint.server')).handleSessionBookingPost(data))

export const actOnOrder = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/payment-endpoint.server')).handleOrderPost(data))
