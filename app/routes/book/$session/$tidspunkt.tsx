import { createFileRoute, notFound } from '@tanstack/react-router'
import { BookingForm } from '~/components/booking/booking-form'
import { BookingClosed, StatusNotice } from '~/components/booking/status-notice'
import { PaidStatusNotice } from '~/components/payments/paid-status-notice'
import { PageHero } from '~/components/ui/page-hero'
import { noStore } from '~/lib/payments/no-store'
import { headFromPageData } from '~/lib/seo'
import { Section } from '~/components/ui/section'
import { bookingWeekHref } from '~/lib/booking/booking-hrefs'
import { type BookingField, bookingFields, bookingHints } from '~/lib/booking/booking-form'
import { paidSlotSearch } from '~/lib/payments/paid-booking-status'
import { bookSession, fetchSessionSlot } from '~/lib/payments/payment-actions'

/** A paid session's form for one time: the visitor's details, the checkboxes, then Stripe's checkout (no JavaScript here). */
export const Route = createFileRoute('/book/$session/$tidspunkt')({
  validateSearch: paidSlotSearch,
  loader: async ({ params }) => {
    const page = await fetchSessionSlot({ data: `${params.session}|${params.tidspunkt}` })
    if (!page.session) throw notFound()
    return { ...page, session: page.session, bookingAction: bookSession.url }
  },
  staleTime: 0,
  headers: noStore,
  head: headFromPageData,
  component: SessionSlotPage,
})

function SessionSlotPage() {
  const { session, slot, bookingAction, consentHtml, statusTexts, paidStatusTexts } = Route.useLoaderData()
  const { status, felter, betaling } = Route.useSearch()
  const wrong = (felter ?? '').split(',').filter((name): name is BookingField => (bookingFields as readonly string[]).includes(name))
  const errors = Object.fromEntries(wrong.map((name) => [name, bookingHints[name]]))
  const base = `/book/${session.id}`
  return (
    <>
      <PageHero eyebrow={session.name} title={slot.state === 'ledig' ? `Du har valgt ${slot.label}` : 'Tiden kan ikke bookes'} intro={slot.state === 'ledig' ? `Samtalen varer til kl. ${slot.ends} (dansk tid) · ${session.price}` : undefined} />
      <Section>
        <div className="mx-auto max-w-3xl">
          <StatusNotice status={status} texts={statusTexts} />
          <PaidStatusNotice status={betaling} texts={paidStatusTexts} />
          {slot.state === 'lukket' && <BookingClosed />}
          {slot.state === 'ikke-ledig' && (
            <p className="text-lg text-ink-soft">
              Den tid er ikke ledig (længere).{' '}
              <a href={bookingWeekHref(slot.week, base)} className="font-medium text-accent-700 underline underline-offset-4">
                Vælg en anden tid
              </a>
              .
            </p>
          )}
          {slot.state === 'ledig' && (
            <>
              <BookingForm
                action={bookingAction}
                slotKey={slot.key}
                modes={slot.modes}
                errors={errors}
                submitLabel={session.paidAtBooking ? 'Gå til betaling' : 'Book sessionen'}
                // The checkboxes and their words, rendered by the server (paid-consent.server.tsx).
                consent={<div className="contents" dangerouslySetInnerHTML={{ __html: consentHtml }} />}
              />
              <p className="mt-6">
                <a href={bookingWeekHref(slot.week, base)} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                  Vælg en anden tid
                </a>
              </p>
            </>
          )}
        </div>
      </Section>
    </>
  )
}
