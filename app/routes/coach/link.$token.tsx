import { createFileRoute } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { DeskFrame, SignIn, boxClass } from '~/components/desk/desk-parts'
import { fetchDeskPage, signInToDesk } from '~/lib/desk/desk-functions'
import { deskRouteOptions } from '~/lib/desk/desk-route'

/**
 * The link from the sign-in e-mail. Opening it (a mail scanner does) uses nothing up: only the
 * button's POST signs in.
 */
export const Route = createFileRoute('/coach/link/$token')({
  ...deskRouteOptions,
  loader: ({ params }) => fetchDeskPage({ data: { page: 'link', key: params.token } }),
  component: LinkPage,
})

function LinkPage() {
  const page = Route.useLoaderData()
  const { token } = Route.useParams()
  if (page.signedIn || !page.linkUsable) {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status="link-ugyldig">
        <SignIn destination="/coach" />
      </DeskFrame>
    )
  }
  return (
    <DeskFrame title="Log ind på dit skrivebord">
      <form method="post" action={signInToDesk.url} className={boxClass}>
        <input type="hidden" name="link" value={token} />
        <p>Tryk på knappen for at logge ind på denne enhed. Du forbliver logget ind i 30 dage, så længe du bruger skrivebordet.</p>
        <Button type="submit" className="mt-4">
          Log ind
        </Button>
      </form>
    </DeskFrame>
  )
}
