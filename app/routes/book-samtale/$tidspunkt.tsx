import { createFileRoute } from '@tanstack/react-router'
import { bookingWeekHref } from '~/lib/booking/booking-hrefs'
import { BookingForm } from '~/components/booking/booking-form'
import { BookingClosed, StatusNotice } from '~/components/booking/status-notice'
import { UntilTheConversation } from '~/components/booking/until-the-conversation'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { bookTime, fetchChosenSlot } from '~/lib/booking/booking-actions'
import { type BookingField, bookingFields, bookingHints } from '~/lib/booking/booking-form'
import { slotSearch } from '~/lib/booking/booking-search'
import { headFromPageData } from '~/lib/seo'

export const Route = createFileRoute('/book-samtale/$tidspunkt')({
  validateSearch: slotSearch,
  // The form's address comes with the page's data: the loader has a chunk of its own, which the
  // browser loads only on a navigation inside the app, so the page's script refers to no server function.
  loader: async ({ params }) => ({ ...(await fetchChosenSlot({ data: params.tidspunkt })), bookingAction: bookTime.url }),
  staleTime: 0,
  // Free times and one visitor's booking: never stored by the page cache, Varnish or a CDN.
  headers: () => ({ 'Cache-Control': 'no-store' }),
  head: headFromPageData,
  component: ChosenSlotPage,
})

function ChosenSlotPage() {
  const { slot, bookingAction, untilTheConversationHtml, statusTexts } = Route.useLoaderData()
  const { status, felter } = Route.useSearch()
  const wrong = (felter ?? '').split(',').filter((name): name is BookingField => (bookingFields as readonly string[]).includes(name))
  const errors = Object.fromEntries(wrong.map((name) => [name, bookingHints[name]]))
  return (
    <>
      <PageHero eyebrow="Book en samtale" title={slot.state === 'ledig' ? `Du har valgt ${slot.label}` : 'Tiden kan ikke bookes'} intro={slot.state === 'ledig' ? `Samtalen varer til kl. ${slot.ends} (dansk tid) og er gratis og uforpligtende.` : undefined} />
      <Section>
        <div className="mx-auto max-w-3xl">
          <StatusNotice status={status} texts={statusTexts} />
          {slot.state === 'lukket' && <BookingClosed />}
          {slot.state === 'ikke-ledig' && (
            <p className="text-lg text-ink-soft">
              Den tid er ikke ledig (længere).{' '}
              <a href={bookingWeekHref(slot.week)} className="font-medium text-accent-700 underline underline-offset-4">
                Vælg en anden tid
              </a>
              .
            </p>
          )}
          {slot.state === 'ledig' && (
            <>
              <BookingForm action={bookingAction} slotKey={slot.key} modes={slot.modes} errors={errors} />
              <p className="mt-6">
                <a href={bookingWeekHref(slot.week)} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                  Vælg en anden tid
                </a>
              </p>
            </>
          )}
          <UntilTheConversation html={untilTheConversationHtml} />
        </div>
      </Section>
    </>
  )
}
