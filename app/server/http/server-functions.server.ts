import { fetchAboutPage } from '~/lib/about-page'
import { fetchArticle, fetchBlogIndex, fetchBlogSearch } from '~/lib/blog-queries'
import { bookTime, changeBooking, fetchBookingWeek, fetchChosenSlot, fetchManagedBooking } from '~/lib/booking/booking-actions'
import { sendContactMessage } from '~/lib/contact-action'
import { fetchContactPageTexts } from '~/lib/contact-page'
import { actOnDesk, fetchDeskPage, requestDeskLink, signInToDesk } from '~/lib/desk/desk-functions'
import { fetchHomePage } from '~/lib/home-page'
import { fetchPrivacyPage } from '~/lib/privacy-page'
import { fetchReferencesPage } from '~/lib/references-page'
import { fetchServicesPage } from '~/lib/services-page'
import { actOnOrder, bookSession, fetchOrderPage, fetchSessionSlot, fetchSessionWeek, fetchTermsPage } from '~/lib/payments/payment-actions'
import { fetchSiteFacts } from '~/lib/content/site-facts'

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
    fetchBookingWeek.url,
    fetchChosenSlot.url,
    fetchManagedBooking.url,
    bookTime.url,
    changeBooking.url,
    fetchDeskPage.url,
    requestDeskLink.url,
    signInToDesk.url,
    actOnDesk.url,
    fetchSessionWeek.url,
    fetchSessionSlot.url,
    fetchOrderPage.url,
    fetchTermsPage.url,
    bookSession.url,
    actOnOrder.url,
  ].map((url) => url.split('?')[0]),
)
