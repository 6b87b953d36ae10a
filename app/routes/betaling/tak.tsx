import { createFileRoute } from '@tanstack/react-router'
import { OrderSummary } from '~/components/payments/order-summary'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { fetchPaymentReturn } from '~/lib/payments/payment-actions'
import { noStore, paidPageHead } from '~/lib/payments/paid-page-head'

/**
 * Where Stripe's checkout returns after a payment. Showing it asks the one fulfilment too (a lost
 * webhook changes nothing); only the order's code travels in the address.
 */
export const Route = createFileRoute('/betaling/tak')({
  validateSearch: (search: Record<string, unknown>): { ordre?: string } => ({ ordre: typeof search.ordre === 'string' && /^[a-z0-9]{8}$/.test(search.ordre) ? search.ordre : undefined }),
  loaderDeps: ({ search }) => ({ ordre: search.ordre }),
  loader: ({ deps }) => fetchPaymentReturn({ data: deps.ordre ?? '' }),
  staleTime: 0,
  headers: noStore,
  head: ({ matches }) => paidPageHead(matches, 'Betaling', '/betaling/tak'),
  component: PaymentReturnPage,
})

function PaymentReturnPage() {
  const result = Route.useLoaderData()
  if (result.state === 'ukendt') {
    return <PageHero eyebrow="Betaling" title="Ordren findes ikke" intro="Tjek linket i din e-mail, eller skriv til mig, så finder vi ud af det." />
  }
  const paid = result.state === 'betalt'
  return (
    <>
      <PageHero
        eyebrow="Betaling"
        title={paid ? 'Tak – din session er booket og betalt' : 'Betalingen er ikke gennemført'}
        intro={
          paid
            ? 'Du får en bekræftelse på e-mail med kvittering, vilkår og fortrydelsesformular. Linket i den fører til din ordre, hvor du også kan fortryde.'
            : 'Du har ikke betalt endnu, og tiden er ikke booket. Du kan gå tilbage til betalingen, så længe tiden holdes til dig (30 minutter); ellers bliver den ledig igen. Er du netop blevet trukket, kommer betalingen med i løbet af et par minutter, og du får en bekræftelse på e-mail.'
        }
      />
      <Section>
        <div className="mx-auto max-w-2xl space-y-6">
          <div id="status" role="status" className="rounded-2xl border border-success-700/30 bg-success-50 p-5 font-medium text-success-700">
            {paid ? 'Betalingen er modtaget.' : 'Betalingen er endnu ikke modtaget.'}
          </div>
          <OrderSummary order={result.order} />
          {!paid && result.order.checkoutUrl && (
            <p>
              <a href={result.order.checkoutUrl} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                Gå tilbage til betalingen
              </a>
            </p>
          )}
        </div>
      </Section>
    </>
  )
}
