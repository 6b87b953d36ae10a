import { TimeSelect } from '~/components/booking/time-select'
import { WeekNavigation } from '~/components/booking/week-of-times'
import { OutcomeNotice } from '~/components/packages/outcome-notice'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { CardOutcome, CardPage } from '~/lib/payments/package-page-data'

const linkClass = 'inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4'
const statusLabel = { kommende: 'Kommende', holdt: 'Holdt', aflyst: 'Aflyst' } as const

/**
 * A klippekort's page below its heading: what is left and until when, one form that books the
 * next session at a free time without paying again, and the sessions booked with it. Rendered on
 * the server only (package-html.server.tsx): it works without JavaScript, so it travels as data.
 */
export function CardBody({ page, token, action, status, outcomeTexts }: { page: CardPage; token: string; action: string; status: CardOutcome | undefined; outcomeTexts: Record<CardOutcome, string> }) {
  const base = `/klippekort/${token}`
  return (
    <div className="mx-auto max-w-2xl space-y-8">
    <OutcomeNotice status={status} text={status ? outcomeTexts[status] : undefined} good={status === 'booket'} />
    <Card>
      <h2 className="text-2xl">Tilbage på kortet</h2>
      <p className="mt-3 text-4xl font-semibold text-ink" data-testid="klip-tilbage">
        {page.remaining} af {page.total} klip
      </p>
      <p className="mt-2 text-ink-soft">Gyldigt til og med {page.validThrough}. En session skal begynde, før kortet udløber.</p>
    </Card>

    <section aria-labelledby="book-titel">
      <h2 id="book-titel" className="text-2xl">
        Book din næste session
      </h2>
      {page.closed ? (
        <p className="mt-3 text-ink-soft">{page.closed}</p>
      ) : !page.week.open ? (
        <p className="mt-3 text-ink-soft">Der kan ikke bookes tider på siden lige nu. Skriv eller ring til mig.</p>
      ) : (
        <form method="post" action={action} className="mt-4 space-y-5 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="handling" value="book" />
          <input type="hidden" name="link" value={token} />
          <p className="font-medium text-ink first-letter:uppercase">{`Uge ${Number(page.week.week.slice(6))}: ${page.week.label}`} (dansk tid)</p>
          {page.week.days.length === 0 ? (
            <p className="text-ink-soft">Der er ingen ledige tider i denne uge.</p>
          ) : (
            <>
              <div>
                <label htmlFor="ny-tid" className="block font-medium text-ink">
                  Vælg en tid
                </label>
                <TimeSelect days={page.week.days} className="mt-1.5 block min-h-tap w-full rounded-xl border border-sand-500 bg-white px-4 py-3 text-base text-ink" />
              </div>
              <fieldset>
                <legend className="font-medium text-ink">Hvordan vil du tale sammen?</legend>
                <div className="mt-2 space-y-1">
                  {page.modes.map((mode, index) => (
                    <label key={mode.value} className="flex min-h-tap items-center gap-3 text-ink">
                      <input type="radio" name="form" value={mode.value} required defaultChecked={index === 0} className="size-5 accent-accent-700" />
                      {mode.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit">Book sessionen (1 klip)</Button>
            </>
          )}
          <WeekNavigation previousWeek={page.week.previousWeek} nextWeek={page.week.nextWeek} base={base} className="" />
        </form>
      )}
    </section>

    <section aria-labelledby="sessioner-titel">
      <h2 id="sessioner-titel" className="text-2xl">
        Dine sessioner
      </h2>
      {page.sessions.length === 0 ? (
        <p className="mt-3 text-ink-soft">Du har ikke booket nogen sessioner endnu.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {page.sessions.map((session) => (
            <li key={session.code} className="rounded-2xl border border-sand-200 p-4">
              <p className="font-medium text-ink first-letter:uppercase">{session.period}</p>
              <p className="text-ink-soft">{statusLabel[session.status]}</p>
              {session.managePath && (
                <a href={session.managePath} className={linkClass}>
                  Flyt eller aflys<span className="sr-only"> sessionen {session.period}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>

    <p className="flex flex-wrap gap-x-6">
      <a href={page.orderPath} className={linkClass}>
        Din ordre og kvittering (her kan du også fortryde)
      </a>
      <a href="/vilkaar" className={linkClass}>
        Vilkår
      </a>
    </p>
    </div>
  )
}
