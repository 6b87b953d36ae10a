import type { OrderOutcome } from '~/lib/payments/order-outcomes'

const texts: Record<OrderOutcome, { good: boolean; text: string }> = {
  betalt: { good: true, text: 'Tak – din session er booket og betalt. Du får en bekræftelse på e-mail med kvittering, vilkår og fortrydelsesformular; linket i den fører hertil.' },
  'klippekort-betalt': { good: true, text: 'Tak – dit klippekort er betalt. Du får en bekræftelse på e-mail med kvittering, vilkår, fortrydelsesformular og linket til dit klippekort, hvor du booker dine sessioner.' },
  venter: { good: false, text: 'Betalingen er ikke gennemført endnu, og tiden er ikke booket. Er du netop blevet trukket, kommer betalingen med i løbet af et par minutter. Ellers kan du gå tilbage til betalingen, så længe tiden holdes til dig.' },
  fortrudt: { good: true, text: 'Du har fortrudt aftalen. Du får en kvittering på e-mail, og pengene er på vej tilbage.' },
  'allerede-fortrudt': { good: true, text: 'Aftalen er allerede fortrudt eller afsluttet.' },
  'frist-udloebet': { good: false, text: 'Fortrydelsesfristen på 14 dage er udløbet. Vil du aflyse, så brug linket i din bekræftelse, eller skriv til mig.' },
  'sessionen-er-begyndt': { good: false, text: 'Sessionen er begyndt, så aftalen kan ikke fortrydes her. Skriv eller ring til mig.' },
  fejl: { good: false, text: 'Der opstod en fejl, og intet blev ændret. Prøv venligst igen.' },
}

/** The outcome of the withdrawal post, announced to screen readers. */
export function OrderOutcomeNotice({ status }: { status: OrderOutcome }) {
  const { good, text } = texts[status]
  return (
    <div id="status" role={good ? 'status' : 'alert'} className={good ? 'rounded-2xl border border-success-700/30 bg-success-50 p-5 font-medium text-success-700' : 'rounded-2xl border border-danger-700/30 bg-danger-50 p-5 font-medium text-danger-700'}>
      {text}
    </div>
  )
}
