import { createServerFn } from '@tanstack/react-start'
import { shortText, statusTexts } from '~/lib/booking/booking-actions'
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
  .handler(async ({ data }) => {
    const [{ sessionWeek }, { paidPageHead }] = await Promise.all([import('~/server/payments/payment-pages.server'), import('~/server/pages/page-heads.server')])
    return { ...sessionWeek(data.session, data.rest), head: paidPageHead('Book en session', `/book/${data.session}`), statusTexts: await statusTexts(), paidStatusTexts: (await import('~/lib/payments/paid-booking-status')).paidBookingStatusText }
  })

export const fetchSessionSlot = createServerFn({ method: 'GET' })
  .validator(pair)
  .handler(async ({ data }) => {
    const [{ sessionSlot }, { paidPageHead }, { paidConsentHtml }, { paidBookingStatusText }] = await Promise.all([
      import('~/server/payments/payment-pages.server'),
      import('~/server/pages/page-heads.server'),
      import('~/server/pages/paid-consent.server'),
      import('~/lib/payments/paid-booking-status'),
    ])
    const page = sessionSlot(data.session, data.rest)
    const consentHtml = page.session
      ? paidConsentHtml({ session: page.session.id, requestKey: page.requestKey, withinWithdrawalPeriod: page.withinWithdrawalPeriod, price: page.session.price, paidAtBooking: page.session.paidAtBooking })
      : ''
    return { ...page, consentHtml, head: paidPageHead('Book en session', `/book/${data.session}`), statusTexts: await statusTexts(), paidStatusTexts: paidBookingStatusText }
  })

export const fetchOrderPage = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ orderPage }, { paidPageHead }] = await Promise.all([import('~/server/payments/payment-pages.server'), import('~/server/pages/page-heads.server')])
    const page = orderPage(data)
    return page ? { ...page, head: paidPageHead('Din ordre', '/ordre') } : null
  })

export const fetchTermsPage = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ termsPage }, { termsHead }] = await Promise.all([import('~/server/payments/payment-pages.server'), import('~/server/pages/page-heads.server')])
  return { terms: termsPage(), head: termsHead() }
})

export const bookSession = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/payment-endpoint.server')).handleSessionBookingPost(data))

export const actOnOrder = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/payment-endpoint.server')).handleOrderPost(data))
