/**
 * A labelled field with its hint and its error under it, for the contact and booking forms. A
 * module of its own: the booking page uses it without the contact form's code (2.3 kB gzip).
 */
export function FormField({
  label,
  id,
  required,
  hint,
  error,
  children,
}: {
  label: string
  id: string
  required?: boolean
  hint?: string
  error?: string
  children: React.ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
        {required && (
          <span className="text-danger-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {/* Under the field, so the label and field line up with their neighbours in the row. */}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-sand-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-fejl`} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  )
}
