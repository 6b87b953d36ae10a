import { cn } from '~/lib/utils'

/** The outcome of a klippekort form, read from the redirect's status; its text comes with the page's data. */
export function OutcomeNotice({ status, text, good }: { status: string | undefined; text: string | undefined; good: boolean }) {
  if (!status || !text) return null
  return (
    <div
      id="status"
      role={good ? 'status' : 'alert'}
      className={cn('mb-8 rounded-2xl border p-5 font-medium', good ? 'border-success-700/30 bg-success-50 text-success-700' : 'border-danger-700/30 bg-danger-50 text-danger-700')}
    >
      {text}
    </div>
  )
}
