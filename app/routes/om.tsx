import { createFileRoute } from '@tanstack/react-router'
import { site } from '#content/site'
import { TextCards } from '~/components/ui/card'
import { CtaBlock } from '~/components/ui/cta-block'
import { Portrait } from '~/components/ui/portrait'
import { PageHero } from '~/components/ui/page-hero'
import { Quote } from '~/components/ui/quote'
import { Section, SectionHeading } from '~/components/ui/section'
import { fetchAboutPage } from '~/lib/about-page'
import { seo } from '~/lib/seo'

export const Route = createFileRoute('/om')({
  loader: () => fetchAboutPage(),
  head: () =>
    seo({
      title: 'Om mig',
      description: `Mød ${site.name}, certificeret coach i Fredericia siden ${site.foundingYear}. Læs om min baggrund, min tilgang og mine værdier: empati, vækst og balance.`,
      path: '/om',
    }),
  component: AboutPage,
})

const pillars = [
  {
    title: 'Empati',
    text: 'Du bliver mødt, som du er. Jeg lytter uden at dømme, og det, du fortæller, bliver mellem os. Kun hvis jeg frygter, at du eller en anden er i fare, siger jeg det videre – og fortæller dig det først.',
  },
  {
    title: 'Vækst',
    text: 'Jeg tror på, at alle kan udvikle sig. Vi arbejder med dine styrker og tager små skridt, der holder.',
  },
  {
    title: 'Balance',
    text: 'Et godt liv kræver plads til både arbejde, relationer og hvile. Målet er en hverdag, der hænger sammen.',
  },
]

const experience = [
  `Certificeret coach, uddannet hos ${site.certifiedBy} i coaching og samtaleteknik`,
  `Over 20 års erfaring med mennesker i udvikling – egen praksis siden ${site.foundingYear}`,
  'Lokalt forankret i Fredericia, med samtaler online og over telefonen i hele landet',
  'Workshops og foredrag for virksomheder, skoler og foreninger',
]

function AboutPage() {
  const { portrait } = Route.useLoaderData()
  return (
    <>
      <PageHero
        eyebrow="Om mig"
        title={`Hej, jeg er ${site.name}`}
        intro="Certificeret coach med hjertet i Fredericia – og med over 20 års erfaring i at hjælpe mennesker videre."
      />
      <Section>
        <div className="mx-auto grid max-w-5xl items-start gap-10 md:grid-cols-[18rem_1fr]">
          <Portrait files={portrait} sizes="(min-width: 768px) 18rem, 20rem" priority className="mx-auto max-w-80 md:max-w-none" />
          <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
            <h2 className="text-3xl text-ink">Min historie</h2>
            <p>
              Jeg har altid været optaget af, hvad der får mennesker til at trives. Før jeg blev coach, arbejdede jeg
              i mange år med personaleudvikling, og jeg så igen og igen, hvordan de rigtige spørgsmål på det rigtige
              tidspunkt kunne ændre retningen for et menneske.
            </p>
            <p>
              I {site.foundingYear} tog jeg springet og åbnede min egen praksis i {site.address.city}. Siden har
              jeg haft samtaler med teenagere, forældre, par, ledere og medarbejdere – mennesker, der stod midt i
              stress, kriser, valg eller et ønske om at komme videre.
            </p>
            <p>
              Coaching er for mig et ligeværdigt samarbejde. Du er eksperten i dit eget liv; jeg hjælper dig med at
              se klart, sætte mål og finde modet til at handle. Coaching er ikke terapi, og har du brug for
              behandling, hjælper jeg dig videre til din læge eller en psykolog.
            </p>
          </div>
        </div>
      </Section>

      <Section className="bg-sand-100">
        <SectionHeading eyebrow="Min filosofi" title="Tre ting, jeg arbejder ud fra" />
        <TextCards items={pillars} />
      </Section>

      <Section>
        <div className="mx-auto max-w-3xl">
          <h2 className="text-3xl">Erfaring</h2>
          <ul className="mt-6 space-y-4">
            {experience.map((item) => (
              <li key={item} className="flex gap-3 text-lg text-ink-soft">
                <span className="mt-2 size-2.5 shrink-0 rounded-full bg-accent-600" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section className="bg-sand-100">
        <Quote source={site.name}>
          Du behøver ikke have alle svarene. Du skal bare være nysgerrig nok til at stille dig selv de rigtige
          spørgsmål.
        </Quote>
      </Section>

      <div className="pt-16 md:pt-24">
        <CtaBlock />
      </div>
    </>
  )
}
