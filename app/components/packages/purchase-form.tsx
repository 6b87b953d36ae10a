import { OutcomeNotice } from '~/components/packages/outcome-notice'
import { ExpressStartConsent, TermsConsent } from '~/components/payments/paid-consent'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { Honeypot } from '~/components/ui/honeypot'
import { NAME_PATTERN, PHONE_PATTERN, bookingHints, bookingLimits } from '~/lib/booking/booking-form'
import type { PackagePurchasePage, PurchaseOutcome } from '~/lib/payments/package-page-data'

const inputClass = 'mt-1.5 block min-h-tap w-full rounded-xl border border-sand-500 bg-white px-4 py-3 text-base text-ink shadow-sm focus:border-accent-600'

/**
 * The klippekort's purchase form: name, e-mail, phone and the two checkboxes the law asks for,
 * never ticked in advance; the button leads to Stripe's checkout. Rendered on the server only
 * (package-html.server.tsx): it posts without JavaScript, so it travels as the page's data.
 */
export function PurchaseForm({ page, action, status, outcomeTexts }: { page: PackagePurchasePage & { card: NonNullable<PackagePurchasePage['card']> }; action: string; status: PurchaseOutcome | undefined; outcomeTexts: Record<PurchaseOutcome, string> }) {
  const { card, open, requestKey } = page
  return (
    <div className="mx-auto max-w-2xl">
    <OutcomeNotice status={status} text={status ? outcomeTexts[status] : undefined} good={false} />
    {card.sample && <p className="mb-6 text-ink-soft">Klippekortet er et eksempel, indtil det rigtige er sat ind.</p>}
    {!open ? (
      <p className="text-lg text-ink-soft">{outcomeTexts.lukket}</p>
    ) : (
      <form method="post" action={action} aria-labelledby="koeb-titel" className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm md:p-8">
        <h2 id="koeb-titel" className="text-3xl">
          Dine oplysninger
        </h2>
        <p className="mt-2 text-ink-soft">Felter markeret med * skal udfyldes. Du booker dine sessioner bagefter fra dit klippekorts side – linket får du på e-mail.</p>
        <input type="hidden" name="handling" value="koeb" />
        <input type="hidden" name="klippekort" value={card.id} />
        <input type="hidden" name="formular" value={requestKey} />
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField label="Navn" required id="koeb-navn">
              <input id="koeb-navn" name="navn" className={inputClass} type="text" autoComplete="name" required {...bookingLimits.navn} pattern={NAME_PATTERN} title={bookingHints.navn} />
            </FormField>
          </div>
          <FormField label="E-mail" required id="koeb-email">
            <input id="koeb-email" name="email" className={inputClass} type="email" autoComplete="email" required {...bookingLimits.email} inputMode="email" />
          </FormField>
          <FormField label="Telefon" required id="koeb-telefon">
            <input id="koeb-telefon" name="telefon" className={inputClass} type="tel" autoComplete="tel" required {...bookingLimits.telefon} pattern={PHONE_PATTERN} title={bookingHints.telefon} inputMode="tel" />
          </FormField>
        </div>
        <fieldset className="mt-6 space-y-3 rounded-2xl border border-sand-200 p-4">
          <legend className="px-1 font-medium text-ink">Betaling og vilkår</legend>
          <p className="text-ink-soft">Pris: {card.price}. Du betaler med kort eller MobilePay på næste side.</p>
          <TermsConsent />
          <ExpressStartConsent>
            Jeg beder udtrykkeligt om at kunne bruge klippekortet med det samme, inden fortrydelsesfristen på 14 dage er udløbet. Jeg ved, at jeg betaler for de sessioner, der er holdt, hvis jeg fortryder.
          </ExpressStartConsent>
        </fieldset>
        <Honeypot />
        <Button type="submit" className="mt-6 w-full sm:w-auto">
          Gå til betaling
        </Button>
      </form>
    )}
    </div>
  )
}
