import { createFileRoute } from '@tanstack/react-router'
import { PageHero } from '~/components/ui/page-hero'
import { fetchPrivacyPage } from '~/lib/privacy-page'
import { siteOf } from '~/lib/content/site-data'
import { seo } from '~/lib/seo'

export const Route = createFileRoute('/privatlivspolitik')({
  loader: () => fetchPrivacyPage(),
  head: ({ matches }) =>
    seo({
      site: siteOf(matches),
      title: 'Privatlivspolitik',
      description:
        'Sådan behandler jeg dine personoplysninger, når du besøger hjemmesiden, skriver til mig, booker en samtale eller bliver klient.',
      path: '/privatlivspolitik',
    }),
  component: PrivacyPage,
})

function PrivacyPage() {
  const { updated, html } = Route.useLoaderData()
  return (
    <>
      <PageHero title="Privatlivspolitik" intro={`Sådan passer jeg på dine oplysninger. Senest opdateret ${updated}.`} />
      <article className="prose mx-auto px-5 py-14 sm:px-8 md:py-20" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  )
}
