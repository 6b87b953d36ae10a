import { Card } from '~/components/ui/card'
import type { OrderView } from '~/lib/payments/payment-page-data'

/** An order as its client sees it: what, when, how much, and where it stands. */
export function OrderSummary({ order }: { order: OrderView }) {
  const rows: Array<[string, string]> = [
    ['Session', order.sessionName],
    ...(order.period ? ([['Tid', `${order.period} (dansk tid)`]] as Array<[string, string]>) : []),
    ['Pris', order.amount],
    ['Status', order.statusText],
    ...(order.paidAt ? ([['Betalt', order.paidAt]] as Array<[string, string]>) : []),
    ...(order.refunded ? ([['Tilbagebetalt', order.refunded]] as Array<[string, string]>) : []),
    ...(order.withdrawnAt ? ([['Fortrudt', order.withdrawnAt]] as Array<[string, string]>) : []),
    ['Ordrenummer', order.code],
  ]
  return (
    <Card>
      <h2 className="text-2xl">Din ordre</h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {order.documents.length > 0 && (
        <>
          <h3 className="mt-6 text-xl">Kvittering</h3>
          <ul className="mt-2 space-y-1">
            {order.documents.map((document) => (
              <li key={document.href}>
                {/* A document of its own (server-rendered, no script), in a tab of its own: the browser loads it, not the app. */}
                <a href={document.href} target="_blank" rel="noopener" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                  {document.title} (til udskrift, åbner i en ny fane)
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  )
}
