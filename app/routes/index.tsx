import { Link, createFileRoute } from '@tanstack/react-router'
import { site } from '#content/site'
import { homeSpecialtyIds, services } from '#content/services'
import { ButtonLink } from '~/components/ui/button-link'
import { Portrait } from '~/components/ui/portrait'
import { TextCards } from '~/components/ui/card'
import { CtaBlock } from '~/components/ui/cta-block'
import { Quote } from '~/components/ui/quote'
import { Section, SectionHeading } from '~/components/ui/section'
import { absoluteUrl, seo } from '~/lib/seo'

export const Route = createFileRoute('/')({
  head: () =>
    seo({
      title: site.tagline,
      path: '/',
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'ProfessionalService',
        name: site.tagline,
        description: site.description,
        url: absoluteUrl('/'),
        image: absoluteUrl('/og/default.png'),
        email: site.email,
        telephone: site.phone.display,
        foundingDate: String(site.foundingYear),
        founder: { '@type': 'Person', name: site.name, jobTitle: 'Certificeret coach' },
        address: {
          '@type': 'PostalAddress',
          streetAddress: site.address.street,
          postalCode: site.address.postalCode,
          addressLocality: site.address.city,
          addressCountry: site.address.country,
        },
        geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
        areaServed: ['Fredericia', 'Vejle', 'Kolding', 'Danmark'],
        sameAs: Object.values(site.profiles),
        openingHoursSpecification: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '17:00',
        },
      },
    }),
  component: HomePage,
})

const trustBadges = [
  { title: '20+ års erfaring', text: 'Med mennesker i udvikling og forandring' },
  { title: 'Certificeret coach', text: `Uddannet hos ${site.certifiedBy} og arbejder efter etiske retningslinjer` },
  { title: 'Baseret i Fredericia', text: 'Samtaler i Fredericia og online i hele landet' },
]

function HomePage() {
  const specialties = services.filter((service) =>
    (homeSpecialtyIds as readonly string[]).includes(service.id),
  )
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-accent-800 via-accent-700 to-accent-600 px-5 py-20 text-white sm:px-8 md:py-28">
        <HeroPattern />
        <div className="relative mx-auto max-w-6xl">
          <p className="mb-4 text-sm font-semibold tracking-widest text-accent-100 uppercase">
            {site.name} · Certificeret coach
          </p>
          <h1 className="max-w-3xl text-5xl leading-tight text-white md:text-6xl">Balance i krop og sjæl</h1>
          <p className="mt-6 max-w-2xl text-lg text-accent-50 md:text-xl">
            Coaching til dig, der vil videre – uanset om det handler om stress, parforholdet, karrieren eller
            livet som forælder til en teenager. I Fredericia og online.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/kontakt" variant="light-secondary" size="lg">
              Book en samtale
            </ButtonLink>
            <ButtonLink to="/ydelser" variant="light-outline" size="lg">
              Udforsk ydelser
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-label="Derfor kan du trygt vælge mig" className="border-b border-sand-200 bg-white px-5 py-10 sm:px-8">
        <ul className="mx-auto grid max-w-6xl gap-6 sm:grid-cols-3">
          {trustBadges.map((badge) => (
            <li key={badge.title} className="flex items-start gap-3">
              <span className="mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800" aria-hidden="true">
                ✓
              </span>
              <span>
                <span className="block font-semibold text-ink">{badge.title}</span>
                <span className="block text-ink-soft">{badge.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <Section>
        <div className="grid items-center gap-10 md:grid-cols-[minmax(0,16rem)_1fr] lg:grid-cols-[16rem_1fr_1fr]">
          <Portrait sizes="(min-width: 768px) 16rem, 20rem" className="mx-auto max-w-80 md:max-w-none" />
          <div>
            <p className="mb-2 text-sm font-semibold tracking-widest text-accent-700 uppercase">Om mig</p>
            <h2 className="text-3xl md:text-4xl">Jeg hjælper dig med at finde din egen vej</h2>
            <p className="mt-5 text-lg text-ink-soft">
              Jeg har arbejdet som coach siden {site.foundingYear} og har i over 20 år haft mennesker i forandring
              tæt på. Min tilgang er enkel: Du kender svarene bedre, end du tror – jeg stiller spørgsmålene, der
              hjælper dig med at finde dem.
            </p>
            <Link to="/om" className="mt-6 inline-flex font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
              Læs mere om mig
            </Link>
          </div>
          <dl className="grid grid-cols-2 gap-4 md:col-span-2 lg:col-span-1">
            <Stat value="20+" label="års erfaring med mennesker" />
            <Stat value="60–90" label="minutter varer en samtale" />
            <Stat value={String(site.foundingYear)} label="egen praksis i Fredericia siden" />
            <Stat value="1 hverdag" label="svartid på din henvendelse" />
          </dl>
        </div>
      </Section>

      <Section className="bg-sand-100">
        <SectionHeading eyebrow="Specialer" title="Hvad kan jeg hjælpe dig med?" />
        <TextCards items={specialties.map((service) => ({ title: service.title, text: service.summary }))} />
        <div className="mt-10 text-center">
          <ButtonLink to="/ydelser" variant="outline">
            Se alle ydelser
          </ButtonLink>
        </div>
      </Section>

      <Section>
        <Quote source={site.name}>
          Forandring begynder, når du giver dig selv lov til at stoppe op og lytte efter, hvad du i virkeligheden
          har brug for.
        </Quote>
      </Section>

      <CtaBlock />
    </>
  )
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl bg-sand-100 p-5">
      <dt className="mt-1 text-ink-soft">{label}</dt>
      <dd className="font-serif text-4xl font-semibold text-accent-700">{value}</dd>
    </div>
  )
}

function HeroPattern() {
  return (
    <svg className="pointer-events-none absolute -right-24 -bottom-24 size-[32rem] text-white/10" viewBox="0 0 200 200" aria-hidden="true">
      <circle cx="100" cy="100" r="90" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="100" cy="100" r="65" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="100" cy="100" r="40" fill="currentColor" />
    </svg>
  )
}
