import { createFileRoute } from '@tanstack/react-router'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { PostGrid } from '~/components/blog/post-card'
import { ButtonLink } from '~/components/ui/button-link'
import { Portrait } from '~/components/ui/portrait'
import { TextCards } from '~/components/ui/card'
import { CtaBlock } from '~/components/ui/cta-block'
import { Quote } from '~/components/ui/quote'
import { Section, SectionHeading } from '~/components/ui/section'
import { TestimonialCards, TestimonialSource } from '~/components/ui/testimonials'
import { fetchHomePage } from '~/lib/home-page'
import { siteOf, useSite } from '~/lib/content/site-data'
import type { Site } from '~/lib/content/content-types'
import { seo } from '~/lib/seo'

export const Route = createFileRoute('/')({
  loader: () => fetchHomePage(),
  head: ({ loaderData, matches }) =>
    seo({
      site: siteOf(matches),
      title: siteOf(matches).tagline,
      path: '/',
      structuredData: loaderData?.structuredData,
    }),
  component: HomePage,
})

const trustBadgesOf = (site: Site) => [
  { title: '20+ års erfaring', text: 'Med mennesker i udvikling og forandring' },
  { title: 'Certificeret coach', text: `Uddannet hos ${site.certifiedBy} og arbejder efter ${site.ethics}` },
  { title: 'Baseret i Fredericia', text: 'Samtaler i Fredericia og online i hele landet' },
]

function HomePage() {
  const { portrait, latestPosts, specialties, quotes, quotesSource, about } = Route.useLoaderData()
  const site = useSite()
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-accent-800 via-accent-700 to-accent-600 px-5 pt-12 pb-16 text-white sm:px-8 md:py-24">
        <HeroPattern />
        {/* A phone shows the headline, then the face, then the words and buttons; a wide screen
            puts the portrait beside the headline. */}
        <div className="relative mx-auto grid max-w-6xl gap-x-14 md:grid-cols-[1fr_17rem] lg:grid-cols-[1fr_21rem]">
          <div className="md:self-end">
            <p className="eyebrow mb-4 text-accent-100">
              {site.name} · Certificeret coach
            </p>
            <h1 className="max-w-3xl text-5xl leading-tight text-white md:text-6xl">Balance i krop og sjæl</h1>
            <a
              href={site.phone.href}
              className="mt-5 inline-flex min-h-tap items-center gap-2 rounded-full bg-white/10 px-4 font-semibold text-white underline-offset-4 hover:underline md:hidden"
            >
              <PhoneIcon />
              {/* No plain space in a phone link: it stays one unbreakable unit (and fits 320 px). */}
              {`Ring\u00a0${site.phone.display}`}
            </a>
          </div>
          <div className="mt-8 md:row-span-2 md:mt-0 md:self-center">
            <Portrait files={portrait} priority sizes="(min-width: 1024px) 21rem, (min-width: 768px) 17rem, 15rem" className="mx-auto max-w-60 border-4 border-white/20 md:max-w-none" />
          </div>
          <div className="md:self-start">
            <p className="mt-8 max-w-2xl text-lg text-accent-50 md:mt-6 md:text-xl">
              Coaching til dig, der vil videre – uanset om det handler om stress, parforholdet, karrieren eller
              livet som forælder til en teenager. I Fredericia og online.
            </p>
            <p className="mt-4 font-semibold text-white">{FREE_FIRST_CONVERSATION}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink href="/book-samtale" variant="light-secondary" size="lg">
                Book en samtale
              </ButtonLink>
              <ButtonLink href="/ydelser" variant="light-outline" size="lg">
                Udforsk ydelser
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>

      <section aria-label="Derfor kan du trygt vælge mig" className="border-b border-sand-200 bg-white px-5 py-10 sm:px-8">
        <ul className="mx-auto grid max-w-6xl gap-6 sm:grid-cols-3">
          {trustBadgesOf(site).map((badge) => (
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

      <Section className="home-quotes bg-sand-100">
        <SectionHeading eyebrow="Klienter fortæller" title="Det siger mine klienter" />
        <TestimonialSource text={quotesSource} className="-mt-4 mb-8" />
        <TestimonialCards items={quotes} className="md:grid-cols-3" />
        <div className="mt-10 text-center">
          <a href="/referencer" className="inline-flex min-h-tap items-center font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
            Se alle referencer
          </a>
        </div>
      </Section>

      <Section className="home-about">
        <div className="grid items-center gap-10 lg:grid-cols-[1fr_1fr]">
          <div>
            <p className="eyebrow mb-2 text-accent-700">Om mig</p>
            <h2 className="text-3xl md:text-4xl">Jeg hjælper dig med at finde din egen vej</h2>
            <p className="mt-5 text-lg text-ink-soft">{about.homeText}</p>
            <a href="/om" className="mt-6 inline-flex min-h-tap items-center font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
              Læs mere om mig
            </a>
          </div>
          <dl className="grid gap-4 min-[360px]:grid-cols-2">
            <Stat value="20+" label="års erfaring med mennesker" />
            <Stat value="60–90" label="minutter varer en samtale" />
            <Stat value={String(site.foundingYear)} label="egen praksis i Fredericia siden" />
            <Stat value="1 hverdag" label="svartid på din henvendelse" />
          </dl>
        </div>
      </Section>

      <Section className="home-help bg-sand-100">
        <SectionHeading eyebrow="Specialer" title="Hvad kan jeg hjælpe dig med?" />
        <TextCards items={specialties} />
        <div className="mt-10 text-center">
          <ButtonLink href="/ydelser" variant="outline">
            Se alle ydelser
          </ButtonLink>
        </div>
      </Section>

      {latestPosts.length > 0 && (
        <Section className="home-posts">
          <SectionHeading eyebrow="Fra bloggen" title="Nyeste artikler" />
          <PostGrid posts={latestPosts} />
          <div className="mt-10 text-center">
            <ButtonLink href="/blog" variant="outline">
              Se alle artikler
            </ButtonLink>
          </div>
        </Section>
      )}

      <Section className="home-quote bg-sand-100">
        <Quote source={site.name}>{about.quote}</Quote>
      </Section>

      <CtaBlock />
    </>
  )
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  )
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl bg-sand-100 p-5">
      <dt className="mt-1 text-ink-soft">{label}</dt>
      {/* One line in a phone's half-width box too (»1 hverdag« broke into two large lines). */}
      <dd className="font-serif text-3xl font-semibold whitespace-nowrap text-accent-700 sm:text-4xl">{value}</dd>
    </div>
  )
}

/**
 * Anchored to the top of the hero, not its bottom: the browser may paint the hero before it has
 * parsed all of it, and a circle hung from a bottom that is still growing moved with it (a layout
 * shift of 0.19–0.28 on a phone, in 3 of 26 loads measured).
 */
function HeroPattern() {
  return (
    <svg className="pointer-events-none absolute top-32 -right-24 size-[32rem] md:-top-16 text-white/10" viewBox="0 0 200 200" aria-hidden="true">
      <circle cx="100" cy="100" r="90" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="100" cy="100" r="65" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="100" cy="100" r="40" fill="currentColor" />
    </svg>
  )
}
