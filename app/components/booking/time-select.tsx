/** The free times to move a booking to, grouped by day, none chosen beforehand: on the visitor's manage page and on the coach's desk. */
export function TimeSelect({ days, className }: { days: Array<{ label: string; slots: Array<{ key: string; label: string }> }>; className: string }) {
  return (
    <select id="ny-tid" name="tidspunkt" required defaultValue="" className={className}>
      {/* Nothing chosen until a time is picked: one tap on »Flyt« must not move the booking to the first time. */}
      <option value="" disabled>
        Vælg en tid
      </option>
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
