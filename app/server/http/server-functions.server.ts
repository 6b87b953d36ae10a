import { fetchAboutPage } from '~/lib/about-page'
import { fetchArticle, fetchBlogIndex, fetchBlogSearch } from '~/lib/blog-queries'
import { bookTime, changeBooking, fetchBookingWeek, fetchChosenSlot, fetchManagedBooking } from '~/lib/booking/booking-actions'
import { sendContactMessage } from '~/lib/contact-action'
import { fetchContactPageTexts } from '~/lib/contact-page'
import { actOnDesk, fetchDeskPage, requestDeskLink, signInToDesk, uploadToDesk } from '~/lib/desk/desk-functions'
import { fetchHomePage } from '~/lib/home-page'
import { fetchNewsletterPage } from '~/lib/newsletter-page'
import { fetchPrivacyPage } from '~/lib/privacy-page'
import { fetchReferencesPage } from '~/lib/references-page'
import { fetchServicesPage } from '~/lib/services-page'
import { actOnOrder, bookSession, fetchOrderPage, fetchSessionSlot, fetchSessionWeek, fetchTermsPage } from '~/lib/payments/payment-actions'
import { fetchSiteFacts } from '~/lib/content/site-facts'
import { actOnKlippekort, fetchKlippekortPage } from '~/lib/payments/package-actions'

/**
 * The only server functions the site has; any other /_serverFn/ address does not exist. Apart from
 * the guard (server-fn-middleware.server.ts) because their addresses come from Start's compiler,
 * which the unit tests of the guard do not run.
 */
export const serverFunctionPaths: ReadonlySet<string | undefined> = new Set(
  [
    sendContactMessage.url,
    fetchBlogIndex.url,
    fetchBlogSearch.url,
    fetchArticle.url,
    fetchHomePage.url,
    fetchAboutPage.url,
    fetchContactPageTexts.url,
    fetchServicesPage.url,
    fetchReferencesPage.url,
    fetchSiteFacts.url,
    fetchPrivacyPage.url,
    fetchNewsletterPage.url,
    fetchBookingWeek.url,
    fetchChosenSlot.url,
    fetchManagedBooking.url,
    bookTime.url,
    changeBooking.url,
    fetchDeskPage.url,
    requestDeskLink.url,
    signInToDesk.url,
    actOnDesk.url,
    uploadToDesk.url,
    fetchSessionWeek.url,
    fetchSessionSlot.url,
    fetchOrderPage.url,
    fetchTermsPage.url,
    bookSession.url,
    actOnOrder.url,
    fetchKlippekortPage.url,
    actOnKlippekort.url,
  ].map((url) => url.split('?')[0]),
)

/**
 * The functions whose body may be larger than MAX_BODY_BYTES: the desk's cover photo (15 MB, with
 * room for the form around it; the desk says in Danish when the photo itself is too large).
 */
export const largeBodyLimits: ReadonlyMap<string | undefined, number> = new Map([[uploadToDesk.url.split('?')[0], 16 * 1024 * 1024]])
