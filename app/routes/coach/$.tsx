import { createFileRoute } from '@tanstack/react-router'
import { DeskSubpage } from '~/components/desk/desk-subpage'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { deskPageOf } from '~/lib/desk/desk-search'
import { deskRouteOptions } from './-desk-route-options'

/**
 * Every desk address below /coach: /coach/booking/<kode>, /coach/besked/<nr>, /coach/person?email=…
 * and /coach/link/<token> (the sign-in e-mail's link). One route for all of them keeps the desk's
 * share of the entry bundle, which every public page loads, to this entry and /coach's.
 */
export const Route = createFileRoute('/coach/$')({
  ...deskRouteOptions,
  loader: ({ params, location }) => fetchDeskPage({ data: deskPageOf(params._splat ?? '', location.search) }),
  component: SubpageRoute,
})

function SubpageRoute() {
  return <DeskSubpage path={Route.useParams()._splat ?? ''} page={Route.useLoaderData()} search={Route.useSearch()} />
}
