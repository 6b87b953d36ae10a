import { createFileRoute, notFound } from '@tanstack/react-router'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { ACTION_SLOT } from '~/lib/payments/package-page-data'
import { actOnKlippekort, fetchKlippekortPage } from '~/lib/payments/package-actions'
import { headFromPageData } from '~/lib/seo'

/**
 * The klippekort's pages, one route: `/klippekort/koeb/<id>` buys one (its form leads to Stripe's
 * checkout), `/klippekort/<token>` is a card's page from the link in its confirmation (a secret
 * token, like the manage link): what is left and until when, the sessions booked with it, and one
 * form that books the next session without paying again. Their bodies come rendered with the
 * page's data (package-html.server.tsx); opening a page changes nothing, only the forms' POSTs act.
 */
export const Route = createFileRoute('/klippekort/$')({
  // The week and the outcome's name as they came (no validateSearch: its code would be in every
  // page's script); cut short here, checked by the server.
  loaderDeps: ({ search }) => search as { uge?: unknown; status?: unknown },
  loader: async ({ params, deps }) => {
    const page = await fetchKlippekortPage({ data: `${params._splat ?? ''}|${String(deps.uge ?? '').slice(0, 8)}|${String(deps.status ?? '').slice(0, 20)}` })
    if (!page) throw notFound()
    // The forms' address, as only the route knows it (see ACTION_SLOT).
    return { ...page, action: actOnKlippekort.url }
  },
  staleTime: 0,
  headers: () => ({ 'Cache-Control': 'no-store', 'Cross-Origin-Opener-Policy': 'same-origin' }),
  // A card's token must not travel in a canonical link or anywhere else.
  head: headFromPageData,
  component: KlippekortPage,
})

function KlippekortPage() {
  const { hero, html, action } = Route.useLoaderData()
  return (
    <>
      <PageHero {...hero} />
      <Section>
        <div dangerouslySetInnerHTML={{ __html: html.replace(ACTION_SLOT, action) }} />
      </Section>
    </>
  )
}
