import { createFileRoute, notFound } from '@tanstack/react-router'
import { BookingClosed, StatusNotice } from '~/components/booking/status-notice'
import { WeekNavigation, WeekOfTimes } from '~/components/booking/week-of-times'
import { PaidStatusNotice } from '~/components/payments/paid-status-notice'
import { PageHero } from '~/components/ui/page-hero'
import { noStore } from '~/lib/payments/no-store'
import { headFromPageData } from '~/lib/seo'
import { Section } from '~/components/ui/section'
import { paidWeekSearch } from '~/lib/payments/paid-booking-status'
import { fetchSessionWeek } from '~/lib/payments/payment-actions'

/** A paid session's free times, one week at a time (as /book-samtale, with the session's own length). */
export const Route = createFileRoute('/book/$session/')({
  validateSearch: paidWeekSearch,
  loaderDeps: ({ search }) => ({ uge: search.uge }),
  loader: async ({ params, deps }) => {
    const page = await fetchSessionWeek({ data: `${params.session}|${deps.uge ?? ''}` })
    if (!page.session) throw notFound()
    return { ...page, session: page.session }
  },
  staleTime: 0,
  headers: noStore,
  head: headFromPageData,
  component: SessionWeekPage,
})

function SessionWeekPage() {
  const { session, week, statusTexts, paidStatusTexts } = Route.useLoaderData()
  const { status, betaling } = Route.useSearch()
  const base = `/book/${session.id}`
  return (
    <>
      <PageHero eyebrow="Book en session" title={session.name} intro={`${session.minutes} minutter · ${session.price}${session.paidAtBooking ? ' · betales ved booking' : ' · betales bagefter'}. Alle tider er dansk tid.`} />
      <Section>
        <div className="mx-auto max-w-3xl">
          <StatusNotice status={status} texts={statusTexts} />
          <PaidStatusNotice status={betaling} texts={paidStatusTexts} />
          {week.open ? (
            <>
              <p className="mb-8 text-lg font-medium text-ink first-letter:uppercase">{`Uge ${Number(week.week.slice(6))}: ${week.label}`}</p>
              <WeekOfTimes days={week.days} base={base} />
              <WeekNavigation previousWeek={week.previousWeek} nextWeek={week.nextWeek} firstFree={week.firstFree} base={base} />
              <p className="mt-10 text-ink-soft">
                Læs{' '}
                <a href="/vilkaar" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                  vilkårene for betalte sessioner
                </a>
              </p>
            </>
          ) : (
            <BookingClosed />
          )}
        </div>
      </Section>
    </>
  )
}
