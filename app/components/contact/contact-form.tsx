import { useEffect, useRef, useState } from 'react'
import { useSite } from '~/lib/content/site-data'
import { Button } from '~/components/ui/button'
import { FormField } from '~/components/ui/form-field'
import { NO_HEALTH_DETAILS, PrivacyNotice } from '~/components/ui/form-privacy'
import { Honeypot } from '~/components/ui/honeypot'
import {
  type ContactDraft,
  type ContactField,
  type ContactResult,
  type FieldErrors,
  contactStatusText,
  isReceived,
  serviceTypeLabels,
} from '~/lib/contact'
import { NAME_PATTERN, PHONE_PATTERN, contactLimits, fieldHints } from '~/lib/field-rules'
import { cn } from '~/lib/utils'

type Phase = 'idle' | 'submitting'

/**
 * What sending takes (the schema's checks and the server-function client, more than the rest of
 * the page's own script) loads when the visitor first reaches for the form, not with the page.
 */
const loadSending = () => Promise.all([import('~/lib/contact-schema'), import('~/lib/contact-action')])

/** `action` is where the form posts without JavaScript (the contact page itself). */
export function ContactForm({
  action,
  initialResult,
  initialValues = {},
  className,
}: {
  action: string
  initialResult?: ContactResult
  /** What the visitor typed, when a plain post was refused and the page rendered again. */
  initialValues?: ContactDraft['values']
  className?: string
}) {
  const site = useSite()
  const [phase, setPhase] = useState<Phase>('idle')
  const [result, setResult] = useState<ContactResult | undefined>(initialResult)
  const errors: FieldErrors = result?.fieldErrors ?? {}
  const statusRef = useRef<HTMLParagraphElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  // Without JavaScript the browser checks the HTML constraints; with it, the schema's own Danish
  // messages appear next to each field instead of the browser's bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true
  }, [])
  // A result that arrives after sending is brought into view and focused, so a phone user sees
  // it and a screen reader reads it; field errors move focus to the first wrong field instead.
  const [announce, setAnnounce] = useState(0)
  useEffect(() => {
    if (announce === 0 || !statusRef.current) return
    statusRef.current.scrollIntoView({ block: 'center', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
    if (!result?.fieldErrors) statusRef.current.focus({ preventScroll: true })
  }, [announce])

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    let sending: Awaited<ReturnType<typeof loadSending>>
    try {
      sending = await loadSending()
    } catch {
      return form.submit() // the script could not load: the form posts as it does without JavaScript
    }
    const [{ contactSchemaFor, validateContact }, { sendContactMessage }] = sending
    const data = new FormData(form)
    const check = validateContact(Object.fromEntries(data), contactSchemaFor(site))
    if (!check.success) {
      setResult({ status: 'ugyldig', fieldErrors: check.fieldErrors })
      focusFirstInvalid(form, check.fieldErrors)
      return
    }
    setPhase('submitting')
    setResult(undefined)
    try {
      const answer = await sendContactMessage({ data })
      const next: ContactResult = answer instanceof Response || !answer?.status ? { status: 'fejl' } : answer
      setResult(next)
      if (isReceived(next.status)) form.reset()
      if (next.fieldErrors) focusFirstInvalid(form, next.fieldErrors)
    } catch {
      setResult({ status: 'fejl' })
    } finally {
      setPhase('idle')
      setAnnounce((count) => count + 1)
    }
  }

  const field = (name: ContactField, { hint }: { hint?: boolean } = {}) => ({
    id: `kontakt-${name}`,
    name,
    defaultValue: initialValues[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hint && `kontakt-${name}-hint`, errors[name] && `kontakt-${name}-fejl`].filter(Boolean).join(' ') || undefined,
    // One height for every one-line field, the select included (its native box is shorter).
    className: cn(
      'mt-1.5 block w-full rounded-xl border bg-white px-4 text-base text-ink shadow-sm',
      name === 'message' ? 'py-3' : 'h-tap',
      errors[name] ? 'border-danger-700' : 'border-sand-500 focus:border-accent-600',
    ),
  })

  return (
    <form
      ref={formRef}
      id="kontaktformular"
      method="post"
      action={action}
      onSubmit={onSubmit}
      onFocus={() => void loadSending().catch(() => {})}
      aria-labelledby="kontaktformular-titel"
      className={cn('scroll-mt-(--nav-height) rounded-3xl border border-sand-200 bg-white p-6 shadow-sm md:p-8', className)}
    >
      <h2 id="kontaktformular-titel" className="text-3xl">
        Send mig en besked
      </h2>
      <p className="mt-2 text-ink-soft">Jeg svarer inden for én hverdag. Felter markeret med * skal udfyldes.</p>

      <div aria-live="polite" aria-atomic="true">
        {result && (
          <p
            ref={statusRef}
            tabIndex={-1}
            className={cn(
              'mt-6 scroll-mt-(--nav-height) rounded-xl border px-4 py-3 font-medium outline-none',
              isReceived(result.status)
                ? 'border-success-700/30 bg-success-50 text-success-700'
                : 'border-danger-700/30 bg-danger-50 text-danger-700',
            )}
          >
            {contactStatusText[result.status]}
            {result.status === 'for-mange' && (
              <>
                {' '}
                <a href={site.phone.href} className="underline">
                  {site.phone.display}
                </a>
                .
              </>
            )}
          </p>
        )}
      </div>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormField label="Fornavn" required error={errors.firstName} id="kontakt-firstName">
          <input {...field('firstName')} type="text" autoComplete="given-name" required {...contactLimits.firstName} pattern={NAME_PATTERN} title={fieldHints.firstName} />
        </FormField>
        <FormField label="Efternavn" required error={errors.lastName} id="kontakt-lastName">
          <input {...field('lastName')} type="text" autoComplete="family-name" required {...contactLimits.lastName} pattern={NAME_PATTERN} title={fieldHints.lastName} />
        </FormField>
        <FormField label="E-mail" required error={errors.email} id="kontakt-email">
          <input {...field('email')} type="email" autoComplete="email" required {...contactLimits.email} inputMode="email" />
        </FormField>
        <FormField label="Telefon" required={site.contactPhoneRequired} hint={site.contactPhoneRequired ? undefined : 'Valgfrit – hvis du hellere vil ringes op'} error={errors.phone} id="kontakt-phone">
          <input {...field('phone', { hint: !site.contactPhoneRequired })} type="tel" autoComplete="tel" required={site.contactPhoneRequired} {...contactLimits.phone} pattern={PHONE_PATTERN} title={fieldHints.phone} inputMode="tel" />
        </FormField>
        <FormField label="Type ydelse" error={errors.serviceType} id="kontakt-serviceType">
          <select {...field('serviceType')}>
            <option value="">Vælg ydelse (valgfrit)</option>
            {Object.entries(serviceTypeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Adresse" hint="Valgfrit – fx til en faktura" error={errors.address} id="kontakt-address">
          <input {...field('address', { hint: true })} type="text" autoComplete="address-line1" {...contactLimits.address} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Besked" required hint={`Skriv kort, hvad du gerne vil tale om – ${NO_HEALTH_DETAILS}.`} error={errors.message} id="kontakt-message">
            <textarea {...field('message', { hint: true })} rows={6} required {...contactLimits.message} />
          </FormField>
        </div>
      </div>

      <Honeypot />

      <PrivacyNotice />

      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={phase === 'submitting'}>
        {phase === 'submitting' ? 'Sender besked...' : 'Send besked'}
      </Button>
    </form>
  )
}

function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors)[0]
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
}
