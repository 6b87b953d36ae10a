import { createFileRoute, notFound } from '@tanstack/react-router'
import { ManageBooking } from '~/components/booking/manage-booking'
import { StatusNotice } from '~/components/booking/status-notice'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { changeBooking, fetchManagedBooking } from '~/lib/booking/booking-actions'
import { type BookingStatus, isBookingStatus } from '~/lib/booking/booking-status'
import { headFromPageData } from '~/lib/seo'

/** The manage link from the e-mails. Opening it (a mail scanner does) only shows; the forms act. */
export const Route = createFileRoute('/booking/$token')({
  validateSearch: (search: Record<string, unknown>): { status?: BookingStatus } => ({ status: isBookingStatus(search.status) ? search.status : undefined }),
  loader: async ({ params }) => {
    const page = await fetchManagedBooking({ data: params.token })
    if (!page) throw notFound()
    // The forms' address comes with the page's data (see /book-samtale/$tidspunkt).
    return { ...page, changeAction: changeBooking.url }
  },
  staleTime: 0,
  // Free times and one visitor's booking: never stored by the page cache, Varnish or a CDN, and
  // cut off from any window of another site that opened it (as an order's and a klippekort's page
  // are; why the public pages go without it: `securityHeaders` in app/server/http/http.ts).
  headers: () => ({ 'Cache-Control': 'no-store', 'Cross-Origin-Opener-Policy': 'same-origin' }),
  head: headFromPageData,
  component: ManagePage,
})

function ManagePage() {
  const { booking, changeAction, statusTexts } = Route.useLoaderData()
  const { token } = Route.useParams()
  const { status } = Route.useSearch()
  return (
    <>
      <PageHero eyebrow="Din booking" title={booking.status === 'aflyst' ? 'Samtalen er aflyst' : 'Flyt eller aflys din samtale'} />
      <Section>
        <div className="mx-auto max-w-2xl">
          <StatusNotice status={status} texts={statusTexts} />
          <ManageBooking action={changeAction} booking={booking} token={token} />
        </div>
      </Section>
    </>
  )
}
