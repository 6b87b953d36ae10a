import { createFileRoute } from '@tanstack/react-router'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { BookingClosed, StatusNotice } from '~/components/booking/status-notice'
import { UntilTheConversation } from '~/components/booking/until-the-conversation'
import { WeekNavigation, WeekOfTimes } from '~/components/booking/week-of-times'
import { PageHero } from '~/components/ui/page-hero'
import { Portrait } from '~/components/ui/portrait'
import { Section } from '~/components/ui/section'
import { fetchBookingWeek } from '~/lib/booking/booking-actions'
import { weekSearch } from '~/lib/booking/booking-search'
import { useSite } from '~/lib/content/site-data'
import { headFromPageData } from '~/lib/seo'

export const Route = createFileRoute('/book-samtale/')({
  validateSearch: weekSearch,
  loaderDeps: ({ search }) => ({ uge: search.uge }),
  loader: ({ deps }) => fetchBookingWeek({ data: deps.uge ?? '' }),
  // Free times change with every booking: never reuse what an earlier visit loaded.
  staleTime: 0,
  // Free times and one visitor's booking: never stored by the page cache, Varnish or a CDN.
  headers: () => ({ 'Cache-Control': 'no-store' }),
  head: headFromPageData,
  component: BookingWeekPage,
})

function BookingWeekPage() {
  const { week, untilTheConversationHtml, portrait, statusTexts } = Route.useLoaderData()
  const { status } = Route.useSearch()
  const site = useSite()
  return (
    <>
      <PageHero eyebrow="Book en samtale" title="Vælg en tid" intro={`${FREE_FIRST_CONVERSATION} Alle tider er dansk tid.`} />
      <Section>
        <div className="mx-auto max-w-3xl">
          <div className="mb-8 flex items-center gap-4">
            <div className="w-20 shrink-0">
              <Portrait files={portrait} sizes="5rem" />
            </div>
            <p className="text-lg text-ink">{`Du taler med mig, ${site.name}, certificeret coach i ${site.address.city}.`}</p>
          </div>
          <StatusNotice status={status} texts={statusTexts} />
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
