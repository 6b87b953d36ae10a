import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { NO_HEALTH_DETAILS, PrivacyNotice } from '~/components/ui/form-privacy'
import { Honeypot } from '~/components/ui/honeypot'
import { type BookingField, type BookingFieldErrors, NAME_PATTERN, PHONE_PATTERN, bookingHints, bookingLimits } from '~/lib/booking/booking-form'
import { cn } from '~/lib/utils'

const inputClass = (error?: string) =>
  cn('mt-1.5 block min-h-tap w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm', error ? 'border-danger-700' : 'border-sand-500 focus:border-accent-600')

/**
 * The booking form: a plain HTML form with the schema's constraints; the server answers with a
 * redirect. `action` is the booking server function's address, given by the route's loader: the
 * server function's reference would bring the server-function client (12.5 kB gzip) into the
 * page's first load, for a form that only posts.
 */
export function BookingForm({
  action,
  slotKey,
  modes,
  errors,
  consent,
  submitLabel = 'Book samtalen',
}: {
  action: string
  slotKey: string
  modes: Array<{ value: string; label: string }>
  errors: BookingFieldErrors
  /** A paid session's own fields (its hidden facts and the checkboxes), before the button. */
  consent?: ReactNode
  submitLabel?: string
}) {
  // A field with a hint under it (FormField's `hint`) is read with it, as its error is.
  const field = (name: BookingField, { hinted = false } = {}) => ({
    id: `booking-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hinted && `booking-${name}-hint`, errors[name] && `booking-${name}-fejl`].filter(Boolean).join(' ') || undefined,
    className: inputClass(errors[name]),
  })
  return (
    <form id="bookingformular" method="post" action={action} aria-labelledby="bookingformular-titel" className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm md:p-8">
      <h2 id="bookingformular-titel" className="text-3xl">
        Dine oplysninger
      </h2>
      <p className="mt-2 text-ink-soft">Felter markeret med * skal udfyldes.</p>
      <input type="hidden" name="tidspunkt" value={slotKey} />
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label="Navn" required error={errors.navn} id="booking-navn">
            <input {...field('navn')} type="text" autoComplete="name" required {...bookingLimits.navn} pattern={NAME_PATTERN} title={bookingHints.navn} />
          </FormField>
        </div>
        <FormField label="E-mail" required error={errors.email} id="booking-email">
          <input {...field('email')} type="email" autoComplete="email" required {...bookingLimits.email} inputMode="email" />
        </FormField>
        <FormField label="Telefon" required error={errors.telefon} id="booking-telefon">
          <input {...field('telefon')} type="tel" autoComplete="tel" required {...bookingLimits.telefon} pattern={PHONE_PATTERN} title={bookingHints.telefon} inputMode="tel" />
        </FormField>
        <fieldset className="sm:col-span-2" aria-describedby={errors.form ? 'booking-form-fejl' : undefined}>
          <legend className="font-medium text-ink">
            Hvordan vil du tale sammen?
            <span className="text-danger-700" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="mt-2 space-y-1">
            {modes.map((mode, index) => (
              <label key={mode.value} className="flex min-h-tap items-center gap-3 text-ink">
                <input type="radio" name="form" value={mode.value} required defaultChecked={index === 0} className="size-5 accent-accent-700" />
                {mode.label}
              </label>
            ))}
          </div>
          {errors.form && (
            <p id="booking-form-fejl" className="mt-1.5 text-sm font-medium text-danger-700">
              {errors.form}
            </p>
          )}
        </fieldset>
        <div className="sm:col-span-2">
          <FormField label="Kort besked" hint={`Valgfrit. Skriv gerne kort, hvad du vil tale om – ${NO_HEALTH_DETAILS}.`} error={errors.besked} id="booking-besked">
            <textarea {...field('besked', { hinted: true })} rows={3} {...bookingLimits.besked} />
          </FormField>
        </div>
      </div>

      <Honeypot />

      {consent}
      <PrivacyNotice />
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto">
        {submitLabel}
      </Button>
    </form>
  )
}
