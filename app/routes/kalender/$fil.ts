import { createFileRoute } from '@tanstack/react-router'

/** The coach's private feed of bookings, `/kalender/<COACH_CALENDAR_SECRET>.ics`; anything else is a 404. */
export const Route = createFileRoute('/kalender/$fil')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const { bookingsFeedResponse } = await import('~/server/calendar/bookings-feed.server')
        return bookingsFeedResponse(params.fil)
      },
    },
  },
})
