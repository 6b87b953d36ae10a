import { createFileRoute } from '@tanstack/react-router'
import { DeskMessage } from '~/components/desk/desk-message'
import { DeskFrame, SignIn, SignOut, linkClass } from '~/components/desk/desk-parts'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { deskRouteOptions, deskStatusSearch } from '~/lib/desk/desk-route'

/** One contact message on the desk (the coach's notification e-mail links here). */
export const Route = createFileRoute('/coach/besked/$id')({
  ...deskRouteOptions,
  validateSearch: deskStatusSearch,
  loader: ({ params }) => fetchDeskPage({ data: { page: 'besked', key: params.id } }),
  component: MessagePage,
})

function MessagePage() {
  const page = Route.useLoaderData()
  const { id } = Route.useParams()
  const { status } = Route.useSearch()
  if (!page.signedIn || page.page !== 'besked') {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status={status}>
        <SignIn destination={`/coach/besked/${id}`} />
      </DeskFrame>
    )
  }
  return (
    <DeskFrame title={page.message ? `Besked fra ${page.message.name}` : 'Beskeden findes ikke'} status={status}>
      <p>
        <a href="/coach" className={linkClass}>
          Tilbage til overblikket
        </a>
      </p>
      {page.message ? <DeskMessage message={page.message} formToken={page.formToken} /> : <p>Der er ingen besked med det nummer (den kan være slettet).</p>}
      <SignOut formToken={page.formToken} back={`/coach/besked/${id}`} />
    </DeskFrame>
  )
}
