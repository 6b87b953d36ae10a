import { createFileRoute } from '@tanstack/react-router'
import { DeskBookkeeping } from '~/components/desk/desk-bookkeeping'
import { DeskOverview } from '~/components/desk/desk-overview'
import { DeskFrame, SignIn, SignOut } from '~/components/desk/desk-parts'
import { DeskUndelivered } from '~/components/desk/desk-undelivered'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { deskSearch, searchText } from '~/lib/desk/desk-search'
import { deskRouteOptions } from './-desk-route-options'

/** The coach's desk: the sign-in without a session, the overview with one. */
export const Route = createFileRoute('/coach/')({
  ...deskRouteOptions,
  loader: ({ location }) => fetchDeskPage({ data: { page: 'oversigt', key: searchText(location.search, 'q') } }),
  component: OverviewPage,
})

function OverviewPage() {
  const page = Route.useLoaderData()
  const { status } = deskSearch(Route.useSearch())
  if (!page.signedIn || page.page !== 'oversigt') {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status={status}>
        <SignIn destination="/coach" />
      </DeskFrame>
    )
  }
  return (
    <DeskFrame title="Overblik" status={status}>
      <DeskUndelivered undelivered={page.overview.undelivered} formToken={page.formToken} />
      <DeskOverview overview={page.overview} />
      <DeskBookkeeping formToken={page.formToken} />
      <ul>
        <li>
          <a href="/coach/artikler" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
            Skriv og ret dine artikler
          </a>
        </li>
        <li>
          <a href="/coach/indhold" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
            Ret dine oplysninger, priser, referencer og din historie
          </a>
        </li>
      </ul>
      <SignOut formToken={page.formToken} back="/coach" />
    </DeskFrame>
  )
}
