import { createFileRoute } from '@tanstack/react-router'

/** The visitor's booking as an .ics file for any calendar app ("Sæt i kalenderen" on the manage page). */
export const Route = createFileRoute('/booking/$token/kalender.ics')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const { visitorCalendarFile } = await import('~/server/booking/visitor-calendar.server')
        return visitorCalendarFile(params.token)
      },
    },
  },
})
