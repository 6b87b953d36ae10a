import { createServerFn } from '@tanstack/react-start'

/**
 * The booking pages' server functions: three to read (the loaders) and two that the plain HTML
 * forms post to, answered with a 303 to the page that shows the outcome.
 */

const shortText = (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : '')

const formData = (data: unknown) => {
  if (!(data instanceof FormData)) {
    throw new Response('Formularen skal sendes som formulardata.', { status: 415, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  return data
}

export const fetchBookingWeek = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const { bookingWeek } = await import('~/server/booking/booking-pages.server')
    return bookingWeek(data || undefined)
  })

export const fetchChosenSlot = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const { chosenSlot } = await import('~/server/booking/booking-pages.server')
    return chosenSlot(data)
  })

export const fetchManagedBooking = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const { managedBooking } = await import('~/server/booking/booking-pages.server')
    return managedBooking(data) ?? null
  })

export const bookTime = createServerFn({ method: 'POST' })
  .validator(formData)
  .handler(async ({ data }) => {
    const { handleBookingPost } = await import('~/server/booking/booking-endpoint.server')
    return handleBookingPost(data)
  })

export const changeBooking = createServerFn({ method: 'POST' })
  .validator(formData)
  .handler(async ({ data }) => {
    const { handleManagePost } = await import('~/server/booking/booking-endpoint.server')
    return handleManagePost(data)
  })
