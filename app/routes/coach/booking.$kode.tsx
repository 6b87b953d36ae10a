import { createFileRoute } from '@tanstack/react-router'
import { DeskBooking } from '~/components/desk/desk-booking'
import { DeskFrame, SignIn, SignOut, linkClass } from '~/components/desk/desk-parts'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { deskRouteOptions, deskStatusSearch } from '~/lib/desk/desk-route'

/** One booking on the desk (the coach's booking e-mails link here). */
export const Route = createFileRoute('/coach/booking/$kode')({
  ...deskRouteOptions,
  validateSearch: deskStatusSearch,
  loader: ({ params }) => fetchDeskPage({ data: { page: 'booking', key: params.kode } }),
  component: BookingPage,
})

function BookingPage() {
  const page = Route.useLoaderData()
  const { kode } = Route.useParams()
  const { status } = Route.useSearch()
  if (!page.signedIn || page.page !== 'booking') {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status={status}>
        <SignIn destination={`/coach/booking/${kode}`} />
      </DeskFrame>
    )
  }
  return (
    <DeskFrame title={page.booking ? `Booking: ${page.booking.name}` : 'Bookingen findes ikke'} status={status}>
      <p>
        <a href="/coach" className={linkClass}>
          Tilbage til overblikket
        </a>
      </p>
      {page.booking ? <DeskBooking booking={page.booking} formToken={page.formToken} /> : <p>Der er ingen booking med det nummer (den kan være slettet).</p>}
      <SignOut formToken={page.formToken} back={`/coach/booking/${kode}`} />
    </DeskFrame>
  )
}
