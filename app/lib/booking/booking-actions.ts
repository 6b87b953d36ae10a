import { createServerFn } from '@tanstack/react-start'
import { formDataOnly } from '~/lib/contact-action'

/**
 * The booking pages' server functions: three to read (the loaders) and two that the plain HTML
 * forms post to, answered with a 303 to the page that shows the outcome.
 */

/** The loaders' input: a week, a time or a link, as text of at most 64 characters; anything else is ''. */
export const shortText = (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : '')

/** The texts of a post's outcome, for the page's data (StatusNotice): kept out of the pages' script. */
export const statusTexts = async () => (await import('~/lib/booking/booking-form')).bookingStatusText

export const fetchBookingWeek = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ bookingWeek }, { untilTheConversationHtml }, { bookingWeekHead }, { portraitForPage }] = await Promise.all([
      import('~/server/booking/booking-pages.server'),
      import('~/server/pages/booking-texts.server'),
      import('~/server/pages/page-heads.server'),
      import('~/server/images.server'),
    ])
    // Her face beside the times: the visitor books a conversation with a person.
    return { week: bookingWeek(data), untilTheConversationHtml: untilTheConversationHtml(), head: bookingWeekHead(), portrait: portraitForPage(), statusTexts: await statusTexts() }
  })

export const fetchChosenSlot = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ chosenSlot }, { untilTheConversationHtml }, { chosenSlotHead }] = await Promise.all([import('~/server/booking/booking-pages.server'), import('~/server/pages/booking-texts.server'), import('~/server/pages/page-heads.server')])
    return { slot: chosenSlot(data), untilTheConversationHtml: untilTheConversationHtml(), head: chosenSlotHead(data), statusTexts: await statusTexts() }
  })

export const fetchManagedBooking = createServerFn({ method: 'GET' })
  .validator(shortText)
  .handler(async ({ data }) => {
    const [{ managedBooking }, { manageBookingHead }] = await Promise.all([import('~/server/booking/booking-pages.server'), import('~/server/pages/page-heads.server')])
    const booking = managedBooking(data)
    return booking ? { booking, head: manageBookingHead(), statusTexts: await statusTexts() } : null
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
