import { createServerFn } from '@tanstack/react-start'
import { shortText } from '~/lib/booking/booking-actions'
import { formDataOnly } from '~/lib/contact-action'

/**
 * The klippekort pages' server functions: the purchase page and the card's page (loaders), and
 * their two plain forms (buy a card, book the next session).
 */

export const fetchPackagePurchase = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ packagePurchasePage }, { paidPageHead }, { purchaseOutcomeText }] = await Promise.all([
      import('~/server/payments/package-pages.server'),
      import('~/server/pages/page-heads.server'),
      import('~/server/payments/package-texts.server'),
    ])
    return { ...packagePurchasePage(data), head: paidPageHead('Køb et klippekort', `/klippekort/koeb/${data}`), outcomeTexts: purchaseOutcomeText }
  })

/** »<token>|<week>«, as the loader passes them. */
export const fetchCardPage = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [token = '', week = ''] = data.split('|')
    const [{ cardPage }, { paidPageHead }, { cardOutcomeText }] = await Promise.all([
      import('~/server/payments/package-pages.server'),
      import('~/server/pages/page-heads.server'),
      import('~/server/payments/package-texts.server'),
    ])
    const page = cardPage(token, week)
    return page ? { ...page, head: paidPageHead('Dit klippekort', '/klippekort'), outcomeTexts: cardOutcomeText } : null
  })

export const buyPackage = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/package-endpoint.server')).handlePackagePurchasePost(data))

export const bookWithPackage = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/package-endpoint.server')).handleCardPost(data))
