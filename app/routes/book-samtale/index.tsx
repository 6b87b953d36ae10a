import { createFileRoute } from '@tanstack/react-router'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { BookingClosed, StatusNotice } from '~/components/booking/status-notice'
import { UntilTheConversation } from '~/components/booking/until-the-conversation'
import { WeekNavigation, WeekOfTimes } from '~/components/booking/week-of-times'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { fetchBookingWeek } from '~/lib/booking/booking-actions'
import { weekSearch } from '~/lib/booking/booking-search'
import { siteOf } from '~/lib/content/site-data'
import { seo } from '~/lib/seo'

export const Route = createFileRoute('/book-samtale/')({
  validateSearch: weekSearch,
  loaderDeps: ({ search }) => ({ uge: search.uge }),
  loader: ({ deps }) => fetchBookingWeek({ data: deps.uge ?? '' }),
  // Free times change with every booking: never reuse what an earlier visit loaded.
  staleTime: 0,
  // Free times and one visitor's booking: never stored by the page cache, Varnish or a CDN.
  headers: () => ({ 'Cache-Control': 'no-store' }),
  head: ({ matches }) => ({
    ...seo({ site: siteOf(matches), title: 'Book en samtale', description: 'Vælg en tid til en gratis, uforpligtende første samtale – i telefonen, på video eller i Fredericia.', path: '/book-samtale', noindex: true }),
  }),
  component: BookingWeekPage,
})

function BookingWeekPage() {
  const { week, untilTheConversationHtml } = Route.useLoaderData()
  const { status } = Route.useSearch()
  return (
    <>
      <PageHero eyebrow="Book en samtale" title="Vælg en tid" intro={`${FREE_FIRST_CONVERSATION} Alle tider er dansk tid.`} />
      <Section>
        <div className="mx-auto max-w-3xl">
          <StatusNotice status={status} />
          {week.open ? (
            <>
              <p className="mb-8 text-lg font-medium text-ink first-letter:uppercase">{`Uge ${Number(week.week.slice(6))}: ${week.label}`}</p>
              <WeekOfTimes days={week.days} />
              <WeekNavigation previousWeek={week.previousWeek} nextWeek={week.nextWeek} firstFree={week.firstFree} />
              {/* The contact form stays one click away for the visitor no time suits. */}
              <p className="mt-10 text-ink-soft">
                Passer ingen af tiderne, eller vil du hellere spørge om noget først?{' '}
                <a href="/kontakt" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                  Skriv til mig
                </a>
              </p>
            </>
          ) : (
            <BookingClosed />
          )}
          <UntilTheConversation html={untilTheConversationHtml} />
        </div>
      </Section>
    </>
  )
}
