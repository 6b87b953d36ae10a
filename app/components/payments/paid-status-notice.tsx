import type { PaidBookingStatus } from '~/lib/payments/paid-booking-status'


/**
 * The outcome of a paid booking's post, announced to screen readers (the shared ones: StatusNotice).
 * The texts come with the page's data (`paidBookingStatusText`), not in the page's script.
 */
export function PaidStatusNotice({ status, texts }: { status: string | undefined; texts: Record<PaidBookingStatus, string> }) {
  if (!status || !Object.hasOwn(texts, status)) return null
  const good = status === 'tjek-email-betaling'
  return (
    <div
      id="status"
      role={good ? 'status' : 'alert'}
      className={good ? 'mb-8 rounded-2xl border border-success-700/30 bg-success-50 p-5 font-medium text-success-700' : 'mb-8 rounded-2xl border border-danger-700/30 bg-danger-50 p-5 font-medium text-danger-700'}
    >
      {texts[status as PaidBookingStatus]}
    </div>
  )
}
