import type { PaidBookingStatus } from '~/lib/payments/paid-booking-status'

const texts: Record<PaidBookingStatus, string> = {
  'betaling-afbrudt': 'Du har afbrudt betalingen, så du har ikke betalt noget, og tiden er ikke booket. Den bliver ledig igen, når de 30 minutter, den blev holdt til dig, er gået.',
  'stripe-nede': 'Betalingen kunne ikke startes lige nu, så tiden er ikke booket, og du har ikke betalt noget. Prøv igen om lidt, eller ring eller skriv til mig.',
  vilkaar: 'Sæt kryds ved, at du har læst og accepterer vilkårene, for at booke.',
  'start-tidligt': 'Sessionen ligger inden for fortrydelsesfristen på 14 dage. Sæt kryds ved, at du beder om, at den begynder inden fristen – eller vælg en senere tid.',
  'tjek-email-betaling': 'Tak! Tiden er booket, og du betaler bagefter via et link, jeg sender dig. Tjek din e-mail: bekræftelsen har vilkårene, fortrydelsesformularen og et link til din ordre.',
}

/** The outcome of a paid booking's post, announced to screen readers (the shared ones: StatusNotice). */
export function PaidStatusNotice({ status }: { status: string | undefined }) {
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
