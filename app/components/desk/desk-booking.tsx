import { Button } from '~/components/ui/button'
import type { DeskBookingPage } from '~/lib/desk/desk-data'
import { BookingSummary } from './desk-overview'
import { DeskForm, boxClass, fieldClass } from './desk-parts'
import { TimeSelect } from '~/components/booking/time-select'

/** One booking and what the coach can do to it: move, cancel with a reason, mark or undo a no-show. */
export function DeskBooking({ booking, formToken }: { booking: DeskBookingPage; formToken: string }) {
  const back = `/coach/booking/${booking.code}`
  const form = (action: string, children: React.ReactNode) => (
    <DeskForm formToken={formToken} action={action} back={back} className={boxClass}>
      <input type="hidden" name="kode" value={booking.code} />
      {children}
    </DeskForm>
  )
  return (
    <>
      <div className={boxClass}>
        <p className="font-medium">{`${booking.period} (dansk tid) · bookingnummer ${booking.code}`}</p>
        <div className="mt-2">
          <BookingSummary booking={booking} link={false} />
        </div>
        {booking.calendarConflict && (
          <p className="mt-2 font-medium text-danger-700">Du har ændret samtalen i din kalender, efter siden skrev den. Siden har ikke overskrevet din ændring: flyt eller aflys her, så får den besøgende besked, og din kalender følger med.</p>
        )}
        <p className="mt-3">
          <a href={`/coach/person?email=${encodeURIComponent(booking.email)}`} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
            Alt om personen (eksport og sletning)
          </a>
        </p>
      </div>

      {booking.changeable &&
        form(
          'flyt',
          <>
            <h2 className="text-2xl">Flyt samtalen</h2>
            {booking.moveTo.length === 0 ? (
              <p className="mt-2 text-ink-soft">Der er ingen andre ledige tider lige nu.</p>
            ) : (
              <>
                <p className="mt-2 text-ink-soft">Alle ledige tider efter dine regler, også inden for varslet. Den besøgende får en ny invitation.</p>
                <label htmlFor="ny-tid" className="mt-4 block font-medium text-ink">
                  Ny tid (dansk tid)
                </label>
                <TimeSelect days={booking.moveTo} className={`mt-1.5 ${fieldClass}`} />
                <label htmlFor="flyt-besked" className="mt-4 block font-medium text-ink">
                  Besked til den besøgende (valgfri)
                </label>
                <textarea id="flyt-besked" name="besked" rows={3} maxLength={500} className={`mt-1.5 ${fieldClass}`} />
                <Button type="submit" className="mt-4">
                  Flyt
                </Button>
              </>
            )}
          </>,
        )}

      {booking.changeable &&
        form(
          'aflys',
          <>
            <h2 className="text-2xl">Aflys samtalen</h2>
            <label htmlFor="begrundelse" className="mt-4 block font-medium text-ink">
              Begrundelse (står i den besøgendes e-mail)
            </label>
            <textarea id="begrundelse" name="begrundelse" rows={3} maxLength={500} required className={`mt-1.5 ${fieldClass}`} />
            <Button type="submit" variant="destructive" className="mt-4">
              Aflys
            </Button>
          </>,
        )}

      {!!booking.payment?.refundableKroner &&
        form(
          'refunder',
          <>
            <h2 className="text-2xl">Betal tilbage</h2>
            <p className="mt-2 text-ink-soft">Pengene går tilbage til det kort eller den MobilePay, klienten betalte med, og klienten får en e-mail. Stripe beholder sit gebyr.</p>
            <label htmlFor="beloeb" className="mt-4 block font-medium text-ink">
              Beløb i hele kroner (højst {booking.payment.refundableKroner})
            </label>
            <input id="beloeb" name="beloeb" type="number" inputMode="numeric" min={1} max={booking.payment.refundableKroner} defaultValue={booking.payment.refundableKroner} required className={`mt-1.5 ${fieldClass}`} />
            <Button type="submit" variant="outline" className="mt-4">
              Betal tilbage
            </Button>
          </>,
        )}

      {booking.payment?.canSendLink &&
        form(
          'betalingslink',
          <>
            <h2 className="text-2xl">Send betalingslink</h2>
            <p className="mt-2 text-ink-soft">Klienten får et link på e-mail og kan betale med kort eller MobilePay. Linket virker i et døgn.</p>
            <Button type="submit" className="mt-4">
              Send betalingslink
            </Button>
          </>,
        )}

      {booking.begun &&
        !booking.cancelled &&
        form(
          booking.noShow ? 'udeblevet-fortrudt' : 'udeblevet',
          <>
            <h2 className="text-2xl">Udeblev den besøgende?</h2>
            <Button type="submit" variant="outline" className="mt-4">
              {booking.noShow ? 'Fortryd »udeblev«' : 'Markér som udeblevet'}
            </Button>
          </>,
        )}
    </>
  )
}
