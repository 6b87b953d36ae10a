import { Link, createFileRoute } from '@tanstack/react-router'
import { privacy } from '#content/privacy'
import { site } from '#content/site'
import { PrivacyPolicy } from '~/components/privacy-policy'
import { PageHero } from '~/components/ui/page-hero'
import { formatDanishDate } from '~/lib/dates'
import { seo } from '~/lib/seo'

export const Route = createFileRoute('/privatlivspolitik')({
  head: () =>
    seo({
      title: 'Privatlivspolitik',
      description:
        'Sådan behandler jeg dine personoplysninger, når du besøger hjemmesiden, skriver til mig, booker en samtale eller bliver klient.',
      path: '/privatlivspolitik',
    }),
  component: PrivacyPage,
})

function PrivacyPage() {
  return (
    <>
      <PageHero title="Privatlivspolitik" intro={`Sådan passer jeg på dine oplysninger. Senest opdateret ${formatDanishDate(privacy.updated)}.`} />
      <article className="prose mx-auto px-5 py-14 sm:px-8 md:py-20">
        <PrivacyPolicy site={site} privacy={privacy} />
        <p>
          Har du spørgsmål til politikken, er du velkommen til at <Link to="/kontakt">kontakte mig</Link>.
        </p>
      </article>
    </>
  )
}
