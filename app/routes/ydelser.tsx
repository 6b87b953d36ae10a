import { createFileRoute } from '@tanstack/react-router'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { ButtonLink } from '~/components/ui/button-link'
import { Card } from '~/components/ui/card'
import { CtaBlock } from '~/components/ui/cta-block'
import { PageHero } from '~/components/ui/page-hero'
import { Quote } from '~/components/ui/quote'
import { Section, SectionHeading } from '~/components/ui/section'
import { useSite } from '~/lib/content/site-data'
import { headFromPageData } from '~/lib/seo'
import { withServerHead } from '~/lib/server-html'
import { fetchServicesPage } from '~/lib/services-page'

export const Route = createFileRoute('/ydelser')({
  loader: () => fetchServicesPage().then(withServerHead),
  head: headFromPageData,
  component: ServicesPage,
})

function ServicesPage() {
  const { pricesAreSamples, processSteps, services, packages, quote } = Route.useLoaderData()
  const site = useSite()
  return (
    <>
      <PageHero
        eyebrow="Ydelser"
        title="Coaching, der passer til dit liv"
        intro="Seks måder, jeg kan hjælpe dig, dit parforhold eller din virksomhed på."
      />
      <Section>
        <p className="mx-auto mb-10 max-w-3xl rounded-2xl border border-accent-600/30 bg-accent-50 px-6 py-4 text-center text-lg font-semibold text-accent-800">
          {FREE_FIRST_CONVERSATION}
          {pricesAreSamples && (
            <span className="mt-1 block text-base font-normal text-ink-soft">Priserne herunder er eksempler, indtil de rigtige er sat ind.</span>
          )}
        </p>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.id} id={service.id}>
              <Card className="flex h-full flex-col">
                <h2 className="text-2xl">{service.title}</h2>
                <p className="mt-3 text-ink-soft">{service.description}</p>
                <ul className="mt-5 mb-5 space-y-2 border-t border-sand-200 pt-5">
                  {service.features.map((feature) => (
                    <li key={feature} className="flex gap-2.5 text-ink-soft">
                      <span className="mt-2 size-2 shrink-0 rounded-full bg-accent-600" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {/* Pushed to the bottom, so price and button line up across a row of cards. */}
                <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-sand-200 pt-5">
                  <dt className="font-semibold text-ink">Varighed</dt>
                  <dd className="text-ink-soft">{service.pricing.duration}</dd>
                  <dt className="font-semibold text-ink">Pris</dt>
                  <dd className="text-ink-soft">{service.pricing.price}</dd>
                </dl>
                {/* A price »+ moms« is for companies: they ask for an offer, they do not book the private first conversation. */}
                {service.pricing.price.includes('+ moms') ? (
                  <ButtonLink href="/kontakt" variant="secondary" className="mt-5 w-full">
                    Bed om et tilbud<span className="sr-only"> på {service.title.toLowerCase()}</span>
                  </ButtonLink>
                ) : (
                  <>
                    {service.pricing.sessionTypeIds?.map((id) => (
                      <ButtonLink key={id} href={`/book/${id}`} className="mt-5 w-full">
                        Book en session<span className="sr-only"> om {service.title.toLowerCase()}</span>
                      </ButtonLink>
                    ))}
                    <ButtonLink href="/book-samtale" variant={service.pricing.sessionTypeIds ? 'outline' : 'default'} className={service.pricing.sessionTypeIds ? 'mt-3 w-full' : 'mt-5 w-full'}>
                      Book en samtale<span className="sr-only"> om {service.title.toLowerCase()}</span>
                    </ButtonLink>
                  </>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      {packages.length > 0 && (
        <Section id="klippekort">
          <SectionHeading eyebrow="Klippekort" title="Flere sessioner, betalt på én gang" />
          <ul className="grid gap-6 md:grid-cols-2">
            {packages.map((card) => (
              <li key={card.id}>
                <Card className="flex h-full flex-col">
                  <h3 className="text-2xl">{card.name}</h3>
                  <p className="mt-3 text-ink-soft">
                    {card.sessions} × {card.sessionName}, {card.validity}. Du booker sessionerne én ad gangen fra dit klippekorts side uden at betale igen.
                  </p>
                  <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-sand-200 pt-5">
                    <dt className="font-semibold text-ink">Pris</dt>
                    <dd className="text-ink-soft">
                      {card.price} ({card.perSession})
                    </dd>
                  </dl>
                  {card.sample && <p className="mt-3 text-sm text-ink-soft">Klippekortet er et eksempel, indtil det rigtige er sat ind.</p>}
                  <ButtonLink href={`/klippekort/koeb/${card.id}`} className="mt-5 w-full">
                    Køb klippekort<span className="sr-only">: {card.name}</span>
                  </ButtonLink>
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section className="bg-sand-100">
        <SectionHeading eyebrow="Sådan foregår det" title="Fire trin fra første samtale til opfølgning" />
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {processSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6">
              <span className="inline-flex size-tap items-center justify-center rounded-full bg-accent-700 font-serif text-xl text-white" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl">
                <span className="sr-only">Trin {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-ink-soft">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section>
        <Quote source={site.name}>{quote}</Quote>
      </Section>

      <CtaBlock />
    </>
  )
}
