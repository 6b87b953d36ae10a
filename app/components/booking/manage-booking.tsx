import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import type { ManagedBooking } from '~/lib/booking/page-data'
import { TimeSelect } from '~/components/booking/time-select'

/**
 * The booking behind a manage link, with the two buttons; only these POSTs change anything. `action`
 * is the change server function's address, given by the route's loader (see BookingForm's).
 */
export function ManageBooking({ action, booking, token }: { action: string; booking: ManagedBooking; token: string }) {
  const cancelled = booking.status === 'aflyst'
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <Card>
        <h2 className="text-2xl">{cancelled ? 'Aflyst samtale' : 'Din samtale'}</h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-ink">Tid</dt>
          <dd className={cancelled ? 'text-ink-soft line-through' : 'text-ink'}>{booking.period} (dansk tid)</dd>
          <dt className="font-medium text-ink">Form</dt>
          <dd className="text-ink">{booking.mode}</dd>
          <dt className="font-medium text-ink">Navn</dt>
          <dd className="text-ink">{booking.name}</dd>
          <dt className="font-medium text-ink">Bookingnummer</dt>
          <dd className="text-ink">{booking.code}</dd>
        </dl>
      </Card>

      {booking.addToCalendar && (
        <Card>
          <h2 className="text-2xl">Sæt samtalen i din kalender</h2>
          <ul className="mt-3 flex flex-wrap gap-x-6">
            {[
              ['Google Kalender', booking.addToCalendar.google],
              ['Outlook.com (privat konto)', booking.addToCalendar.outlook],
              ['Outlook (arbejds- eller skolekonto)', booking.addToCalendar.outlookWork],
              ['Apple Kalender og andre (.ics)', `/booking/${token}/kalender.ics`],
            ].map(([label, href]) => (
              <li key={label}>
                <a href={href} rel="noopener noreferrer" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
                  {label}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-ink-soft">Takker du nej til kalenderinvitationen i din e-mail, aflyses samtalen ikke. Vil du flytte eller aflyse, så gør det her på siden.</p>
        </Card>
      )}

      {cancelled ? (
        <p className="text-lg text-ink-soft">Samtalen er aflyst. Du er velkommen til at booke en ny tid.</p>
      ) : booking.changeable ? (
        <>
          <form method="post" action={action} className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
            <h2 className="text-2xl">Flyt samtalen</h2>
            <input type="hidden" name="link" value={token} />
            <input type="hidden" name="handling" value="flyt" />
            {booking.moveTo.length === 0 ? (
              <p className="mt-3 text-ink-soft">Der er ingen andre ledige tider lige nu. Ring eller skriv, så finder vi en tid.</p>
            ) : (
              <>
                <label htmlFor="ny-tid" className="mt-4 block font-medium text-ink">
                  Ny tid (dansk tid)
                </label>
                <TimeSelect days={booking.moveTo} className="mt-1.5 block min-h-tap w-full rounded-xl border border-sand-500 bg-white px-4 py-2 text-base text-ink" />
                <Button type="submit" className="mt-4">
                  Flyt
                </Button>
              </>
            )}
          </form>
          <form method="post" action={action} className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
            <h2 className="text-2xl">Aflys samtalen</h2>
            <p className="mt-2 text-ink-soft">Tiden bliver frigivet, og du får en bekræftelse på e-mail.</p>
            {booking.refundNote && <p className="mt-2 font-medium text-ink">{booking.refundNote}</p>}
            <input type="hidden" name="link" value={token} />
            <input type="hidden" name="handling" value="aflys" />
            <Button type="submit" variant="destructive" className="mt-4">
              Aflys
            </Button>
          </form>
          <p className="text-sm text-ink-soft">{`Du kan flytte eller aflyse her indtil ${booking.cutoff} før samtalen.`}</p>
        </>
      ) : (
        <p className="text-lg text-ink-soft">Samtalen kan ikke længere ændres her. Ring eller skriv til mig, hvis der er noget.</p>
      )}
    </div>
  )
}
