import { createFileRoute } from '@tanstack/react-router'
import { PageHero } from '~/components/ui/page-hero'
import { fetchPrivacyPage } from '~/lib/privacy-page'
import { headFromPageData } from '~/lib/seo'
import { ServerHtml, htmlOf, withServerHead } from '~/lib/server-html'

export const Route = createFileRoute('/privatlivspolitik')({
  loader: () => fetchPrivacyPage().then((page) => ({ ...withServerHead(page), html: new ServerHtml('politik', page.html) })),
  head: headFromPageData,
  component: PrivacyPage,
})

function PrivacyPage() {
  const { updated, html } = Route.useLoaderData()
  return (
    <>
      <PageHero title="Privatlivspolitik" intro={`Sådan passer jeg på dine oplysninger. Senest opdateret ${updated}.`} />
      <article className="prose mx-auto px-5 py-14 sm:px-8 md:py-20" {...htmlOf(html)} />
    </>
  )
}
