import { renderToStaticMarkup } from 'react-dom/server'
import { CardBody } from '~/components/packages/card-body'
import { PurchaseForm } from '~/components/packages/purchase-form'
import { ACTION_SLOT, cardOutcomes, purchaseOutcomes } from '~/lib/payments/package-page-data'
import { cardPage, packagePurchasePage } from '~/server/payments/package-pages.server'
import { cardOutcomeText, purchaseOutcomeText } from '~/server/payments/package-texts.server'

/**
 * The klippekort pages' bodies, rendered here: they only render (their forms post without
 * JavaScript), so they travel in the page as its data, not in the pages' script, which every
 * public page's first load would otherwise share (as paid-consent.server.tsx does for a session).
 */
const known = <T extends string>(list: readonly T[], value: string) => (list as readonly string[]).includes(value) ? (value as T) : undefined

export function purchasePageHtml(id: string, status: string) {
  const page = packagePurchasePage(id)
  if (!page.card) return undefined
  const card = page.card
  return { card, html: renderToStaticMarkup(<PurchaseForm page={{ ...page, card }} action={ACTION_SLOT} status={known(purchaseOutcomes, status)} outcomeTexts={purchaseOutcomeText} />) }
}

export function cardPageHtml(token: string, week: string, status: string) {
  const page = cardPage(token, week)
  if (!page) return undefined
  return { name: page.name, html: renderToStaticMarkup(<CardBody page={page} token={token} action={ACTION_SLOT} status={known(cardOutcomes, status)} outcomeTexts={cardOutcomeText} />) }
}
