import { createFileRoute } from '@tanstack/react-router'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { fetchTermsPage } from '~/lib/payments/payment-actions'
import { headFromPageData } from '~/lib/seo'

/** The terms for paid sessions, written from the same facts as the prices and the charges (content/ydelser.yaml). */
export const Route = createFileRoute('/vilkaar')({
  loader: () => fetchTermsPage(),
  head: headFromPageData,
  component: TermsPage,
})

function TermsPage() {
  const { terms } = Route.useLoaderData()
  return (
    <>
      <PageHero eyebrow="Vilkår" title="Vilkår for betalte sessioner" intro={terms ? `Version ${terms.version}. Den version, der gjaldt, da du købte, står i din bekræftelse.` : undefined} />
      <Section>
        <div className="mx-auto max-w-3xl space-y-10">
          {!terms && <p className="text-lg text-ink-soft">Der er ingen betalte sessioner at booke på siden lige nu.</p>}
          {terms?.sample && <p className="rounded-2xl border border-accent-600/30 bg-accent-50 p-4 text-ink">Sessionerne og priserne er eksempler, indtil de rigtige er sat ind.</p>}
          {terms?.sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`vilkaar-${index}`}>
              <h2 id={`vilkaar-${index}`} className="text-2xl">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 text-ink-soft">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </Section>
    </>
  )
}
