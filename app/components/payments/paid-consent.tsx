import type { ReactNode } from 'react'

/**
 * A paid session's part of the booking form: which session, the form's own key (a double click
 * makes one order) and the two checkboxes the law asks for, never ticked in advance: the terms,
 * and, when the session lies within the 14 days' withdrawal period, the express request to start
 * within it, with what that means.
 */
export function PaidConsent({ session, requestKey, withinWithdrawalPeriod, price, paidAtBooking }: { session: string; requestKey: string; withinWithdrawalPeriod: boolean; price: string; paidAtBooking: boolean }) {
  return (
    <fieldset className="mt-6 space-y-3 rounded-2xl border border-sand-200 p-4">
      <legend className="px-1 font-medium text-ink">Betaling og vilkår</legend>
      <input type="hidden" name="session" value={session} />
      <input type="hidden" name="formular" value={requestKey} />
      <p className="text-ink-soft">
        Pris: {price}.{' '}
        {paidAtBooking ? 'Du betaler med kort eller MobilePay på næste side; tiden holdes til dig i 30 minutter imens.' : 'Du betaler bagefter via et link, jeg sender dig.'}
      </p>
      <TermsConsent />
      {withinWithdrawalPeriod && (
        <ExpressStartConsent>
          Jeg beder udtrykkeligt om, at sessionen begynder inden for fortrydelsesfristen på 14 dage. Jeg ved, at min fortrydelsesret ophører, når sessionen er holdt, og at jeg betaler for den del, der er leveret, hvis jeg fortryder, efter at den er begyndt.
        </ExpressStartConsent>
      )}
    </fieldset>
  )
}

/** The first checkbox, for everything paid on the site: the terms, read and accepted. */
export function TermsConsent() {
  return (
    <label className="flex min-h-tap items-start gap-3 text-ink">
      <input type="checkbox" name="vilkaar" value="ja" required className="mt-1 size-5 shrink-0 accent-accent-700" />
      <span>
        Jeg har læst og accepterer{' '}
        <a href="/vilkaar" className="font-medium text-accent-700 underline underline-offset-4">
          vilkårene
        </a>
        .
      </span>
    </label>
  )
}

/** The second: the express request to begin within the withdrawal period, in the words of what is bought. */
export function ExpressStartConsent({ children }: { children: ReactNode }) {
  return (
    <label className="flex min-h-tap items-start gap-3 text-ink">
      <input type="checkbox" name="start-tidligt" value="ja" required className="mt-1 size-5 shrink-0 accent-accent-700" />
      <span>{children}</span>
    </label>
  )
}
