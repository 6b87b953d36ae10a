import { renderToStaticMarkup } from 'react-dom/server'
import { PaidConsent } from '~/components/payments/paid-consent'

/**
 * A paid session's checkboxes and their words (PaidConsent), rendered here: they only render (the
 * form posts without JavaScript), so they travel in the page as its data, not in the script of the
 * page (0.6 kB gzip of the 95 kB budget).
 */
export const paidConsentHtml = (props: Parameters<typeof PaidConsent>[0]) => renderToStaticMarkup(<PaidConsent {...props} />)
