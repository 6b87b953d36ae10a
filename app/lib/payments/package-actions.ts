import { createServerFn } from '@tanstack/react-start'
import { shortText } from '~/lib/booking/booking-actions'
import { formDataOnly } from '~/lib/contact-action'

/**
 * The klippekort pages' two server functions, one route's worth (each route and each function
 * costs every page's first load): the page (the purchase page `koeb/<id>` or a card's page
 * `<token>`, its body rendered on the server, see package-html.server.tsx) and the post of either form.
 * »address|week|status« packs the loader's short texts into one.
 */
export const fetchKlippekortPage = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [address = '', week = '', status = ''] = data.split('|')
    const [{ klippekortPageHtml }, { paidPageHead }] = await Promise.all([import('~/server/pages/package-html.server'), import('~/server/pages/page-heads.server')])
    const page = klippekortPageHtml(address, week, status)
    return page ? { ...page, head: paidPageHead(page.purchase ? 'Køb et klippekort' : 'Dit klippekort', page.purchase ? `/klippekort/${address}` : '/klippekort') } : null
  })

export const actOnKlippekort = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleCardPost, handlePackagePurchasePost } = await import('~/server/payments/package-endpoint.server')
    return data.get('handling') === 'koeb' ? handlePackagePurchasePost(data) : handleCardPost(data)
  })
