import { Button } from '~/components/ui/button'
import type { DeskPage } from '~/lib/desk/desk-data'
import { signInToDesk } from '~/lib/desk/desk-functions'
import { deskSearch } from '~/lib/desk/desk-search'
import { DeskArticleEditorView, DeskArticleListView } from './desk-articles'
import { DeskBooking } from './desk-booking'
import { DeskClosed } from './desk-closed'
import { DeskContentForm, DeskContentList } from './desk-content'
import { DeskMessage } from './desk-message'
import { DeskFrame, SignIn, SignOut, boxClass, linkClass } from './desk-parts'
import { DeskPerson } from './desk-person'

/** A desk page below /coach (`path`: what follows it): the sign-in without a session, else the booking, message or person. */
export function DeskSubpage({ path, page, search }: { path: string; page: DeskPage; search: unknown }) {
  const { status, slet } = deskSearch(search)
  const here = `/coach/${path}`
  if (path.startsWith('link/')) return <LinkPage token={path.slice('link/'.length)} usable={!page.signedIn && page.linkUsable === true} />
  if (!page.signedIn) {
    return (
      <DeskFrame title="Log ind på dit skrivebord" status={status}>
        <SignIn destination={path.startsWith('person') ? '/coach' : here} />
      </DeskFrame>
    )
  }
  const back = path.startsWith('person') ? '/coach/person' : here
  const [title, content] =
    page.page === 'booking' && page.booking
      ? [`Booking: ${page.booking.name}`, <DeskBooking booking={page.booking} formToken={page.formToken} />]
      : page.page === 'besked' && page.message
        ? [`Besked fra ${page.message.name}`, <DeskMessage message={page.message} formToken={page.formToken} />]
        : page.page === 'person' && page.person
          ? ['Person', <DeskPerson person={page.person} formToken={page.formToken} confirming={slet} />]
          : page.page === 'lukket'
            ? ['Hvorfor er tiden lukket?', <DeskClosed closed={page.closed} />]
            : page.page === 'indhold'
              ? ['Dine tekster og priser', <DeskContentList content={page.content} />]
              : page.page === 'indhold-fil' && page.file
                ? [page.file.title, <DeskContentForm page={page.file} formToken={page.formToken} />]
                : page.page === 'artikler'
                  ? ['Dine artikler', <DeskArticleListView list={page.articles} />]
                  : page.page === 'artikel' && page.article
                    ? [page.article.slug ? page.article.fields.title || 'Artikel' : 'Ny artikel', <DeskArticleEditorView editor={page.article} formToken={page.formToken} confirmingDelete={slet} />]
                    : ['Findes ikke', <p>Der er intet på den adresse (det kan være slettet).</p>]
  return (
    <DeskFrame title={title} status={status}>
      <p>
        <a href="/coach" className={linkClass}>
          Tilbage til overblikket
        </a>
      </p>
      {content}
      <SignOut formToken={page.formToken} back={back} />
    </DeskFrame>
  )
}

/**
 * The link from the sign-in e-mail. Opening it (a mail scanner does) uses nothing up: only the
 * button's POST signs in.
 */
function LinkPage({ token, usable }: { token: string; usable: boolean }) {
  if (!usable) {
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
