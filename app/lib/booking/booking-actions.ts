import { createServerFn } from '@tanstack/react-start'
import { formDataOnly } from '~/lib/contact-action'

/**
 * The booking pages' server functions: three to read (the loaders) and two that the plain HTML
 * forms post to, answered with a 303 to the page that shows the outcome.
 */

/** The loaders' input: a week, a time or a link, as text of at most 64 characters; anything else is ''. */
export const shortText = (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : '')

export const fetchBookingWeek = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ bookingWeek }, { untilTheConversationHtml }, { portraitForPage }] = await Promise.all([
      import('~/server/booking/booking-pages.server'),
      import('~/server/pages/booking-texts.server'),
      import('~/server/images.server'),
    ])
    // Her face beside the times: the visitor books a conversation with a person.
    return { week: bookingWeek(data), untilTheConversationHtml: untilTheConversationHtml(), portrait: portraitForPage() }
  })

export const fetchChosenSlot = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ chosenSlot }, { untilTheConversationHtml }] = await Promise.all([import('~/server/booking/booking-pages.server'), import('~/server/pages/booking-texts.server')])
    return { slot: chosenSlot(data), untilTheConversationHtml: untilTheConversationHtml() }
  })

export const fetchManagedBooking = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const { managedBooking } = await import('~/server/booking/booking-pages.server')
    return managedBooking(data) ?? null
  })

export const bookTime = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleBookingPost } = await import('~/server/booking/booking-endpoint.server')
    return handleBookingPost(data)
  })

export const changeBooking = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleManagePost } = await import('~/server/booking/booking-endpoint.server')
    return handleManagePost(data)
  })
