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
  // Names only; the server checks them (the week's form, the outcome's name).
  validateSearch: (search: Record<string, unknown>): { uge?: string; status?: string } => ({
    uge: typeof search.uge === 'string' ? search.uge.slice(0, 8) : undefined,
    status: typeof search.status === 'string' ? search.status.slice(0, 20) : undefined,
  }),
  loaderDeps: ({ search }) => ({ uge: search.uge, status: search.status }),
  loader: async ({ params, deps }) => {
    const page = await fetchKlippekortPage({ data: `${params._splat ?? ''}|${deps.uge ?? ''}|${deps.status ?? ''}` })
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
