import { createFileRoute } from '@tanstack/react-router'
import { TextCards } from '~/components/ui/card'
import { CtaBlock } from '~/components/ui/cta-block'
import { Portrait } from '~/components/ui/portrait'
import { PageHero } from '~/components/ui/page-hero'
import { Quote } from '~/components/ui/quote'
import { Section, SectionHeading } from '~/components/ui/section'
import { fetchAboutPage } from '~/lib/about-page'
import { useSite } from '~/lib/content/site-data'
import { headFromPageData } from '~/lib/seo'
import { withServerHead } from '~/lib/server-html'

export const Route = createFileRoute('/om')({
  loader: () => fetchAboutPage().then(withServerHead),
  head: headFromPageData,
  component: AboutPage,
})

function AboutPage() {
  const { portrait, about } = Route.useLoaderData()
  const site = useSite()
  return (
    <>
      <PageHero
        eyebrow="Om mig"
        title={about.heroTitle}
        intro={about.heroIntro}
      />
      <Section>
        <div className="mx-auto grid max-w-5xl items-start gap-10 md:grid-cols-[18rem_1fr]">
          <Portrait files={portrait} sizes="(min-width: 768px) 18rem, 20rem" priority className="mx-auto max-w-80 md:max-w-none" />
          <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
            <h2 className="text-3xl text-ink">Min historie</h2>
            {about.story.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </Section>

      <Section className="bg-sand-100">
        <SectionHeading eyebrow="Min filosofi" title="Tre ting, jeg arbejder ud fra" />
        <TextCards items={about.pillars} />
      </Section>

      <Section>
        <div className="mx-auto max-w-3xl">
          <h2 className="text-3xl">Erfaring</h2>
          <ul className="mt-6 space-y-4">
            {about.experience.map((item) => (
              <li key={item} className="flex gap-3 text-lg text-ink-soft">
                <span className="mt-2 size-2.5 shrink-0 rounded-full bg-accent-600" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section className="bg-sand-100">
        <Quote source={site.name}>{about.quotes.about}</Quote>
      </Section>

      <div className="pt-16 md:pt-24">
        <CtaBlock />
      </div>
    </>
  )
}
