import { createFileRoute, notFound } from '@tanstack/react-router'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { ACTION_SLOT } from '~/lib/payments/package-page-data'
import { buyPackage, fetchPackagePurchase } from '~/lib/payments/package-actions'
import { noStore } from '~/lib/payments/no-store'
import { headFromPageData } from '~/lib/seo'

/** Buying a klippekort: its form comes rendered with the page's data (package-html.server.tsx); the button leads to Stripe's checkout. */
export const Route = createFileRoute('/klippekort/koeb/$id')({
  // The outcome's name only; the server knows the names and their texts.
  validateSearch: (search: Record<string, unknown>): { status?: string } => ({ status: typeof search.status === 'string' ? search.status.slice(0, 20) : undefined }),
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: async ({ params, deps }) => {
    const page = await fetchPackagePurchase({ data: `${params.id}|${deps.status ?? ''}` })
    if (!page) throw notFound()
    // The form's address, as only the route knows it (see ACTION_SLOT).
    return { ...page, action: buyPackage.url }
  },
  staleTime: 0,
  headers: noStore,
  head: headFromPageData,
  component: PurchasePage,
})

function PurchasePage() {
  const { card, html, action } = Route.useLoaderData()
  return (
    <>
      <PageHero eyebrow="Klippekort" title={card.name} intro={`${card.sessions} × ${card.sessionName} for ${card.price} (${card.perSession}), ${card.validity}.`} />
      <Section>
        <div dangerouslySetInnerHTML={{ __html: html.replace(ACTION_SLOT, action) }} />
      </Section>
    </>
  )
}
