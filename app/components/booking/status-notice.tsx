import type { BookingStatus } from '~/lib/booking/booking-status'
import { cn } from '~/lib/utils'

const good: BookingStatus[] = ['tjek-email', 'flyttet', 'aflyst']

/**
 * The outcome of a form post, read from the redirect's status; announced to screen readers. The
 * texts come with the page's data (`bookingStatusText`, sent by the loader): in the script they
 * would be in the first load of every booking page.
 */
export function StatusNotice({ status, texts }: { status: BookingStatus | undefined; texts: Record<BookingStatus, string> }) {
  if (!status) return null
  const ok = good.includes(status)
  return (
    <div
      id="status"
      role={ok ? 'status' : 'alert'}
      className={cn('mb-8 rounded-2xl border p-5 font-medium', ok ? 'border-success-700/30 bg-success-50 text-success-700' : 'border-danger-700/30 bg-danger-50 text-danger-700')}
    >
      {texts[status]}
      {(status === 'lukket' || status === 'for-sent' || status === 'fejl') && (
        <>
          {' '}
          <a href="/kontakt" className="underline underline-offset-2">
            Gå til kontaktformularen
          </a>
          .
        </>
      )}
    </div>
  )
}

/** Shown instead of times when the availability file closes booking (or cannot be read). */
export function BookingClosed() {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 className="text-3xl">Booking er ikke åben lige nu</h2>
      <p className="mt-4 text-lg text-ink-soft">Du er meget velkommen til at skrive eller ringe til mig, så finder vi en tid sammen.</p>
      <a href="/kontakt" className="mt-6 inline-flex min-h-tap items-center rounded-full bg-accent-700 px-6 font-medium text-white hover:bg-accent-800">
        Gå til kontaktformularen
      </a>
    </div>
  )
}
