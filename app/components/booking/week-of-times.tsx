import { bookingTimeHref, bookingWeekHref } from '~/lib/booking/booking-hrefs'
import type { DayOfSlots } from '~/lib/booking/page-data'

const linkClass = 'inline-flex min-h-tap items-center rounded-full font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800'

/** One heading per day, each free time a link named by its full date (the visible time is part of the name). */
export function WeekOfTimes({ days, base }: { days: DayOfSlots[]; /** The booking pages' address: /book-samtale, or a paid session's /book/<id>. */ base?: string }) {
  if (days.length === 0) return <p className="text-lg text-ink-soft">Der er ingen ledige tider i denne uge.</p>
  return (
    <div className="space-y-8">
      {days.map((day) => (
        <section key={day.date} id={`dag-${day.date}`} aria-labelledby={`dag-${day.date}-titel`} className="scroll-mt-24">
          <h2 id={`dag-${day.date}-titel`} className="text-2xl first-letter:uppercase">
            <time dateTime={day.date}>{day.label}</time>
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {day.slots.map((slot) => (
              <li key={slot.key}>
                <a
                  href={bookingTimeHref(slot.key, base)}
                  aria-label={slot.label}
                  className="inline-flex min-h-tap min-w-20 items-center justify-center rounded-full border border-accent-700 px-5 font-medium text-accent-700 hover:bg-accent-50"
                >
                  <time dateTime={slot.key}>{slot.time}</time>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

/** "Forrige uge", "Næste uge" and "Første ledige tid". */
export function WeekNavigation({ previousWeek, nextWeek, firstFree, base, className = 'mt-10' }: { previousWeek?: string; nextWeek?: string; firstFree?: { key: string; label: string }; base?: string; className?: string }) {
  return (
    <nav aria-label="Uger" className={`flex flex-wrap gap-x-6 gap-y-2 ${className}`.trimEnd()}>
      {previousWeek && (
        <a href={bookingWeekHref(previousWeek, base)} className={linkClass}>
          Forrige uge
        </a>
      )}
      {nextWeek && (
        <a href={bookingWeekHref(nextWeek, base)} className={linkClass}>
          Næste uge
        </a>
      )}
      {firstFree && (
        <a href={bookingTimeHref(firstFree.key, base)} className={linkClass}>
          Første ledige tid ({firstFree.label})
        </a>
      )}
    </nav>
  )
}
