import { createFileRoute, notFound } from '@tanstack/react-router'
import { OrderOutcomeNotice } from '~/components/payments/order-outcome'
import { OrderSummary } from '~/components/payments/order-summary'
import { type OrderOutcome, orderOutcomes } from '~/lib/payments/order-outcomes'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { PageHero } from '~/components/ui/page-hero'
import { headFromPageData } from '~/lib/seo'
import { Section } from '~/components/ui/section'
import { actOnOrder, fetchOrderPage } from '~/lib/payments/payment-actions'


/**
 * An order's page, from the link in every e-mail about it (a secret token, like the manage link):
 * its state, and the withdrawal function of forbrugeraftaleloven § 20 a – a first button »Fortryd
 * aftalen«, then a confirmation step; only the second POST withdraws. Opening it changes nothing.
 */
export const Route = createFileRoute('/ordre/$token')({
  // Only the outcomes' names here (this part is in every page's script); their texts are the component's.
  validateSearch: (search: Record<string, unknown>): { trin?: 'bekraeft'; status?: OrderOutcome } => ({
    trin: search.trin === 'bekraeft' ? 'bekraeft' : undefined,
    status: (orderOutcomes as readonly unknown[]).includes(search.status) ? (search.status as OrderOutcome) : undefined,
  }),
  loader: async ({ params }) => {
    const order = await fetchOrderPage({ data: params.token })
    if (!order) throw notFound()
    return { order, action: actOnOrder.url, head: order.head }
  },
  staleTime: 0,
  headers: () => ({ 'Cache-Control': 'no-store', 'Cross-Origin-Opener-Policy': 'same-origin' }),
  // The token must not travel in a canonical link or anywhere else.
  head: headFromPageData,
  component: OrderPage,
})

function OrderPage() {
  const { order, action } = Route.useLoaderData()
  const { token } = Route.useParams()
  const { trin, status } = Route.useSearch()
  return (
    <>
      <PageHero eyebrow="Din ordre" title={order.sessionName} />
      <Section>
        <div className="mx-auto max-w-2xl space-y-8">
          {status && <OrderOutcomeNotice status={status} />}
          <OrderSummary order={order} />
          {order.cardPath && (
            <p>
              <a href={order.cardPath} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                Gå til dit klippekort og book en session
              </a>
            </p>
          )}
          {order.checkoutUrl && (
            <p>
              <a href={order.checkoutUrl} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                Gå tilbage til betalingen
              </a>
            </p>
          )}
          <Card>
            <h2 id="fortryd" className="text-2xl">
              Fortryd aftalen
            </h2>
            {!order.withdrawal.possible ? (
              <p className="mt-3 text-ink-soft">{order.withdrawal.reason}</p>
            ) : trin === 'bekraeft' ? (
              <form method="post" action={action} className="mt-3 space-y-4">
                <input type="hidden" name="link" value={token} />
                <input type="hidden" name="handling" value="bekraeft-fortrydelse" />
                <p className="text-ink">Vil du fortryde aftalen om {order.sessionName}{order.period ? `, ${order.period}` : ''}? {order.withdrawalEffect}</p>
                <div className="flex flex-wrap gap-4">
                  <Button type="submit">Bekræft, at du fortryder</Button>
                  <a href={`/ordre/${token}`} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                    Nej, behold aftalen
                  </a>
                </div>
              </form>
            ) : (
              <form method="post" action={action} className="mt-3 space-y-4">
                <input type="hidden" name="link" value={token} />
                <input type="hidden" name="handling" value="fortryd" />
                <p className="text-ink-soft">Du kan fortryde aftalen til og med {order.withdrawal.until}{order.cardPath ? '' : ', så længe sessionen ikke er begyndt'}. Du får en kvittering på e-mail.</p>
                <Button type="submit" variant="outline">
                  Fortryd aftalen
                </Button>
              </form>
            )}
          </Card>
          <p>
            <a href="/vilkaar" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
              Vilkår for betalte sessioner
            </a>
          </p>
        </div>
      </Section>
    </>
  )
}
