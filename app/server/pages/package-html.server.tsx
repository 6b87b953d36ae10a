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

/** The page at /klippekort/<address>: `koeb/<id>` a klippekort's purchase page, otherwise a card's token. */
export function klippekortPageHtml(address: string, week: string, status: string) {
  const purchase = /^koeb\/([a-z0-9-]+)$/.exec(address)
  if (purchase) {
    const page = packagePurchasePage(purchase[1]!)
    if (!page.card) return undefined
    const card = page.card
    return {
      purchase: true,
      hero: { eyebrow: 'Klippekort', title: card.name, intro: `${card.sessions} × ${card.sessionName} for ${card.price} (${card.perSession}), ${card.validity}.` },
      html: renderToStaticMarkup(<PurchaseForm page={{ ...page, card }} action={ACTION_SLOT} status={known(purchaseOutcomes, status)} outcomeTexts={purchaseOutcomeText} />),
    }
  }
  const page = cardPage(address, week)
  if (!page) return undefined
  return {
    purchase: false,
    hero: { eyebrow: 'Dit klippekort', title: page.name },
    html: renderToStaticMarkup(<CardBody page={page} token={address} action={ACTION_SLOT} status={known(cardOutcomes, status)} outcomeTexts={cardOutcomeText} />),
  }
}
