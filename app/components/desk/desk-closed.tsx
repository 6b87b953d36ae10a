import type { DeskClosedTimes } from '~/lib/desk/desk-data'
import { boxClass } from './desk-parts'

/** »Hvorfor er tiden lukket?«: the next two weeks, each time of her week, free or why not. */
export function DeskClosed({ closed }: { closed: DeskClosedTimes }) {
  return (
    <>
      {closed.closedNow && <p className={`${boxClass} font-medium text-danger-700`}>{closed.closedNow}</p>}
      <p className="text-ink-soft">Sådan ser de næste to uger ud for de besøgende: hver tid i din uge, og hvorfor den ikke kan bookes.</p>
      {closed.days.map((day) => (
        <section key={day.date} aria-label={day.label} className={boxClass}>
          <h2 className="text-lg font-semibold">{`${day.label}: ${day.hours}`}</h2>
          {day.slots.length > 0 && (
            <ul className="mt-2 space-y-1">
              {day.slots.map((slot) => (
                <li key={slot.time}>
                  <span className="font-medium">{slot.time}</span>
                  {` – ${slot.reason ?? 'ledig'}`}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  )
}
