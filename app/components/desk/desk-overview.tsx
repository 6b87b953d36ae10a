import { Button } from '~/components/ui/button'
import type { DeskBooking, DeskOverview as Overview } from '~/lib/desk/desk-data'
import { DeskCardHolders } from './desk-cards'
import { boxClass, fieldClass, linkClass } from './desk-parts'

/** The day at a glance on her phone: bookings by day, the next free times, the messages, a search. */
export function DeskOverview({ overview }: { overview: Overview }) {
  return (
    <>
      {overview.problems.length > 0 && (
        <section aria-labelledby="problemer" className={boxClass}>
          <h2 id="problemer" className="text-2xl">
            Det skal du vide
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {overview.problems.map((problem) => (
              <li key={problem.title}>{`${problem.title} (siden ${problem.since}; du har fået en e-mail om det)`}</li>
            ))}
          </ul>
          <p className="mt-2">
            <a href="/coach/lukket" className={linkClass}>
              Hvorfor er tiden lukket?
            </a>
          </p>
        </section>
      )}
      <form method="get" action="/coach" role="search" className={boxClass}>
        <label htmlFor="soeg" className="block font-medium text-ink">
          Søg efter navn eller e-mail
        </label>
        <div className="mt-1.5 flex gap-3">
          <input id="soeg" name="q" type="search" defaultValue={overview.search?.query ?? ''} maxLength={100} className={fieldClass} />
          <Button type="submit">Søg</Button>
        </div>
        {overview.search && (
          <div className="mt-4">
            <h2 className="text-xl">{`Fundet: ${overview.search.persons.length === 0 ? 'ingen' : overview.search.persons.length}`}</h2>
            <ul className="mt-2 space-y-1">
              {overview.search.persons.map((person) => (
                <li key={person.email}>
                  <a href={`/coach/person?email=${encodeURIComponent(person.email)}`} className={linkClass}>
                    {`${person.name} (${person.email})`}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>

      <DeskCardHolders holders={overview.cardHolders} />

      <section aria-labelledby="bookinger">
        <h2 id="bookinger" className="text-2xl">
          Bookinger
        </h2>
        {overview.days.length === 0 && <p className="mt-2 text-ink-soft">Ingen bookinger den seneste uge eller fremover.</p>}
        {overview.days.map((day) => (
          <div key={day.date} className="mt-4">
            <h3 className="text-lg font-semibold">{day.label}</h3>
            <ul className="mt-2 space-y-3">
              {day.bookings.map((booking) => (
                <li key={booking.code} className={boxClass}>
                  <BookingSummary booking={booking} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="ledige">
        <h2 id="ledige" className="text-2xl">
          Næste ledige tider
        </h2>
        {overview.freeTimes === undefined ? (
          <p className="mt-2 text-ink-soft">Bookingen er lukket lige nu (se vejledningen, »Når noget går galt«).</p>
        ) : overview.freeTimes.length === 0 ? (
          <p className="mt-2 text-ink-soft">Ingen ledige tider inden for bookingvinduet.</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {overview.freeTimes.map((time) => (
              <li key={time}>{time}</li>
            ))}
          </ul>
        )}
        <p className="mt-2">
          <a href="/coach/lukket" className={linkClass}>
            Hvorfor er tiden lukket? De næste to uger, tid for tid
          </a>
        </p>
      </section>

      <section aria-labelledby="beskeder">
        <h2 id="beskeder" className="text-2xl">
          Beskeder
        </h2>
        {overview.messages.length === 0 && <p className="mt-2 text-ink-soft">Ingen beskeder.</p>}
        <ul className="mt-2 space-y-2">
          {overview.messages.map((message) => (
            <li key={message.id}>
              <a href={`/coach/besked/${message.id}`} className={linkClass}>
                {`${message.unread ? 'Ny: ' : ''}${message.name}, ${message.received}`}
              </a>
              <span className="ml-2 text-sm text-ink-soft">{message.handled ? 'håndteret' : message.unread ? 'ulæst' : 'læst'}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

/** One booking as the overview and its own page show it: who, how, and how to reach the visitor. */
export function BookingSummary({ booking, link = true }: { booking: DeskBooking; link?: boolean }) {
  return (
    <>
      <p className="font-semibold">
        {link ? (
          <a href={`/coach/booking/${booking.code}`} className={linkClass}>
            {`${booking.time}: ${booking.name}`}
          </a>
        ) : (
          `${booking.time}: ${booking.name}`
        )}
        {booking.cancelled && <span className="ml-2 text-danger-700">Aflyst</span>}
        {booking.noShow && <span className="ml-2 text-danger-700">Udeblev</span>}
      </p>
      <p className="text-ink-soft">{booking.mode}</p>
      {booking.payment && <p className="font-medium">{booking.payment.line}</p>}
      {booking.payment?.problem && <p className="mt-1 font-medium text-danger-700">{booking.payment.problem}</p>}
      {booking.movedInCalendar && !booking.cancelled && <p className="mt-1 font-medium text-danger-700">{booking.movedInCalendar}</p>}
      <p>
        <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
          {booking.phone}
        </a>
        {' · '}
        <a href={`mailto:${booking.email}`} className={linkClass}>
          {booking.email}
        </a>
      </p>
      {booking.note && <p className="mt-1 whitespace-pre-line">{`Besked: ${booking.note}`}</p>}
    </>
  )
}
