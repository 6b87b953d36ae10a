import * as z from 'zod/mini'
import type { BookingMode } from '~/lib/booking/availability-schema'
import { type BookingFieldErrors, type BookingField, NAME_PATTERN, bookingHints, bookingLimits } from '~/lib/booking/booking-form'
import { CONTROL_CHARS, INVISIBLE_CHARS, atMost, contactSchema, invisibleMessage } from '~/lib/contact-schema'

const namePattern = new RegExp(`^(?:${NAME_PATTERN})$`, 'v')

/** The booking form's fields; e-mail and phone follow exactly the contact form's rules. */
export function bookingSchema(modes: readonly BookingMode[]) {
  return z.object({
    navn: z
      .string('Navnet skal være tekst.')
      .check(
        z.trim(),
        z.minLength(1, 'Skriv dit navn.'),
        atMost(bookingLimits.navn.maxLength, bookingHints.navn),
        z.refine((value) => namePattern.test(value), bookingHints.navn),
      ),
    email: contactSchema.shape.email,
    telefon: contactSchema.shape.phone,
    form: z.enum(modes as [BookingMode, ...BookingMode[]], bookingHints.form),
    besked: z._default(
      z
        .string('Beskeden skal være tekst.')
        .check(
          z.trim(),
          atMost(bookingLimits.besked.maxLength, bookingHints.besked),
          z.refine((value) => !CONTROL_CHARS.test(value), 'Beskeden indeholder ugyldige tegn.'),
          z.refine((value) => !INVISIBLE_CHARS.test(value), invisibleMessage('Beskeden')),
        ),
      '',
    ),
  })
}

export type BookingDetails = z.output<ReturnType<typeof bookingSchema>>

export function validateBooking(values: Record<string, unknown>, modes: readonly BookingMode[]) {
  const result = bookingSchema(modes).safeParse(values)
  if (result.success) return { success: true as const, data: result.data }
  const fieldErrors: BookingFieldErrors = {}
  for (const issue of result.error.issues) fieldErrors[issue.path[0] as BookingField] ??= issue.message
  return { success: false as const, fieldErrors }
}
