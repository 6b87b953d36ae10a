import * as z from 'zod/mini'
import type { BookingMode } from '~/lib/booking/availability-schema'
import { type BookingFieldErrors, type BookingField, NAME_PATTERN, bookingHints, bookingLimits } from '~/lib/booking/booking-form'
import { contactSchema } from '~/lib/contact-schema'

const namePattern = new RegExp(`^(?:${NAME_PATTERN})$`, 'v')
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/

/** The booking form's fields; e-mail and phone follow exactly the contact form's rules. */
export function bookingSchema(modes: readonly BookingMode[]) {
  return z.object({
    navn: z
      .string('Navnet skal være tekst.')
      .check(
        z.trim(),
        z.minLength(1, 'Skriv dit navn.'),
        z.maxLength(bookingLimits.navn.maxLength, bookingHints.navn),
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
          z.maxLength(bookingLimits.besked.maxLength, bookingHints.besked),
          z.refine((value) => !CONTROL_CHARS.test(value.replace(/\t/g, ' ')), 'Beskeden indeholder ugyldige tegn.'),
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
