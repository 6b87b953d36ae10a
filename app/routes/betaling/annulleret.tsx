import { createFileRoute } from '@tanstack/react-router'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { siteOf } from '~/lib/content/site-data'
import { seo } from '~/lib/seo'

/** Where Stripe's checkout returns when the visitor cancels: nothing is paid, and the held time is freed when the hold runs out. */
export const Route = createFileRoute('/betaling/annulleret')({
  headers: () => ({ 'Cache-Control': 'no-store' }),
  head: ({ matches }) => ({ ...seo({ site: siteOf(matches), title: 'Betalingen er afbrudt', description: 'Du har ikke betalt noget.', path: '/betaling/annulleret', noindex: true }) }),
  component: () => (
    <>
      <PageHero eyebrow="Betaling" title="Betalingen er afbrudt" intro="Du har ikke betalt noget, og tiden er ikke booket. Den bliver ledig igen, når de 30 minutter, den blev holdt til dig, er gået." />
      <Section>
        <p className="mx-auto max-w-2xl text-lg">
          <a href="/ydelser" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
            Vælg en session og en tid igen
          </a>
        </p>
      </Section>
    </>
  ),
})
