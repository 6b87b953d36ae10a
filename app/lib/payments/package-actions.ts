import { createServerFn } from '@tanstack/react-start'
import { shortText } from '~/lib/booking/booking-actions'
import { formDataOnly } from '~/lib/contact-action'

/**
 * The klippekort pages' server functions: the purchase page and the card's page (loaders: their
 * bodies come rendered, see package-html.server.tsx), and their two plain forms (buy a card, book
 * the next session). »a|b|c« packs a loader's few short texts into one.
 */

export const fetchPackagePurchase = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [id = '', status = ''] = data.split('|')
    const [{ purchasePageHtml }, { paidPageHead }] = await Promise.all([import('~/server/pages/package-html.server'), import('~/server/pages/page-heads.server')])
    const page = purchasePageHtml(id, status)
    return page ? { ...page, head: paidPageHead('Køb et klippekort', `/klippekort/koeb/${id}`) } : null
  })

export const fetchCardPage = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [token = '', week = '', status = ''] = data.split('|')
    const [{ cardPageHtml }, { paidPageHead }] = await Promise.all([import('~/server/pages/package-html.server'), import('~/server/pages/page-heads.server')])
    const page = cardPageHtml(token, week, status)
    return page ? { ...page, head: paidPageHead('Dit klippekort', '/klippekort') } : null
  })

export const buyPackage = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/package-endpoint.server')).handlePackagePurchasePost(data))

export const bookWithPackage = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => (await import('~/server/payments/package-endpoint.server')).handleCardPost(data))
