import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: async () => {
        const { robotsResponse } = await import('~/server/blog/feeds.server')
        return robotsResponse()
      },
    },
  },
})
