import { createFileRoute } from '@tanstack/react-router'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { ContactForm } from '~/components/contact/contact-form'
import { ButtonLink } from '~/components/ui/button-link'
import { Card } from '~/components/ui/card'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { type ContactDraft, type ContactResult, type ContactStatus, isReceived } from '~/lib/contact'
import { fetchContactPageTexts } from '~/lib/contact-page'
import { refusedPostStatus } from '~/lib/contact-post'
import { contactStatuses } from '~/lib/contact-status'
import { formPostsFromThisSite } from '~/lib/posts-from-this-site'
import { useSite } from '~/lib/content/site-data'
import { headFromPageData } from '~/lib/seo'

type ContactSearch = { status?: ContactStatus }

export const Route = createFileRoute('/kontakt')({
  // What a received plain form post was redirected with; anything else is ignored.
  validateSearch: (search: Record<string, unknown>): ContactSearch => ({
    status: contactStatuses.includes(search.status as ContactStatus) ? (search.status as ContactStatus) : undefined,
  }),
  // The form without JavaScript posts here: see app/server/contact/contact-page.server.ts for how it is answered.
  server: {
    handlers: ({ createHandlers }) =>
      createHandlers({
        POST: {
          middleware: [formPostsFromThisSite, refusedPostStatus],
          handler: async ({ request, next }) => {
            const { answerPlainContactPost } = await import('~/server/contact/contact-page.server')
            const answer = await answerPlainContactPost(request)
            if ('redirect' in answer) return new Response(null, { status: 303, headers: { Location: answer.redirect, 'Cache-Control': 'no-store' } })
            return next({ context: { contactDraft: answer.draft } })
          },
        },
      }),
  },
  // Only the page that answers a refused post has a draft; every other render has none.
  // (The server's request context comes to loaders beside `context`, as `serverContext`.)
  loader: async (loader) => ({
    draft: (loader as { serverContext?: { contactDraft?: ContactDraft } }).serverContext?.contactDraft ?? null,
    ...(await fetchContactPageTexts()),
  }),
  head: headFromPageData,
  component: ContactPage,
})

/** The outcome of a received plain form post, from the redirect's query. */
const resultFromSearch = ({ status }: ContactSearch): ContactResult | undefined => (isReceived(status) ? { status: status! } : undefined)

function ContactPage() {
  const search = Route.useSearch()
  const site = useSite()
  const { draft, faq, notForAcuteHelpHtml } = Route.useLoaderData()
  return (
    <>
      <PageHero
        eyebrow="Kontakt"
        title="Lad os tage en snak"
        intro="Book en uforpligtende samtale, eller stil et spørgsmål. Jeg svarer inden for én hverdag."
      />
      <Section>
        {/* The coach's phone and e-mail come first: on a phone they are seen before the long form;
            from lg up they stand in the column beside it. */}
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <aside aria-label="Kontaktoplysninger" className="grid gap-4 sm:grid-cols-2 lg:col-start-2 lg:row-start-1 lg:grid-cols-1 lg:content-start">
            <InfoCard title="Book en samtale">
              <p className="text-ink">Vælg selv en tid til en gratis, uforpligtende første samtale.</p>
              <ButtonLink href="/book-samtale" className="mt-3">
                Find en ledig tid
              </ButtonLink>
            </InfoCard>
            <InfoCard title="E-mail">
              <a href={`mailto:${site.email}`} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline-offset-4 hover:underline">
                {site.email}
              </a>
            </InfoCard>
            <InfoCard title="Telefon">
              <a href={site.phone.href} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline-offset-4 hover:underline">
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
              <a href={site.mapsUrl} className="mt-1 inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                Se på kort
              </a>
            </InfoCard>
            <p
              className="rounded-2xl border border-sand-300 bg-sand-50 p-5 text-sm text-ink-soft sm:col-span-2 lg:col-span-1"
              dangerouslySetInnerHTML={{ __html: notForAcuteHelpHtml }}
            />
          </aside>
          <ContactForm
            key={search.status ?? 'ny'}
            action="/kontakt"
            initialResult={draft?.result ?? resultFromSearch(search)}
            initialValues={draft?.values}
            className="lg:col-start-1 lg:row-start-1"
          />
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
            . {FREE_FIRST_CONVERSATION}
          </p>
        </div>
      </Section>
    </>
  )
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <h2 className="eyebrow text-sand-600">{title}</h2>
      <div className="mt-2">{children}</div>
    </Card>
  )
}
