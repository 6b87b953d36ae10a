import { createFileRoute } from '@tanstack/react-router'
import { DeskPerson } from '~/components/desk/desk-person'
import { DeskFrame, SignIn, SignOut, linkClass } from '~/components/desk/desk-parts'
import { type DeskStatus, isDeskStatus } from '~/lib/desk/desk-data'
import { fetchDeskPage } from '~/lib/desk/desk-functions'
import { deskRouteOptions } from '~/lib/desk/desk-route'

type PersonSearch = { status?: DeskStatus; email?: string; slet?: 'ja' }

/** Everything stored about one person, found by e-mail: export, and erasure after a confirmation. */
export const Route = createFileRoute('/coach/person')({
  ...deskRouteOptions,
  validateSearch: (search: Record<string, unknown>): PersonSearch => ({
    status: isDeskStatus(search.status) ? search.status : undefined,
    email: typeof search.email === 'string' && search.email.length <= 254 ? search.email : undefined,
    slet: search.slet === 'ja' ? 'ja' : undefined,
  }),
  loaderDeps: ({ search }) => ({ email: search.email ?? '' }),
  loader: ({ deps }) => fetchDeskPage({ data: { page: 'person', key: deps.email } }),
  component: PersonPage,
})

function PersonPage() {
  const page = Route.useLoaderData()
  const { status, slet } = Route.useSearch()
  if (!page.signedIn || page.page !== 'person') {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status={status}>
        <SignIn destination="/coach" />
      </DeskFrame>
    )
  }
  return (
    <DeskFrame title="Person" status={status}>
      <p>
        <a href="/coach" className={linkClass}>
          Tilbage til overblikket
        </a>
      </p>
      {page.person ? <DeskPerson person={page.person} formToken={page.formToken} confirming={slet === 'ja'} /> : <p>Der er intet gemt om den adresse.</p>}
      <SignOut formToken={page.formToken} back="/coach/person" />
    </DeskFrame>
  )
}
