/**
 * Addresses answered by the page middleware rather than by routes (a route's registration would be
 * in every page's script): the two Stripe uses (its signed events, the return from Checkout) and
 * the printable page of a receipt or credit note, a document of its own without script.
 */
export const STRIPE_WEBHOOK_PATH = '/betaling/stripe'
export const PAYMENT_RETURN_PATH = '/betaling/tak'

/** `/ordre/<token>/kvittering/<nummer>`: the token and the document's number, or undefined. */
export function receiptPagePath(pathname: string) {
  const match = /^\/ordre\/([A-Za-z0-9_-]{32})\/kvittering\/(\d{4}-\d{4,})$/.exec(pathname)
  return match ? { token: match[1]!, number: match[2]! } : undefined
}
