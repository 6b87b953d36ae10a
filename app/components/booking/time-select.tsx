/** The free times to move a booking to, grouped by day: on the visitor's manage page and on the coach's desk. */
export function TimeSelect({ days, className }: { days: Array<{ label: string; slots: Array<{ key: string; label: string }> }>; className: string }) {
  return (
    <select id="ny-tid" name="tidspunkt" required className={className}>
      {days.map((day) => (
        <optgroup key={day.label} label={day.label}>
          {day.slots.map((slot) => (
            <option key={slot.key} value={slot.key}>
              {slot.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}
