import { createFileRoute } from '@tanstack/react-router'
import { TestimonialCards, TestimonialSource } from '~/components/ui/testimonials'
import { CtaBlock } from '~/components/ui/cta-block'
import { PageHero } from '~/components/ui/page-hero'
import { Section, SectionHeading } from '~/components/ui/section'
import { fetchReferencesPage } from '~/lib/references-page'
import { headFromPageData } from '~/lib/seo'
import { withServerHead } from '~/lib/server-html'

export const Route = createFileRoute('/referencer')({
  loader: () => fetchReferencesPage().then(withServerHead),
  head: headFromPageData,
  component: ReferencesPage,
})

function ReferencesPage() {
  const { clients, showsSamples, testimonialSource, testimonials } = Route.useLoaderData()
  return (
    <>
      <PageHero
        eyebrow="Tillid"
        title="Referencer"
        intro="Gennem årene har jeg arbejdet med virksomheder, institutioner og mange privatpersoner. Her er et udpluk."
      />
      {showsSamples && (
        <div className="px-5 pt-10 sm:px-8">
          <p role="note" className="mx-auto max-w-3xl rounded-2xl border border-sand-300 bg-sand-50 px-5 py-4 text-ink-soft">
            Siden er under opbygning: Navnene og udtalelserne herunder er eksempler, der viser, hvordan siden kommer
            til at se ud. De bliver erstattet af rigtige referencer.
          </p>
        </div>
      )}
      <Section>
        <SectionHeading title="Virksomheder og organisationer" id="kunder" />
        <ul className="grid gap-x-8 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {clients.map((client) => (
            <li key={client.name} className="flex min-h-13 items-center border-b border-sand-200">
              {client.url ? (
                <a
                  href={client.url}
                  className="flex min-h-tap items-center font-medium text-accent-700 underline-offset-4 hover:underline"
                >
                  {client.name}
                  <span className="sr-only"> (åbner virksomhedens hjemmeside)</span>
                </a>
              ) : (
                <span className="font-medium text-ink">{client.name}</span>
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section className="bg-sand-100">
        <SectionHeading title="Det siger mine klienter" />
        <TestimonialSource text={testimonialSource} className="-mt-4 mb-8" />
        <TestimonialCards items={testimonials} className="md:grid-cols-2" />
      </Section>
      <div className="pt-16 md:pt-24">
        <CtaBlock />
      </div>
    </>
  )
}
