import { createFileRoute } from '@tanstack/react-router'
import { DeskOverview } from '~/components/desk/desk-overview'
import { DeskFrame, SignIn, SignOut } from '~/components/desk/desk-parts'
import { type DeskStatus, isDeskStatus } from '~/lib/desk/desk-data'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { deskRouteOptions } from '~/lib/desk/desk-route'

type OverviewSearch = { status?: DeskStatus; q?: string }

/** The coach's desk: the sign-in without a session, the overview with one. */
export const Route = createFileRoute('/coach/')({
  ...deskRouteOptions,
  validateSearch: (search: Record<string, unknown>): OverviewSearch => ({
    status: isDeskStatus(search.status) ? search.status : undefined,
    q: typeof search.q === 'string' && search.q.length <= 100 ? search.q : undefined,
  }),
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: ({ deps }) => fetchDeskPage({ data: { page: 'oversigt', key: deps.q } }),
  component: OverviewPage,
})

function OverviewPage() {
  const page = Route.useLoaderData()
  const { status } = Route.useSearch()
  if (!page.signedIn || page.page !== 'oversigt') {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status={status}>
        <SignIn destination="/coach" />
      </DeskFrame>
    )
  }
  return (
    <DeskFrame title="Overblik" status={status}>
      <DeskOverview overview={page.overview} />
      <SignOut formToken={page.formToken} back="/coach" />
    </DeskFrame>
  )
}
