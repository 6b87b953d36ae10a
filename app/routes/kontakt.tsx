import { createFileRoute } from '@tanstack/react-router'
import { faq } from '#content/faq'
import { site } from '#content/site'
import { NotForAcuteHelp } from '~/components/blog/crisis-lines'
import { ContactForm } from '~/components/contact/contact-form'
import { ButtonLink } from '~/components/ui/button-link'
import { Card } from '~/components/ui/card'
import { sendContactMessage } from '~/lib/contact-action'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { type ContactField, type ContactResult, type ContactStatus, contactFields, fieldHints } from '~/lib/contact'
import { contactStatuses } from '~/lib/contact-status'
import { seo } from '~/lib/seo'

type ContactSearch = { status?: ContactStatus; felter?: string }

export const Route = createFileRoute('/kontakt')({
  // What a plain form post was redirected with; anything else is ignored.
  validateSearch: (search: Record<string, unknown>): ContactSearch => ({
    status: contactStatuses.includes(search.status as ContactStatus) ? (search.status as ContactStatus) : undefined,
    felter: typeof search.felter === 'string' && search.felter.length < 200 ? search.felter : undefined,
  }),
  // The form's address comes with the page, so its server-function client need not (ContactForm).
  loader: () => ({ formAction: sendContactMessage.url }),
  head: () =>
    seo({
      title: 'Kontakt',
      description: `Book en uforpligtende samtale med ${site.name}, certificeret coach i Fredericia. Skriv eller ring – jeg svarer inden for én hverdag.`,
      path: '/kontakt',
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      },
    }),
  component: ContactPage,
})

/** Rebuilds the outcome of a form post made without JavaScript from the redirect's query. */
function resultFromSearch({ status, felter }: ContactSearch): ContactResult | undefined {
  if (!status) return undefined
  const fields = (felter ?? '').split(',').filter((name): name is ContactField => (contactFields as string[]).includes(name))
  return {
    status,
    fieldErrors: fields.length ? Object.fromEntries(fields.map((name) => [name, fieldHints[name]])) : undefined,
  }
}

function ContactPage() {
  const search = Route.useSearch()
  const { formAction } = Route.useLoaderData()
  return (
    <>
      <PageHero
        eyebrow="Kontakt"
        title="Lad os tage en snak"
        intro="Book en uforpligtende samtale, eller stil et spørgsmål. Jeg svarer inden for én hverdag."
      />
      <Section>
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <ContactForm key={search.status ?? 'ny'} action={formAction} initialResult={resultFromSearch(search)} />
          <aside aria-label="Kontaktoplysninger" className="space-y-4">
            <InfoCard title="Book en samtale">
              <p className="text-ink">Vælg selv en tid til en gratis, uforpligtende første samtale.</p>
              <ButtonLink to="/book-samtale" className="mt-3">
                Find en ledig tid
              </ButtonLink>
            </InfoCard>
            <InfoCard title="E-mail">
              <a href={`mailto:${site.email}`} className="font-medium text-accent-700 underline-offset-4 hover:underline">
                {site.email}
              </a>
            </InfoCard>
            <InfoCard title="Telefon">
              <a href={site.phone.href} className="font-medium text-accent-700 underline-offset-4 hover:underline">
                {site.phone.display}
              </a>
              <p className="mt-1 text-ink-soft">{site.phoneHours}</p>
            </InfoCard>
            <InfoCard title="Adresse">
              <p className="text-ink">
                {site.address.street}
                <br />
                {site.address.postalCode} {site.address.city}
              </p>
              <p className="mt-1 text-ink-soft">Kun efter aftale</p>
              <a href={site.mapsUrl} className="mt-2 inline-block font-medium text-accent-700 underline underline-offset-4">
                Se på kort
              </a>
            </InfoCard>
            <NotForAcuteHelp className="rounded-2xl border border-sand-300 bg-sand-50 p-5 text-sm text-ink-soft" />
          </aside>
        </div>
      </Section>

      <Section className="bg-sand-100">
        <h2 className="mb-8 text-center text-3xl md:text-4xl">Ofte stillede spørgsmål</h2>
        <dl className="mx-auto grid max-w-4xl gap-5 md:grid-cols-2">
          {faq.map((item) => (
            <div key={item.question} className="rounded-2xl bg-white p-6">
              <dt className="font-serif text-xl font-semibold text-ink">{item.question}</dt>
              <dd className="mt-2 text-ink-soft">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section>
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl">Foretrækker du at ringe?</h2>
          <p className="mt-4 text-lg text-ink-soft">
            Ring på{' '}
            <a href={site.phone.href} className="font-semibold text-accent-700 underline underline-offset-4">
              {site.phone.display}
            </a>{' '}
            ({site.phoneHours.toLowerCase()}), eller skriv til{' '}
            <a href={`mailto:${site.email}`} className="font-semibold text-accent-700 underline underline-offset-4">
              {site.email}
            </a>
            . Den første samtale er altid uforpligtende.
          </p>
        </div>
      </Section>
    </>
  )
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <h2 className="font-sans text-sm font-semibold tracking-widest text-sand-600 uppercase">{title}</h2>
      <div className="mt-2">{children}</div>
    </Card>
  )
}
