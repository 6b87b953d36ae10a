import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { CrisisHelpSentence } from '~/components/blog/crisis-lines'
import type { CrisisSentence } from '~/lib/content/crisis-lines'
import { ButtonLink } from '~/components/ui/button-link'
import { Card } from '~/components/ui/card'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { useSite } from '~/lib/content/site-data'

/**
 * The parts of /kontakt that only render: its hero, the ways to reach the coach beside the form,
 * and the questions and the phone below it. The server renders them to HTML and sends them as the
 * page's data (app/server/pages/contact-texts.server.tsx); only the form is the page's script.
 */

export const ContactHero = () => (
  <PageHero eyebrow="Kontakt" title="Lad os tage en snak" intro="Book en uforpligtende samtale, eller stil et spørgsmål. Jeg svarer inden for én hverdag." />
)

/** What stands in the aside beside the form: first on a phone, in the column beside it from lg up. */
/** `acuteHelp`: where to turn instead of the form (from content/kriselinjer.yaml). */
export function ContactDetails({ acuteHelp }: { acuteHelp: CrisisSentence }) {
  const site = useSite()
  return (
    <>
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
      <p className="rounded-2xl border border-sand-300 bg-sand-50 p-5 text-sm text-ink-soft sm:col-span-2 lg:col-span-1">
        <CrisisHelpSentence sentence={acuteHelp} />
      </p>
    </>
  )
}

/** Below the form: the questions visitors ask, and the phone for those who would rather call. */
export function ContactQuestions({ faq }: { faq: ReadonlyArray<{ question: string; answer: string }> }) {
  const site = useSite()
  return (
    <>
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
